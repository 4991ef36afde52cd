import { hasScope } from '@atoll/domain/scopes';
import { Anchor, Button, Stack } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { PageLoader } from '../../../app/Guarded.tsx';
import { useSession } from '../../../app/session.ts';
import { DeleteModal } from '../../../components/ConfirmModal.tsx';
import { BackLink, RecordActions, RecordFailure, RecordHeader } from '../../../components/DetailPage.tsx';
import { routePath } from '../../../components/routePath.ts';
import { useEditPage } from '../../../components/useEditPage.ts';
import { useDeleteTour, useTour } from '../api.ts';
import { TourForm } from '../components/TourForm.tsx';

/** /tour/create and /tour/:id: a tour with its itinerary; a tour with departures is not deleted. */
export default function TourEditPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const remove = useDeleteTour();
  const { isCreate, id, back, confirming, setConfirming, onSaved, onDelete } = useEditPage({
    list: 'tours',
    edit: 'tourEdit',
    remove,
    deleteErrorText: (error) => {
      const inUse = error instanceof ApiError && error.code === 'IN_USE';
      const count = inUse ? Number(error.details?.[0]?.message ?? 0) : 0;
      return inUse ? t('tours.edit.inUse', { count }) : apiErrorText(error as ApiError);
    },
  });
  const tour = useTour(id);
  const backLink = <BackLink to={back} label={t('tours.edit.backToList')} />;

  if (!isCreate && id === null) return <RecordFailure back={backLink} error={null} />;
  if (!isCreate && tour.isPending) return <PageLoader />;
  if (!isCreate && tour.error) return <RecordFailure back={backLink} error={tour.error} />;
  const current = isCreate ? undefined : tour.data;

  return (
    <Stack gap="md" maw={1100}>
      {backLink}
      <RecordHeader title={current ? current.name : t('tours.edit.createTitle')} />
      {current && (
        <RecordActions onDelete={hasScope(scopes, ['tours.delete']) ? () => setConfirming(true) : undefined}>
          {hasScope(scopes, ['schedules.read']) && (
            <Anchor
              component={Link}
              to={`${routePath('schedules')}?tour=${current.id}`}
              size="sm"
              display="inline-flex"
              style={{ alignItems: 'center', gap: 4 }}
            >
              <IconCalendarEvent size={16} aria-hidden />
              {t('tours.edit.departures')}
            </Anchor>
          )}
        </RecordActions>
      )}
      <TourForm
        key={current?.id ?? 'new'}
        {...(current ? { tour: current } : {})}
        onSaved={onSaved}
        extraActions={
          <Button variant="default" component={Link} to={back}>
            {t('common.cancel')}
          </Button>
        }
      />
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
