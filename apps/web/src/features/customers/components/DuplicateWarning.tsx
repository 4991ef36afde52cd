import { isIsoDate, type TDuplicateQuery } from '@atoll/domain/customers';
import { Alert, Anchor, List } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { READABLE_TITLE } from '../../../components/DetailPage.tsx';
import { routePath } from '../../../components/routePath.ts';
import { useDuplicates } from '../api.ts';
import type { TCustomerForm } from './customerForm.ts';

const DEBOUNCE_MS = 400;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the duplicate rule can compare yet: a whole e-mail, or first and last name with a birthday. */
function queryOf(form: TCustomerForm): TDuplicateQuery | null {
  const email = form.contact.email.trim();
  const { firstName, lastName, birthday } = form.masterData;
  const byName = firstName.trim() && lastName.trim() && isIsoDate(birthday);
  if (!EMAIL.test(email) && !byName) return null;
  return {
    ...(EMAIL.test(email) ? { email } : {}),
    ...(byName ? { firstName: firstName.trim(), lastName: lastName.trim(), birthday } : {}),
  };
}

/** A warning, not a block: the same name and birthday or e-mail may still be another person. */
export function DuplicateWarning({ form }: { form: TCustomerForm }) {
  const { t } = useTranslation();
  // Debounced as text: a new object on every render would restart the timer for ever.
  const [text] = useDebouncedValue(JSON.stringify(queryOf(form)), DEBOUNCE_MS);
  const query = JSON.parse(text) as TDuplicateQuery | null;
  const duplicates = useDuplicates(query ?? {}, query !== null);
  const matches = query ? (duplicates.data ?? []) : [];
  if (matches.length === 0) return null;
  return (
    <Alert
      color="yellow"
      styles={READABLE_TITLE}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('customers.edit.duplicateTitle')}
    >
      {t('customers.edit.duplicateText')}
      <List size="sm" mt="xs">
        {matches.map((m) => (
          <List.Item key={m.id}>
            <Anchor component={Link} to={routePath('customerView', { id: m.id })} size="sm">
              {m.fullName}
            </Anchor>
            {[m.birthday, m.email].filter(Boolean).length > 0 &&
              ` (${[m.birthday, m.email].filter(Boolean).join(', ')})`}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
