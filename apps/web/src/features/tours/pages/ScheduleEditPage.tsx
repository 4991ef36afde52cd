import type { TSchedule } from '@atoll/domain/inventory/tours';
import { hasScope } from '@atoll/domain/scopes';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { PageLoader } from '../../../app/Guarded.tsx';
import { showError, showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { DeleteModal } from '../../../components/ConfirmModal.tsx';
import {
  BackLink,
  RecordActions,
  RecordFailure,
  RecordHeader,
  recordId,
} from '../../../components/DetailPage.tsx';
import { routePath } from '../../../components/routePath.ts';
import { useDeleteSchedule, useSchedule, useVesselOptions } from '../api.ts';
import { formatRange } from '../components/format.ts';
import { ScheduleCreateForm } from '../components/ScheduleCreateForm.tsx';
import { ScheduleEditForm } from '../components/ScheduleEditForm.tsx';

/** /schedules/create (one departure or a weekly series) and /tour/:tour/schedules/:schedule (edit one). */
export default function ScheduleEditPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const params = useParams();
  const vessels = useVesselOptions(hasScope(user?.scopes ?? [], ['vessel.read']));
  if (params.schedule === undefined) {
    return (
      <Stack gap="md">
        <BackLink to={routePath('schedules')} label={t('tours.detail.backToList')} />
        <Title order={2}>{t('tours.create.title')}</Title>
        <ScheduleCreateForm vessels={vessels.data ?? []} />
      </Stack>
    );
  }
  return <ScheduleEdit id={recordId(params.schedule)} />;
}

function ScheduleEdit({ id }: { id: number | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const schedule = useSchedule(id);
  const remove = useDeleteSchedule();
  const [confirming, setConfirming] = useState(false);
  const detail = id ? routePath('scheduleDetail', { schedule: id }) : routePath('schedules');
  const backLink = <BackLink to={detail} label={t('tours.edit_schedule.backToDetail')} />;

  if (id === null) return <RecordFailure back={backLink} error={null} />;
  if (schedule.isPending) return <PageLoader />;
  if (schedule.error) return <RecordFailure back={backLink} error={schedule.error} />;
  const current = schedule.data;
  const name = `${current.tourName ?? ''} ${formatRange(current.from, current.to, i18n.language)}`;

  const onSaved = (saved: TSchedule) => {
    showSuccess(t('common.saved'));
    void navigate(routePath('scheduleDetail', { schedule: saved.id }));
  };
  const onDelete = () =>
    remove.mutate(current.id, {
      onSuccess: () => {
        showSuccess(t('common.deleted'));
        void navigate(routePath('schedules'));
      },
      onError: (error) => {
        setConfirming(false);
        const inUse = error instanceof ApiError && error.code === 'IN_USE';
        showError(inUse ? t('tours.edit_schedule.inUse') : apiErrorText(error as ApiError));
      },
    });

  return (
    <Stack gap="md">
      {backLink}
      <RecordHeader title={t('tours.edit_schedule.title')}>
        <Text c="dimmed" size="sm">
          {current.tourName} · {current.vesselName} · {formatRange(current.from, current.to, i18n.language)}
        </Text>
      </RecordHeader>
      <RecordActions
        onDelete={hasScope(user?.scopes ?? [], ['schedules.delete']) ? () => setConfirming(true) : undefined}
      />
      <ScheduleEditForm
        key={current.updatedAt}
        schedule={current}
        onSaved={onSaved}
        extraActions={
          <Button variant="default" component={Link} to={detail}>
            {t('common.cancel')}
          </Button>
        }
      />
      <DeleteModal
        opened={confirming}
        name={name}
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
