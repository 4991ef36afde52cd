import { Alert, Button, Group, Loader, Stack, TagsInput, Textarea, TextInput, Title } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { fieldErrorsOf, focusFirstError, type TFieldErrors } from '../../../components/fieldErrors.ts';
import { type TRole, useCopyRole, useDeleteRole, useSaveRole, useScopeGroups } from '../api.ts';
import { ScopeGrid } from './ScopeGrid.tsx';

type TProps = {
  role?: TRole;
  /** After a create or copy: show that role. */
  onOpen: (id: number) => void;
  onClose: () => void;
};

const ROLE_FIELDS = ['name', 'description', 'scopes'];

/** Name, description and scopes of a role; the scopes of the catalogue as a grid, others as tags. */
export function RoleForm({ role, onOpen, onClose }: TProps) {
  const { t } = useTranslation();
  const groups = useScopeGroups();
  const save = useSaveRole();
  const copy = useCopyRole();
  const remove = useDeleteRole();
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [scopes, setScopes] = useState<string[]>(role?.scopes ?? []);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const catalogue = useMemo(() => new Set((groups.data ?? []).flatMap((g) => g.scopes)), [groups.data]);
  const gridScopes = scopes.filter((s) => catalogue.has(s));
  const otherScopes = scopes.filter((s) => !catalogue.has(s));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: t('form.invalid.required') });
      return focusFirstError(formRef.current);
    }
    setErrors({});
    const body = { name: name.trim(), description: description.trim() || null, scopes };
    save.mutate(
      { ...(role ? { id: role.id } : {}), body },
      {
        onSuccess: (saved) => {
          showSuccess(t(role ? 'users.roles.saved' : 'users.roles.created'));
          if (!role) onOpen(saved.id);
        },
        onError: (error) => {
          setErrors(
            fieldErrorsOf(error, ROLE_FIELDS, { field: 'name', message: t('users.roles.nameTaken') }),
          );
          focusFirstError(formRef.current);
        },
      },
    );
  };
  const onCopy = (source: TRole) =>
    copy.mutate(source.id, {
      onSuccess: (created) => {
        showSuccess(t('users.roles.copied'));
        onOpen(created.id);
      },
    });
  const onDelete = (target: TRole) =>
    remove.mutate(target.id, {
      onSuccess: () => {
        setConfirming(false);
        showSuccess(t('users.roles.deleted'));
        onClose();
      },
      onError: () => setConfirming(false),
    });

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {errors[''] && <Alert color="red">{errors['']}</Alert>}
        <TextInput
          label={t('resources.userrole.fields.name')}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <Textarea
          label={t('resources.userrole.fields.description')}
          autosize
          minRows={2}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={errors.description}
        />
        <Title order={3} size="h5">
          {t('resources.userrole.fields.scopes')}
        </Title>
        {groups.isPending ? (
          <Loader size="sm" aria-label={t('datatable.loading')} />
        ) : (
          <ScopeGrid
            groups={groups.data ?? []}
            value={gridScopes}
            onChange={(grid) => setScopes([...grid, ...otherScopes])}
          />
        )}
        <TagsInput
          label={t('users.roles.otherScopes')}
          description={t('users.roles.otherScopesHint')}
          data={['admin', 'user']}
          value={otherScopes}
          onChange={(others) => setScopes([...gridScopes, ...others])}
          splitChars={[',', ' ']}
          error={errors.scopes}
        />
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              {t(role ? 'users.roles.save' : 'users.roles.create')}
            </Button>
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
          </Group>
          {role && (
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconCopy size={16} aria-hidden />}
                loading={copy.isPending}
                onClick={() => onCopy(role)}
              >
                {t('users.roles.copy')}
              </Button>
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setConfirming(true)}
              >
                {t('users.roles.delete')}
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
      {role && (
        <ConfirmModal
          opened={confirming}
          title={t('users.roles.deleteTitle')}
          text={t('users.roles.deleteText', { name: role.name })}
          confirmLabel={t('users.roles.delete')}
          busy={remove.isPending}
          onConfirm={() => onDelete(role)}
          onClose={() => setConfirming(false)}
        />
      )}
    </form>
  );
}
