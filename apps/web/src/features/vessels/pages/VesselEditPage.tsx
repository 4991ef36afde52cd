import type { TVessel } from '@atoll/domain/inventory/vessels';
import { hasScope } from '@atoll/domain/scopes';
import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { PageLoader } from '../../../app/Guarded.tsx';
import { apiErrorText, showError, showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import {
  BackLink,
  RecordActions,
  RecordFailure,
  RecordHeader,
  recordId,
  useBackPath,
} from '../../../components/DetailPage.tsx';
import { routePath } from '../../../components/routePath.ts';
import { useDeleteVessel, useVessel } from '../api.ts';
import { VesselCabinsCard } from '../components/VesselCabinsCard.tsx';
import { VesselForm } from '../components/VesselForm.tsx';

/** /vessel/create and /vessel/:id: basics, technical data, texts and images, and the vessel's cabins. */
export default function VesselEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const isCreate = params.id === undefined;
  const id = isCreate ? null : recordId(params.id);
  const vessel = useVessel(id);
  const remove = useDeleteVessel();
  const [confirming, setConfirming] = useState(false);
  const back = useBackPath(routePath('vessels'));
  const backLink = <BackLink to={back} label={t('vessels.edit.backToList')} />;

  const onSaved = (saved: TVessel) => {
    showSuccess(t(isCreate ? 'common.created' : 'common.saved'));
    if (isCreate)
      void navigate(routePath('vesselEdit', { id: saved.id }), { replace: true, state: { back } });
  };
  const onDelete = (target: TVessel) =>
    remove.mutate(target.id, {
      onSuccess: () => {
        setConfirming(false);
        showSuccess(t('common.deleted'));
        void navigate(back);
      },
      onError: (error) => {
        setConfirming(false);
        showError(deleteErrorText(error, t));
      },
    });

  if (!isCreate && id === null) return <RecordFailure back={backLink} error={null} />;
  if (!isCreate && vessel.isPending) return <PageLoader />;
  if (!isCreate && vessel.error) return <RecordFailure back={backLink} error={vessel.error} />;
  const current = isCreate ? undefined : vessel.data;

  return (
    <Stack gap="md" maw={1100}>
      {backLink}
      <RecordHeader title={current ? current.name : t('vessels.edit.createTitle')} />
      {current && (
        <RecordActions
          onDelete={hasScope(scopes, ['vessel.delete']) ? () => setConfirming(true) : undefined}
        />
      )}
      <VesselForm
        key={current?.id ?? 'new'}
        {...(current ? { vessel: current } : {})}
        onSaved={onSaved}
        extraActions={
          <Button variant="default" component={Link} to={back}>
            {t('common.cancel')}
          </Button>
        }
      />
      {current && <VesselCabinsCard vesselId={current.id} />}
      {current && (
        <ConfirmModal
          opened={confirming}
          title={t('common.deleteTitle')}
          text={t('common.deleteText', { name: current.name })}
          confirmLabel={t('common.delete')}
          busy={remove.isPending}
          onConfirm={() => onDelete(current)}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}

/** A refused delete names what still uses the vessel (IN_USE details carry the counts). */
function deleteErrorText(error: unknown, t: (key: string, values?: Record<string, unknown>) => string) {
  if (!(error instanceof ApiError)) return String(error);
  if (error.code !== 'IN_USE' || !error.details?.length) return apiErrorText(error);
  const parts = error.details.map((d) => t(`vessels.edit.inUse.${d.path}`, { count: Number(d.message) }));
  return t('vessels.edit.inUseText', { what: parts.join(', ') });
}
