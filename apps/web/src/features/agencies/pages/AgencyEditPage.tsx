import type { TAgency } from '@atoll/domain/agencies';
import { hasScope } from '@atoll/domain/scopes';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { PageLoader } from '../../../app/Guarded.tsx';
import { apiErrorText, showError, showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { routePath } from '../../../components/routePath.ts';
import { useAgency, useAgencyContacts, useDeleteAgency } from '../api.ts';
import { AgencyForm } from '../components/AgencyForm.tsx';
import { AgencyLinksCard } from '../components/AgencyLinksCard.tsx';
import { AgencyPrintMenu } from '../components/AgencyPrintMenu.tsx';
import { AgencyTypeBadge } from '../components/AgencyTypeBadge.tsx';
import { AgencyUsersCard } from '../components/AgencyUsersCard.tsx';

const parseId = (param: string | undefined) => {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** /agency/create and /agency/:id; an agent (agencies.self) sees its own agency with its own fields open. */
export default function AgencyEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const isCreate = params.id === undefined;
  const id = isCreate ? null : parseId(params.id);
  const agency = useAgency(id);
  const contacts = useAgencyContacts(id);
  const remove = useDeleteAgency();
  const [confirming, setConfirming] = useState(false);
  const canList = hasScope(scopes, ['agencies.read']);
  const selfOnly = !isCreate && !hasScope(scopes, ['agencies.update']);
  const back = (location.state as { back?: string } | null)?.back ?? routePath('agencies');

  const onSaved = (saved: TAgency) => {
    showSuccess(t(isCreate ? 'common.created' : 'common.saved'));
    if (isCreate)
      void navigate(routePath('agencyEdit', { id: saved.id }), { replace: true, state: { back } });
  };
  const onDelete = (target: TAgency) =>
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

  const backLink = canList && (
    <Anchor
      component={Link}
      to={back}
      size="sm"
      display="inline-flex"
      style={{ alignItems: 'center', gap: 4 }}
    >
      <IconArrowLeft size={16} aria-hidden />
      {t('agencies.edit.backToList')}
    </Anchor>
  );

  if (!isCreate && id === null) return <NotFound back={backLink} />;
  if (!isCreate && (agency.isPending || contacts.isPending)) return <PageLoader />;
  const failed = agency.error ?? contacts.error;
  if (!isCreate && failed) {
    if (failed instanceof ApiError && failed.status === 404) return <NotFound back={backLink} />;
    return (
      <Stack>
        {backLink}
        <Alert color="red">{failed instanceof ApiError ? apiErrorText(failed) : String(failed)}</Alert>
      </Stack>
    );
  }
  const current = isCreate ? undefined : agency.data;

  return (
    <Stack gap="md" maw={1100}>
      {backLink}
      <div>
        <Title order={2}>{current ? current.name : t('agencies.edit.createTitle')}</Title>
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
      </div>
      {current && (
        <Group gap="xs">
          <AgencyPrintMenu agencyId={current.id} />
          {hasScope(scopes, ['agencies.delete']) && (
            <Button
              variant="light"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              {t('common.delete')}
            </Button>
          )}
        </Group>
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

/** A refused delete names what still uses the agency (the server's CONFLICT details carry the counts). */
function deleteErrorText(error: unknown, t: (key: string, values?: Record<string, unknown>) => string) {
  if (!(error instanceof ApiError)) return String(error);
  if (error.code !== 'CONFLICT' || !error.details?.length) return apiErrorText(error);
  const parts = error.details.map((d) => t(`agencies.edit.inUse.${d.path}`, { count: Number(d.message) }));
  return t('agencies.edit.inUseText', { what: parts.join(', ') });
}

function NotFound({ back }: { back: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack>
      {back}
      <Alert color="yellow" title={t('common.notFound')}>
        {t('common.notFoundText')}
      </Alert>
    </Stack>
  );
}
