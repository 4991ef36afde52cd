import { LANGUAGES } from '@atoll/domain/constants';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconPrinter } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../components/downloadFile.ts';
import { useAgencyTemplates } from '../api.ts';

/**
 * The printable documents of an agency (`GET /api/agencies/{id}/print/{template}`) in either language,
 * named in the language they are printed in: an English agency's contract may be printed from a German screen.
 */
export function AgencyPrintMenu({ agencyId }: { agencyId: number }) {
  const { t } = useTranslation();
  const templates = useAgencyTemplates();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPrinter size={14} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={templates.isPending}
        >
          {t('agencies.edit.print')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((lang) => (
          <Fragment key={lang}>
            <Menu.Label>{t(`agencies.languages.${lang}`)}</Menu.Label>
            {(templates.data ?? []).map((template) => (
              <Menu.Item
                key={template.key}
                lang={lang}
                onClick={() =>
                  void downloadFile(
                    `/agencies/${agencyId}/print/${template.key}`,
                    { lang },
                    `${template.name[lang]}.pdf`,
                  )
                }
              >
                {template.name[lang]}
              </Menu.Item>
            ))}
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
