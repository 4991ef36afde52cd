import { LANGUAGES } from '@atoll/domain/constants';
import { CUSTOMER_TYPES, GENDERS } from '@atoll/domain/customers';
import { hasScope } from '@atoll/domain/scopes';
import { NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { CountrySelect } from '../../../components/CountrySelect.tsx';
import { useOptions } from '../api.ts';

type TBound<V> = { value: V; label: string; error: string | undefined; onChange: (value: V) => void };
/** Binds one form field by its API path (`masterData.lastName`). */
export type TFieldBinding = <V = string>(path: string) => TBound<V>;
type TProps = { bind: TFieldBinding };

const Grid = ({ children }: { children: ReactNode }) => (
  <SimpleGrid cols={{ base: 1, sm: 2 }}>{children}</SimpleGrid>
);

function Text({ bind, path, type, required }: TProps & { path: string; type?: string; required?: boolean }) {
  const { value, label, error, onChange } = bind(path);
  return (
    <TextInput
      label={label}
      type={type}
      required={required}
      value={value}
      error={error}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

function Country({ bind, path }: TProps & { path: string }) {
  const { value, label, error, onChange } = bind(path);
  return (
    <CountrySelect
      label={label}
      value={value || null}
      error={error}
      onChange={(code) => onChange(code ?? '')}
    />
  );
}

export function MasterDataFields({ bind }: TProps) {
  const { t } = useTranslation();
  const gender = bind('masterData.gender');
  const age = bind<number | ''>('masterData.permanentAge');
  return (
    <Grid>
      <Text bind={bind} path="masterData.title" />
      <Text bind={bind} path="masterData.firstName" />
      <Text bind={bind} path="masterData.middleName" />
      <Text bind={bind} path="masterData.lastName" required />
      <Select
        label={gender.label}
        data={GENDERS.map((g) => ({ value: g, label: t(`customers.genders.${g}`) }))}
        value={gender.value}
        onChange={(v) => v && gender.onChange(v)}
        allowDeselect={false}
        error={gender.error}
      />
      <Text bind={bind} path="masterData.birthday" type="date" />
      <NumberInput
        label={age.label}
        description={t('customers.edit.permanentAgeHint')}
        min={0}
        max={130}
        allowDecimal={false}
        allowNegative={false}
        value={age.value}
        onChange={(v) => age.onChange(typeof v === 'number' ? v : '')}
        error={age.error}
      />
      <Country bind={bind} path="masterData.nationality" />
    </Grid>
  );
}

export function ContactFields({ bind }: TProps) {
  const { t } = useTranslation();
  const language = bind('language');
  return (
    <Grid>
      <Text bind={bind} path="contact.email" type="email" />
      <Text bind={bind} path="contact.phone" type="tel" />
      <Text bind={bind} path="contact.mobile" type="tel" />
      <Select
        label={language.label}
        data={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
        value={language.value || null}
        onChange={(v) => language.onChange(v ?? '')}
        clearable
        error={language.error}
      />
    </Grid>
  );
}

export function AddressFields({ bind }: TProps) {
  return (
    <Grid>
      <Text bind={bind} path="address.street" />
      <Text bind={bind} path="address.zip" />
      <Text bind={bind} path="address.city" />
      <Text bind={bind} path="address.state" />
      <Country bind={bind} path="address.country" />
    </Grid>
  );
}

export function PassportFields({ bind }: TProps) {
  return (
    <Grid>
      <Text bind={bind} path="passport.number" />
      <Country bind={bind} path="passport.nationality" />
      <Text bind={bind} path="passport.issueDate" type="date" />
      <Text bind={bind} path="passport.expiryDate" type="date" />
    </Grid>
  );
}

/** Only the office sees and sets these; agencies and groups are offered when the user may read them. */
export function OfficeFields({ bind }: TProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const agencies = useOptions('/agencies', hasScope(scopes, ['agencies.read']));
  const groups = useOptions('/customergroup', hasScope(scopes, ['customers.read']));
  const type = bind('customerType');
  const agency = bind('agencyId');
  const group = bind('groupId');
  const note = bind('internalNote');
  const options = (rows: { id: number; name: string }[] | undefined, current: string) => {
    const list = (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));
    // A stored id the list lacks (no read right, or not loaded yet) stays visible as its number.
    return current && !list.some((o) => o.value === current)
      ? [{ value: current, label: `#${current}` }, ...list]
      : list;
  };
  return (
    <Grid>
      <Select
        label={type.label}
        data={CUSTOMER_TYPES.map((c) => ({ value: c, label: t(`customers.types.${c}`) }))}
        value={type.value}
        onChange={(v) => v && type.onChange(v)}
        allowDeselect={false}
        error={type.error}
      />
      <Select
        label={agency.label}
        data={options(agencies.data, agency.value)}
        value={agency.value || null}
        onChange={(v) => agency.onChange(v ?? '')}
        searchable
        clearable
        error={agency.error}
      />
      <Select
        label={group.label}
        data={options(groups.data, group.value)}
        value={group.value || null}
        onChange={(v) => group.onChange(v ?? '')}
        clearable
        error={group.error}
      />
      <Textarea
        label={note.label}
        description={t('customers.edit.internalNoteHint')}
        autosize
        minRows={2}
        value={note.value}
        onChange={(e) => note.onChange(e.currentTarget.value)}
        error={note.error}
      />
    </Grid>
  );
}
