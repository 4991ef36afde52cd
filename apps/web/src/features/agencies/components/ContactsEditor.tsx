import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { newContact, type TContactForm } from './agencyForm.ts';

type TProps = {
  contacts: TContactForm[];
  onChange: (contacts: TContactForm[]) => void;
  disabled?: boolean;
  error?: string | undefined;
};

/** The people of an agency as editable rows; saved with the agency, replacing the previous list. */
export function ContactsEditor({ contacts, onChange, disabled, error }: TProps) {
  const { t } = useTranslation();
  const label = (field: string) => t(`resources.agencies.fields.contact.${field}`);
  const update = (key: string, patch: Partial<TContactForm>) =>
    onChange(
      contacts.map((c) => {
        if (c.key === key) return { ...c, ...patch };
        // One primary contact: choosing another takes the mark from the previous one.
        return patch.isPrimary ? { ...c, isPrimary: false } : c;
      }),
    );

  return (
    <Stack gap="sm">
      {contacts.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('agencies.edit.noContacts')}
        </Text>
      )}
      {contacts.map((c, index) => (
        <Paper key={c.key} withBorder p="sm" radius="sm">
          <Group align="flex-start" wrap="nowrap" gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} style={{ flex: 1 }} spacing="xs">
              <TextInput
                label={label('name')}
                required
                value={c.name}
                disabled={disabled}
                onChange={(e) => update(c.key, { name: e.currentTarget.value })}
              />
              <TextInput
                label={label('position')}
                value={c.position}
                disabled={disabled}
                onChange={(e) => update(c.key, { position: e.currentTarget.value })}
              />
              <TextInput
                label={label('email')}
                type="email"
                value={c.email}
                disabled={disabled}
                onChange={(e) => update(c.key, { email: e.currentTarget.value })}
              />
              <TextInput
                label={label('phone')}
                type="tel"
                value={c.phone}
                disabled={disabled}
                onChange={(e) => update(c.key, { phone: e.currentTarget.value })}
              />
              <Checkbox
                label={label('isPrimary')}
                checked={c.isPrimary}
                disabled={disabled}
                onChange={(e) => update(c.key, { isPrimary: e.currentTarget.checked })}
              />
            </SimpleGrid>
            {!disabled && (
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                aria-label={t('agencies.edit.removeContact', { n: index + 1, name: c.name || '…' })}
                onClick={() => onChange(contacts.filter((other) => other.key !== c.key))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        </Paper>
      ))}
      {error && (
        <Alert color="red" role="alert" py="xs">
          {error}
        </Alert>
      )}
      {!disabled && (
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => onChange([...contacts, newContact({ isPrimary: contacts.length === 0 })])}
          >
            {t('agencies.edit.addContact')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
