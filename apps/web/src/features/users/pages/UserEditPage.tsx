import { hasScope } from '@atoll/domain/scopes';
import type { TUser } from '@atoll/domain/users';
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../app/Guarded.tsx';
import { showSuccess } from '../../../app/messages.ts';
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
import { useCopyUser, useDeleteUser, useUser } from '../api.ts';
import { UserForm } from '../components/UserForm.tsx';
import { UserPasswordSection } from '../components/UserPasswordSection.tsx';

/** /users/create and /users/:id. */
export default function UserEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const { user: me } = useSession();
  const scopes = me?.scopes ?? [];
  const isCreate = params.id === undefined;
  const id = isCreate ? null : recordId(params.id);
  const user = useUser(id ?? undefined);
  const copy = useCopyUser();
  const remove = useDeleteUser();
  const [confirming, setConfirming] = useState(false);
  const back = useBackPath(routePath('users'));

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

  const backLink = <BackLink to={back} label={t('users.edit.backToList')} />;
  const notFound = { title: t('users.edit.notFound'), text: t('users.edit.notFoundText') };

  if (!isCreate && (id === null || user.isError))
    return <RecordFailure back={backLink} error={user.error} notFound={notFound} />;
  if (!isCreate && user.isPending) return <PageLoader />;
  const current = isCreate ? undefined : user.data;
  const canCopy = hasScope(scopes, ['users.create']);
  const canDelete = hasScope(scopes, ['users.delete']) && current?.id !== me?.id;

  return (
    <Stack gap="md" maw={960}>
      {backLink}
      <RecordHeader title={current ? current.name || current.email : t('users.edit.createTitle')}>
        {current?.name && (
          <Text c="dimmed" size="sm">
            {current.email}
          </Text>
        )}
      </RecordHeader>
      {current && (
        <RecordActions
          onCopy={canCopy ? () => onCopy(current) : undefined}
          copying={copy.isPending}
          onDelete={canDelete ? () => setConfirming(true) : undefined}
        />
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
          confirmLabel={t('common.delete')}
          busy={remove.isPending}
          onConfirm={() => onDelete(current)}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}
