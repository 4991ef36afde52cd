import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBanks } from '../api.ts';

type TProps = {
  value: number | null;
  onChange: (id: number | null) => void;
  /** Offers "all accounts" (null). */
  allowAll?: boolean;
};

/** Picks one of the bank accounts by name. */
export function BankSelect({ value, onChange, allowAll = false }: TProps) {
  const { t } = useTranslation();
  const banks = useBanks().data ?? [];
  return (
    <Select
      label={t('banks.entries.bank')}
      data={banks.map((b) => ({ value: String(b.id), label: `${b.name} (${b.currency})` }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      placeholder={allowAll ? t('banks.entries.allBanks') : t('banks.entries.chooseBank')}
      clearable={allowAll}
      allowDeselect={allowAll}
      w={260}
    />
  );
}
