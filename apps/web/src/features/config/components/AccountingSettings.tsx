import { useTranslation } from 'react-i18next';
import { GroupForm } from './GroupForm.tsx';

/** /config/settings/accounting: the e-invoice syntax and the DATEV export's chart and numbers. */
export function AccountingSettings() {
  const { t } = useTranslation();
  return (
    <GroupForm
      group="accounting"
      fields={[
        {
          key: 'einvoiceSyntax',
          kind: 'select',
          options: [
            { value: 'cii', label: 'CII (UN/CEFACT)' },
            { value: 'ubl', label: 'UBL (OASIS)' },
          ],
          label: t('config.accounting.einvoiceSyntax'),
          description: t('config.accounting.einvoiceSyntaxHint'),
        },
        {
          key: 'zugferdMail',
          kind: 'switch',
          label: t('config.accounting.zugferdMail'),
          description: t('config.accounting.zugferdMailHint'),
        },
        {
          key: 'datevChart',
          kind: 'select',
          options: [
            { value: 'SKR03', label: 'SKR03' },
            { value: 'SKR04', label: 'SKR04' },
          ],
          label: t('config.accounting.datevChart'),
          description: t('config.accounting.datevChartHint'),
        },
        {
          key: 'datevConsultant',
          kind: 'number',
          min: 1001,
          max: 9_999_999,
          label: t('config.accounting.datevConsultant'),
        },
        {
          key: 'datevClient',
          kind: 'number',
          min: 1,
          max: 99_999,
          label: t('config.accounting.datevClient'),
        },
      ]}
    />
  );
}
