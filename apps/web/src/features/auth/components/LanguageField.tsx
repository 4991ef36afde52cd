import { LANGUAGES, type TLanguage } from '@atoll/domain/constants';
import { Input, SegmentedControl } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** de | en, each named in its own language. */
export function LanguageField({
  value,
  onChange,
}: {
  value: TLanguage;
  onChange: (lang: TLanguage) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Input.Wrapper label={t('resources.users.fields.language')} labelProps={{ id }}>
      <SegmentedControl
        fullWidth
        aria-labelledby={id}
        value={value}
        onChange={(v) => onChange(v as TLanguage)}
        data={LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
        mt={4}
      />
    </Input.Wrapper>
  );
}
