import type { TResort } from '@atoll/domain/inventory/resorts';
import { hasScope } from '@atoll/domain/scopes';
import { Button, Stack } from '@mantine/core';
import { IconCalendarStats } from '@tabler/icons-react';
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
import { SectionCard } from '../../../components/SectionCard.tsx';
import { ResortAvailability } from '../../availability/components/ResortAvailability.tsx';
import { useDeleteResort, useResort } from '../api.ts';
import { ResortForm } from '../components/ResortForm.tsx';
import { ResortPrintMenu } from '../components/ResortPrintMenu.tsx';

/** /resort/create and /resort/:id: the resort's data, its printed lists and its availability. */
export default function ResortEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const isCreate = params.id === undefined;
  const id = isCreate ? null : recordId(params.id);
  const resort = useResort(id);
  const remove = useDeleteResort();
  const [confirming, setConfirming] = useState(false);
  const back = useBackPath(routePath('resorts'));

  const onSaved = (saved: TResort) => {
    showSuccess(t(isCreate ? 'common.created' : 'common.saved'));
    if (isCreate)
      void navigate(routePath('resortEdit', { id: saved.id }), { replace: true, state: { back } });
  };
  const onDelete = (target: TResort) =>
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

  const backLink = <BackLink to={back} label={t('resorts.edit.backToList')} />;
  if (!isCreate && id === null) return <RecordFailure back={backLink} error={null} />;
  if (!isCreate && resort.isPending) return <PageLoader />;
  if (!isCreate && resort.error) return <RecordFailure back={backLink} error={resort.error} />;
  const current = isCreate ? undefined : resort.data;

  return (
    <Stack gap="md" maw={1100}>
      {backLink}
      <RecordHeader title={current ? current.name : t('resorts.edit.createTitle')} />
      {current && (
        <RecordActions onDelete={hasScope(scopes, ['resort.delete']) ? () => setConfirming(true) : undefined}>
          <ResortPrintMenu resortId={current.id} resortName={current.name} />
          <Button
            variant="default"
            size="xs"
            component={Link}
            to={`${routePath('resortDates')}?resort=${current.id}`}
            leftSection={<IconCalendarStats size={14} aria-hidden />}
          >
            {t('routes.resortDates')}
          </Button>
        </RecordActions>
      )}
      <ResortForm
        key={current?.id ?? 'new'}
        {...(current ? { resort: current } : {})}
        editable={hasScope(scopes, [isCreate ? 'resort.create' : 'resort.update'])}
        onSaved={onSaved}
        extraActions={
          <Button variant="default" component={Link} to={back}>
            {t('common.cancel')}
          </Button>
        }
      />
      {current && (
        <SectionCard title={t('resorts.edit.availability')} icon={IconCalendarStats}>
          <ResortAvailability resortId={current.id} />
        </SectionCard>
      )}
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

/** A refused delete names what still belongs to the resort (IN_USE details carry the counts). */
function deleteErrorText(error: unknown, t: (key: string, values?: Record<string, unknown>) => string) {
  if (!(error instanceof ApiError)) return String(error);
  if (error.code !== 'IN_USE' || !error.details?.length) return apiErrorText(error);
  const parts = error.details.map((d) => t(`resorts.edit.inUse.${d.path}`, { count: Number(d.message) }));
  return t('resorts.edit.inUseText', { what: parts.join(', ') });
}
