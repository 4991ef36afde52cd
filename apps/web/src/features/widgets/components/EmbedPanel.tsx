import { Button, Code, CopyButton, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { embedSnippets } from '../api.ts';

/** The embed code (script tag and iframe) with copy buttons, and a live preview of the saved widget. */
export function EmbedPanel({ slug, active }: { slug: string; active: boolean }) {
  const { t } = useTranslation();
  const snippets = embedSnippets(location.origin, slug, t('widgets.embed.frameTitle'));
  const block = (label: string, code: string, testId: string) => (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Code block data-testid={testId} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {code}
      </Code>
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <Button size="xs" variant={copied ? 'filled' : 'light'} onClick={copy} w="fit-content">
            {copied ? t('widgets.embed.copied') : `${t('widgets.embed.copy')}: ${label}`}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3}>{t('widgets.embed.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('widgets.embed.intro')}
          </Text>
          {block(t('widgets.embed.script'), snippets.script, 'widget-snippet')}
          {block(t('widgets.embed.iframe'), snippets.iframe, 'widget-iframe-snippet')}
        </Stack>
      </Paper>
      {active && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={3}>{t('widgets.embed.preview')}</Title>
            <iframe
              src={`/widget/${encodeURIComponent(slug)}?embed=1&preview=1`}
              title={`${t('widgets.embed.preview')}: ${t('widgets.embed.frameTitle')}`}
              style={{ width: '100%', height: 640, border: '1px solid var(--mantine-color-default-border)' }}
            />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
