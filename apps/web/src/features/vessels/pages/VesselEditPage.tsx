import { hasScope } from '@atoll/domain/scopes';
import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { PageLoader } from '../../../app/Guarded.tsx';
import { useSession } from '../../../app/session.ts';
import { DeleteModal } from '../../../components/ConfirmModal.tsx';
import { BackLink, RecordActions, RecordFailure, RecordHeader } from '../../../components/DetailPage.tsx';
import { useEditPage } from '../../../components/useEditPage.ts';
import { useDeleteVessel, useVessel } from '../api.ts';
import { VesselCabinsCard } from '../components/VesselCabinsCard.tsx';
import { VesselForm } from '../components/VesselForm.tsx';

/** /vessel/create and /vessel/:id: basics, technical data, texts and images, and the vessel's cabins. */
export default function VesselEditPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const remove = useDeleteVessel();
  const { isCreate, id, back, confirming, setConfirming, onSaved, onDelete } = useEditPage({
    list: 'vessels',
    edit: 'vesselEdit',
    remove,
    deleteErrorText: (error) => deleteErrorText(error, t),
  });
  const vessel = useVessel(id);
  const backLink = <BackLink to={back} label={t('vessels.edit.backToList')} />;

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

/** A refused delete names what still uses the vessel (IN_USE details carry the counts). */
function deleteErrorText(error: unknown, t: (key: string, values?: Record<string, unknown>) => string) {
  if (!(error instanceof ApiError)) return String(error);
  if (error.code !== 'IN_USE' || !error.details?.length) return apiErrorText(error);
  const parts = error.details.map((d) => t(`vessels.edit.inUse.${d.path}`, { count: Number(d.message) }));
  return t('vessels.edit.inUseText', { what: parts.join(', ') });
}
