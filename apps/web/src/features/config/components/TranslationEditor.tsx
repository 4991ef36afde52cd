import { LANGUAGES, type TLanguage } from '@atoll/domain/constants';
import type { TTranslationKeyInfo } from '@atoll/domain/settings';
import { Button, Code, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { useTranslationOverride } from '../api.ts';

function LanguageOverride({ info, lang }: { info: TTranslationKeyInfo; lang: TLanguage }) {
  const { t } = useTranslation();
  const { save, reset } = useTranslationOverride();
  const override = info.overrides[lang];
  const builtIn = info.builtIn[lang];
  const [value, setValue] = useState(override?.value ?? builtIn ?? '');
  const language = t(`languages.${lang}`);

  return (
    <Stack gap="xs" component="section" aria-label={language}>
      <Title order={3} size="h5">
        {language}
      </Title>
      <Text size="sm" c="dimmed">
        {t('config.translations.builtIn')}: {builtIn ?? t('config.translations.noBuiltIn')}
      </Text>
      <Textarea
        label={t('config.translations.override', { language })}
        autosize
        minRows={2}
        maxRows={8}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
      />
      <Group gap="xs" justify="flex-end">
        {override && (
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            loading={reset.isPending}
            onClick={() =>
              reset.mutate(
                { info, lang },
                {
                  onSuccess: () => {
                    setValue(builtIn ?? '');
                    showSuccess(t('config.translations.resetDone'));
                  },
                },
              )
            }
          >
            {t('config.translations.reset')}
          </Button>
        )}
        <Button
          loading={save.isPending}
          disabled={value.trim() === '' || value === (override?.value ?? builtIn)}
          onClick={() =>
            save.mutate({ info, lang, value }, { onSuccess: () => showSuccess(t('common.saved')) })
          }
        >
          {t('config.translations.save', { language })}
        </Button>
      </Group>
    </Stack>
  );
}

/** One key: its built-in texts and an override per language, each saved or reset on its own. */
export function TranslationEditor({ info }: { info: TTranslationKeyInfo }) {
  return (
    <Stack gap="lg">
      <Code>{info.key}</Code>
      {LANGUAGES.map((lang) => (
        <LanguageOverride key={`${lang}-${info.overrides[lang]?.id ?? 'none'}`} info={info} lang={lang} />
      ))}
    </Stack>
  );
}
