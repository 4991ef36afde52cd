import { BOOKING_CHANNELS, type TBookingChannel } from '@atoll/domain/pricing/entities';
import { Checkbox, Group, SimpleGrid, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFieldsProps } from './SpecialBasicsFields.tsx';
import { canReplaceRoomPrice, SPECIAL_FLAGS, type TSpecialFlag } from './specialForm.ts';

/** Flags that mean nothing for a commission special (it makes no line). */
const LINE_FLAGS: readonly TSpecialFlag[] = [
  'unique',
  'replaceMatchingRoomPrice',
  'excludeFromCommission',
  'excludeFromTax',
  'editable',
  'deletable',
];

/** When and how a special is added (autoAdd, unique, exclusivity …) and the channels it is offered in. */
export function SpecialFlagsFields({ form, set, errors, disabled }: TFieldsProps) {
  const { t } = useTranslation();
  const isCommission = form.type === 'AgencyCommission';
  const flags = SPECIAL_FLAGS.filter((f) => !isCommission || !LINE_FLAGS.includes(f));
  const isOff = (flag: TSpecialFlag) => flag === 'replaceMatchingRoomPrice' && !canReplaceRoomPrice(form);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {flags.map((flag) => (
          <Switch
            key={flag}
            label={t(`specials.flags.${flag}.label`)}
            description={t(
              isOff(flag) ? 'specials.flags.replaceMatchingRoomPrice.off' : `specials.flags.${flag}.hint`,
            )}
            checked={form[flag] && !isOff(flag)}
            onChange={(e) => set(flag, e.currentTarget.checked)}
            disabled={disabled || isOff(flag)}
          />
        ))}
      </SimpleGrid>
      <Checkbox.Group
        label={t('specials.fields.includeIn')}
        description={t('specials.edit.includeInHint')}
        value={form.includeIn}
        onChange={(v) => set('includeIn', v as TBookingChannel[])}
        error={errors.includeIn}
      >
        <Group gap="lg" mt={6}>
          {BOOKING_CHANNELS.map((c) => (
            <Checkbox key={c} value={c} label={t(`specials.channels.${c}`)} disabled={disabled} />
          ))}
        </Group>
      </Checkbox.Group>
    </Stack>
  );
}
