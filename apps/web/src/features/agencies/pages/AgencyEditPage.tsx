import { hasScope } from '@atoll/domain/scopes';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { PageLoader } from '../../../app/Guarded.tsx';
import { useSession } from '../../../app/session.ts';
import { DeleteModal } from '../../../components/ConfirmModal.tsx';
import { BackLink, RecordActions, RecordFailure, RecordHeader } from '../../../components/DetailPage.tsx';
import { useEditPage } from '../../../components/useEditPage.ts';
import { useAgency, useAgencyContacts, useDeleteAgency } from '../api.ts';
import { AgencyForm } from '../components/AgencyForm.tsx';
import { AgencyLinksCard } from '../components/AgencyLinksCard.tsx';
import { AgencyPrintMenu } from '../components/AgencyPrintMenu.tsx';
import { AgencyTypeBadge } from '../components/AgencyTypeBadge.tsx';
import { AgencyUsersCard } from '../components/AgencyUsersCard.tsx';

/** /agency/create and /agency/:id; an agent (agencies.self) sees its own agency with its own fields open. */
export default function AgencyEditPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const remove = useDeleteAgency();
  const { isCreate, id, back, confirming, setConfirming, onSaved, onDelete } = useEditPage({
    list: 'agencies',
    edit: 'agencyEdit',
    remove,
    deleteErrorText: (error) => deleteErrorText(error, t),
  });
  const agency = useAgency(id);
  const contacts = useAgencyContacts(id);
  const canList = hasScope(scopes, ['agencies.read']);
  const selfOnly = !isCreate && !hasScope(scopes, ['agencies.update']);

  const backLink = canList && <BackLink to={back} label={t('agencies.edit.backToList')} />;

  if (!isCreate && id === null) return <RecordFailure back={backLink} error={null} />;
  if (!isCreate && (agency.isPending || contacts.isPending)) return <PageLoader />;
  const failed = agency.error ?? contacts.error;
  if (!isCreate && failed) return <RecordFailure back={backLink} error={failed} />;
  const current = isCreate ? undefined : agency.data;

  return (
    <Stack gap="md" maw={1100}>
      {backLink}
      <RecordHeader title={current ? current.name : t('agencies.edit.createTitle')}>
        {current && (
          <Group gap="xs" mt={4}>
            <AgencyTypeBadge type={current.type} />
            {selfOnly && (
              <Text size="sm" c="dimmed">
                {t('agencies.edit.selfHint')}
              </Text>
            )}
          </Group>
        )}
      </RecordHeader>
      {current && (
        <RecordActions
          onDelete={hasScope(scopes, ['agencies.delete']) ? () => setConfirming(true) : undefined}
        >
          <AgencyPrintMenu agencyId={current.id} />
        </RecordActions>
      )}
      <AgencyForm
        key={current?.id ?? 'new'}
        {...(current ? { agency: current, contacts: contacts.data ?? [] } : {})}
        selfOnly={selfOnly}
        onSaved={onSaved}
        extraActions={
          canList && (
            <Button variant="default" component={Link} to={back}>
              {t('common.cancel')}
            </Button>
          )
        }
      />
      {current && <AgencyLinksCard agencyId={current.id} canEdit={hasScope(scopes, ['agencies.update'])} />}
      {current && <AgencyUsersCard agencyId={current.id} />}
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

/** A refused delete names what still uses the agency (the server's CONFLICT details carry the counts). */
function deleteErrorText(error: unknown, t: (key: string, values?: Record<string, unknown>) => string) {
  if (!(error instanceof ApiError)) return String(error);
  if (error.code !== 'CONFLICT' || !error.details?.length) return apiErrorText(error);
  const parts = error.details.map((d) => t(`agencies.edit.inUse.${d.path}`, { count: Number(d.message) }));
  return t('agencies.edit.inUseText', { what: parts.join(', ') });
}
