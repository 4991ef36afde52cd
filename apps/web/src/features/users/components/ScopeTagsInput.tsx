import { ADMIN_SCOPE, USER_SCOPE } from '@atoll/domain/scopes';
import { TagsInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type TScopeGroup, useScopeGroups } from '../api.ts';

type TProps = {
  label: string;
  description?: string;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
};

/** Grouped choices from the catalogue plus each group's wildcard; other names (`$view.x`) may be typed. */
export function ScopeTagsInput({ label, description, value, onChange, error }: TProps) {
  const { t } = useTranslation();
  const groups = useScopeGroups();
  const data = useMemo(
    () => [
      { group: t('users.scopes.special'), items: [ADMIN_SCOPE, USER_SCOPE] },
      ...(groups.data ?? []).map((g: TScopeGroup) => ({
        group: t(`users.scopes.resources.${g.group}`),
        items: [...g.scopes, `${g.group}.*`],
      })),
    ],
    [groups.data, t],
  );
  return (
    <TagsInput
      label={label}
      description={description}
      data={data}
      value={value}
      onChange={onChange}
      error={error}
      splitChars={[',', ' ']}
      maxDropdownHeight={280}
      clearable
    />
  );
}
