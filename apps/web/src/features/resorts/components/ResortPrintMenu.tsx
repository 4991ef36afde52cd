import { LANGUAGES } from '@atoll/domain/constants';
import { RESORT_LISTS } from '@atoll/domain/inventory/resorts';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconPrinter } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { printResortList } from '../api.ts';

/** The printed lists of a resort (rooms, room types, housekeeping) in either language. */
export function ResortPrintMenu({ resortId, resortName }: { resortId: number; resortName: string }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPrinter size={14} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {t('resorts.print.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((lang) => (
          <Fragment key={lang}>
            <Menu.Label>{t(`languages.${lang}`)}</Menu.Label>
            {RESORT_LISTS.map((list) => (
              <Menu.Item
                key={list}
                onClick={() => void printResortList(resortId, list, lang, `${resortName}-${list}.pdf`)}
              >
                {t(`resorts.print.lists.${list}`)}
              </Menu.Item>
            ))}
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
