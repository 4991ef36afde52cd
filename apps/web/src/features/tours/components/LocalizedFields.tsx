import { LANGUAGES, type TLanguage } from '@atoll/domain/constants';
import type { TLocalizedText } from '@atoll/domain/geo';
import { SimpleGrid, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type TProps = {
  label: string;
  value: TLocalizedText;
  onChange: (value: TLocalizedText) => void;
  error?: string | undefined;
  minRows?: number;
};

/** One text in every UI language, side by side. */
export function LocalizedFields({ label, value, onChange, error, minRows = 3 }: TProps) {
  const { t } = useTranslation();
  const set = (lang: TLanguage, text: string) => onChange({ ...value, [lang]: text });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {LANGUAGES.map((lang) => (
        <Textarea
          key={lang}
          label={`${label} (${t(`tours.languages.${lang}`)})`}
          lang={lang}
          value={value[lang] ?? ''}
          onChange={(e) => set(lang, e.currentTarget.value)}
          autosize
          minRows={minRows}
          maxRows={12}
          error={lang === 'de' ? error : undefined}
        />
      ))}
    </SimpleGrid>
  );
}
