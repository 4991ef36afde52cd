import { hasScope } from '@atoll/domain/scopes';
import type { TUser } from '@atoll/domain/users';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCopy, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { PageLoader } from '../../../app/Guarded.tsx';
import { apiErrorText, showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { routePath } from '../../../components/routePath.ts';
import { useCopyUser, useDeleteUser, useUser } from '../api.ts';
import { UserForm } from '../components/UserForm.tsx';
import { UserPasswordSection } from '../components/UserPasswordSection.tsx';

const parseId = (param: string | undefined) => {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** /users/create and /users/:id. */
export default function UserEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const { user: me } = useSession();
  const scopes = me?.scopes ?? [];
  const isCreate = params.id === undefined;
  const id = isCreate ? null : parseId(params.id);
  const user = useUser(id ?? undefined);
  const copy = useCopyUser();
  const remove = useDeleteUser();
  const [confirming, setConfirming] = useState(false);
  // The list the user came from, with its page, sort and filters (set by DataTable).
  const back = (location.state as { back?: string } | null)?.back ?? routePath('users');

  const onSaved = (saved: TUser) => {
    showSuccess(t(isCreate ? 'users.edit.created' : 'users.edit.saved'));
    if (isCreate) void navigate(routePath('userEdit', { id: saved.id }), { replace: true, state: { back } });
  };
  const onCopy = (source: TUser) =>
    copy.mutate(source.id, {
      onSuccess: (created) => {
        showSuccess(t('users.edit.copied'));
        void navigate(routePath('userEdit', { id: created.id }), { state: { back } });
      },
    });
  const onDelete = (target: TUser) =>
    remove.mutate(target.id, {
      onSuccess: () => {
        setConfirming(false);
        showSuccess(t('users.edit.deleted'));
        void navigate(back);
      },
      onError: () => setConfirming(false),
    });

  const backLink = (
    <Anchor
      component={Link}
      to={back}
      size="sm"
      display="inline-flex"
      style={{ alignItems: 'center', gap: 4 }}
    >
      <IconArrowLeft size={16} aria-hidden />
      {t('users.edit.backToList')}
    </Anchor>
  );

  if (!isCreate && id === null) return <NotFound back={backLink} />;
  if (!isCreate && user.isPending) return <PageLoader />;
  if (!isCreate && user.isError) {
    const error = user.error;
    if (error instanceof ApiError && error.status === 404) return <NotFound back={backLink} />;
    return (
      <Stack>
        {backLink}
        <Alert color="red">{error instanceof ApiError ? apiErrorText(error) : String(error)}</Alert>
      </Stack>
    );
  }
  const current = isCreate ? undefined : user.data;
  const canCopy = hasScope(scopes, ['users.create']);
  const canDelete = hasScope(scopes, ['users.delete']) && current?.id !== me?.id;

  return (
    <Stack gap="md" maw={960}>
      {backLink}
      <div>
        <Title order={2}>{current ? current.name || current.email : t('users.edit.createTitle')}</Title>
        {current?.name && (
          <Text c="dimmed" size="sm">
            {current.email}
          </Text>
        )}
      </div>
      {/* Left-aligned: the message bar's toasts appear top right and would cover these buttons. */}
      {current && (canCopy || canDelete) && (
        <Group gap="xs">
          {canCopy && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconCopy size={14} aria-hidden />}
              loading={copy.isPending}
              onClick={() => onCopy(current)}
            >
              {t('users.edit.copy')}
            </Button>
          )}
          {canDelete && (
            <Button
              variant="light"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              {t('users.edit.delete')}
            </Button>
          )}
        </Group>
      )}
      <UserForm
        key={current?.id ?? 'new'}
        {...(current ? { user: current } : {})}
        onSaved={onSaved}
        extraActions={
          <Button variant="default" component={Link} to={back}>
            {t('common.cancel')}
          </Button>
        }
      />
      {current && <UserPasswordSection userId={current.id} />}
      {current && (
        <ConfirmModal
          opened={confirming}
          title={t('users.edit.deleteTitle')}
          text={t('users.edit.deleteText', { name: current.name || current.email })}
          confirmLabel={t('users.edit.delete')}
          busy={remove.isPending}
          onConfirm={() => onDelete(current)}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}

function NotFound({ back }: { back: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack>
      {back}
      <Alert color="yellow" title={t('users.edit.notFound')}>
        {t('users.edit.notFoundText')}
      </Alert>
    </Stack>
  );
}
