import { EMPLOYEE_ROLES, type TEmployee } from '@atoll/domain/dive';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { DIVE_SCOPES, valueOptions } from '../components/options.ts';

type TRow = TEmployee & Record<string, unknown>;

/** /employee: guides, instructors, captains, crew and office with their certifications. */
export default function EmployeesPage() {
  const { t } = useTranslation();
  const roles = valueOptions(t, 'roles', EMPLOYEE_ROLES);
  return (
    <ResourcePage<TRow>
      resource="employee"
      title={t('routes.employees')}
      intro={t('dive.employees.intro')}
      defaultSort="name"
      scopes={DIVE_SCOPES('employee')}
      columns={[
        { key: 'name', sortable: true },
        { key: 'role', sortable: true, render: (row) => t(`dive.roles.${row.role}`) },
        { key: 'email', sortable: true },
        { key: 'certifications', wrap: true },
      ]}
      filters={[{ key: 'role', options: roles }]}
      fields={[
        { key: 'name', kind: 'text', required: true },
        { key: 'role', kind: 'select', options: roles, initial: 'guide', required: true },
        { key: 'email', kind: 'text' },
        { key: 'phone', kind: 'text' },
        { key: 'certifications', kind: 'textarea', wide: true },
        { key: 'isActive', kind: 'switch', initial: true },
      ]}
    />
  );
}
