import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n.ts';
import { ResourcePage, type TResourceField } from '../../../components/resource/ResourcePage.tsx';
import type { TFormDef } from '../api.ts';
import { FormBuilder } from '../components/FormBuilder.tsx';
import { localText } from '../components/FormView.tsx';

const SCOPES = { create: ['formdef.create'], update: ['formdef.update'], delete: ['formdef.delete'] };

const FIELDS: TResourceField[] = [
  { key: 'name', kind: 'text', required: true },
  { key: 'active', kind: 'switch', initial: true },
  { key: 'title', kind: 'translations', wide: true },
  { key: 'fields', kind: 'custom', wide: true, initial: [], render: (props) => <FormBuilder {...props} /> },
];

/** /formdef: the form templates with the builder in the drawer. */
export default function FormDefsPage() {
  const { t } = useTranslation();
  return (
    <ResourcePage<TFormDef & Record<string, unknown>>
      resource="formdef"
      title={t('routes.formDefinitions')}
      intro={t('customForms.builder.intro')}
      defaultSort="name"
      scopes={SCOPES}
      columns={[
        { key: 'name', sortable: true },
        { key: 'title', render: (row) => localText(row.title, currentLanguage()) },
        { key: 'fields', header: t('customForms.builder.fieldsCount'), render: (row) => row.fields.length },
        { key: 'formCount' },
        {
          key: 'active',
          sortable: true,
          render: (row) =>
            row.active ? (
              <Badge variant="light">{t('common.yes')}</Badge>
            ) : (
              <Badge color="gray">{t('common.no')}</Badge>
            ),
        },
      ]}
      fields={FIELDS}
    />
  );
}
