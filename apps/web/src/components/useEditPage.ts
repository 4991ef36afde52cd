import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { showError, showSuccess } from '../app/messages.ts';
import { recordId, useBackPath } from './DetailPage.tsx';
import { routePath } from './routePath.ts';
import { useCopiedRecord } from './useCopiedRecord.ts';

type TDeleteMutation = {
  mutate: (id: number, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
};

type TEditPageOptions = {
  /** The list route: where "back" leads without `location.state.back`. */
  list: string;
  /** The edit route a created record moves to. */
  edit: string;
  /** The feature's delete mutation. */
  remove: TDeleteMutation;
  /** The message of a refused delete; features name what still uses the record differently. */
  deleteErrorText: (error: unknown) => string;
};

/**
 * The create/edit pages (`/x/create`, `/x/:id`) behave alike so users meet the same messages and the same
 * way back everywhere: a created record moves to its edit route in place (Back skips the empty form) and
 * keeps the list it came from; a deleted one returns to that list.
 */
export function useEditPage({ list, edit, remove, deleteErrorText }: TEditPageOptions) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const isCreate = params.id === undefined;
  const id = isCreate ? null : recordId(params.id);
  const [confirming, setConfirming] = useState(false);
  const back = useBackPath(routePath(list));
  const onCopied = useCopiedRecord(edit, back);

  const onSaved = (saved: { id: number }) => {
    showSuccess(t(isCreate ? 'common.created' : 'common.saved'));
    if (isCreate) void navigate(routePath(edit, { id: saved.id }), { replace: true, state: { back } });
  };
  const onDelete = (target: { id: number }) =>
    remove.mutate(target.id, {
      onSuccess: () => {
        setConfirming(false);
        showSuccess(t('common.deleted'));
        void navigate(back);
      },
      onError: (error) => {
        setConfirming(false);
        showError(deleteErrorText(error));
      },
    });

  return { isCreate, id, back, confirming, setConfirming, onSaved, onDelete, onCopied };
}
