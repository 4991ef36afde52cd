import { Button, Card, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { showError, showSuccess } from '../../../app/messages.ts';
import { useAgencyClients, useSaveCustomer } from '../api.ts';

/** A new client of the agent's agency: the server files it under the agent's agency. */
function NewClientModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveCustomer();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        body: {
          masterData: { firstName: firstName.trim() || null, lastName: lastName.trim() },
          contact: { email: email.trim() || null },
        },
      },
      {
        onSuccess: (customer) => {
          showSuccess(t('customers.agencyClients.created', { name: customer.fullName }));
          setFirstName('');
          setLastName('');
          setEmail('');
          onClose();
        },
        onError: (error) => showError(apiErrorText(error as ApiError)),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('customers.agencyClients.new')}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label={t('customers.agencyClients.firstName')}
            value={firstName}
            onChange={(e) => setFirstName(e.currentTarget.value)}
            maxLength={100}
          />
          <TextInput
            label={t('customers.agencyClients.lastName')}
            value={lastName}
            onChange={(e) => setLastName(e.currentTarget.value)}
            maxLength={100}
            required
          />
          <TextInput
            type="email"
            label={t('customers.agencyClients.email')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={lastName.trim() === ''}>
              {t('customers.agencyClients.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The agent's clients: find them by name or e-mail, add a new one. */
export function AgencyClientsCard() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const clients = useAgencyClients(debounced.trim());
  const [opened, modal] = useDisclosure(false);
  const rows = clients.data?.data ?? [];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="home-agency-clients">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h4" id="home-agency-clients">
          {t('customers.agencyClients.title')}
        </Title>
        <Button variant="light" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={modal.open}>
          {t('customers.agencyClients.new')}
        </Button>
      </Group>
      <TextInput
        label={t('customers.agencyClients.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        mb="sm"
      />
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {clients.isPending ? t('app.loading') : t('customers.agencyClients.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label={t('customers.agencyClients.title')} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('customers.agencyClients.name')}</Table.Th>
                <Table.Th>{t('customers.agencyClients.email')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((client) => (
                <Table.Tr key={client.id}>
                  <Table.Td>{client.fullName}</Table.Td>
                  <Table.Td>{client.contact.email ?? '–'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="xs" c="dimmed" mt="xs">
        {t('customers.agencyClients.count', { count: clients.data?.total ?? 0 })}
      </Text>
      <NewClientModal opened={opened} onClose={modal.close} />
    </Card>
  );
}
