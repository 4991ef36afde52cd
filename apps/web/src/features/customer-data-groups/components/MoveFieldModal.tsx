import type { TCustomerDataGroup } from '@atoll/domain/customer-data';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { useMoveField } from '../api.ts';

type TProps = {
  /** The field to move, or null while the modal is closed. */
  field: { key: string; name: string } | null;
  from: TCustomerDataGroup;
  groups: TCustomerDataGroup[];
  groupName: (group: TCustomerDataGroup) => string;
  onClose: () => void;
};

/** Moves a field with every customer's value of it to another group: choose, confirm, see how many moved. */
export function MoveFieldModal({ field, from, groups, groupName, onClose }: TProps) {
  const { t } = useTranslation();
  const move = useMoveField();
  const [target, setTarget] = useState<string | null>(null);
  const targets = groups
    .filter((g) => g.id !== from.id)
    .map((g) => ({ value: String(g.id), label: groupName(g) }));
  const to = groups.find((g) => String(g.id) === target);

  const close = () => {
    setTarget(null);
    move.reset();
    onClose();
  };
  const confirm = () => {
    if (field && to) move.mutate({ from: from.id, to: to.id, field: field.key });
  };
  const error = move.error instanceof ApiError ? move.error : undefined;

  return (
    <Modal opened={field !== null} onClose={close} title={t('customerDataGroups.move.title')} centered>
      {move.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" role="status">
            {t('customerDataGroups.move.done', {
              count: move.data,
              field: field?.name,
              group: to && groupName(to),
            })}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Select
            label={t('customerDataGroups.move.target')}
            data={targets}
            value={target}
            onChange={setTarget}
            nothingFoundMessage={t('customerDataGroups.move.noTarget')}
          />
          {to && field && (
            <Text size="sm">
              {t('customerDataGroups.move.question', {
                field: field.name,
                from: groupName(from),
                to: groupName(to),
              })}
            </Text>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error.status === 409 ? t('customerDataGroups.move.conflict') : apiErrorText(error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button onClick={confirm} disabled={!to} loading={move.isPending}>
              {t('customerDataGroups.move.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
