import { hasScope } from '@atoll/domain/scopes';
import { Button, Stack } from '@mantine/core';
import { IconCalendarStats, IconLayoutGrid } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { PageLoader } from '../../../app/Guarded.tsx';
import { useSession } from '../../../app/session.ts';
import { DeleteModal } from '../../../components/ConfirmModal.tsx';
import { BackLink, RecordActions, RecordFailure, RecordHeader } from '../../../components/DetailPage.tsx';
import { routePath } from '../../../components/routePath.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useEditPage } from '../../../components/useEditPage.ts';
import { ResortAvailability } from '../../availability/components/ResortAvailability.tsx';
import { useDeleteResort, useResort } from '../api.ts';
import { ResortForm } from '../components/ResortForm.tsx';
import { ResortPrintMenu } from '../components/ResortPrintMenu.tsx';

/** /resort/create and /resort/:id: the resort's data, its printed lists and its availability. */
export default function ResortEditPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const remove = useDeleteResort();
  const { isCreate, id, back, confirming, setConfirming, onSaved, onDelete } = useEditPage({
    list: 'resorts',
    edit: 'resortEdit',
    remove,
    deleteErrorText: (error) => deleteErrorText(error, t),
  });
  const resort = useResort(id);

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
          {hasScope(scopes, ['bookings.read']) && (
            <Button
              variant="default"
              size="xs"
              component={Link}
              to={`${routePath('bookingOccupancy')}?resort=${current.id}`}
              leftSection={<IconLayoutGrid size={14} aria-hidden />}
            >
              {t('routes.bookingOccupancy')}
            </Button>
          )}
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
        <DeleteModal
          opened={confirming}
          name={current.name}
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
