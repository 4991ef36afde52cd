import type { TTour } from '@atoll/domain/inventory/tours';
import { hasScope } from '@atoll/domain/scopes';
import { Anchor, Button, Stack } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
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
import { useDeleteTour, useTour } from '../api.ts';
import { TourForm } from '../components/TourForm.tsx';

/** /tour/create and /tour/:id: a tour with its itinerary; a tour with departures is not deleted. */
export default function TourEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const isCreate = params.id === undefined;
  const id = isCreate ? null : recordId(params.id);
  const tour = useTour(id);
  const remove = useDeleteTour();
  const [confirming, setConfirming] = useState(false);
  const back = useBackPath(routePath('tours'));
  const backLink = <BackLink to={back} label={t('tours.edit.backToList')} />;

  const onSaved = (saved: TTour) => {
    showSuccess(t(isCreate ? 'common.created' : 'common.saved'));
    if (isCreate) void navigate(routePath('tourEdit', { id: saved.id }), { replace: true, state: { back } });
  };
  const onDelete = (target: TTour) =>
    remove.mutate(target.id, {
      onSuccess: () => {
        showSuccess(t('common.deleted'));
        void navigate(back);
      },
      onError: (error) => {
        setConfirming(false);
        const inUse = error instanceof ApiError && error.code === 'IN_USE';
        const count = inUse ? Number(error.details?.[0]?.message ?? 0) : 0;
        showError(inUse ? t('tours.edit.inUse', { count }) : apiErrorText(error as ApiError));
      },
    });

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
