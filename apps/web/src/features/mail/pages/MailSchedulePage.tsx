import {
  MAIL_SCHEDULE_ANCHORS,
  MAIL_SCHEDULE_STATES,
  type TMailSchedule,
  type TMailScheduleAnchor,
} from '@atoll/domain/mail/schedule';
import { Badge, MultiSelect } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { useAssetOptions } from '../../prices/api.ts';
import { useActiveMailTemplates } from '../api.ts';
import { MailScheduleTest } from '../components/MailScheduleTest.tsx';

type TRow = TMailSchedule & Record<string, unknown>;
const SCOPES = {
  create: ['mailschedule.create'],
  update: ['mailschedule.update'],
  delete: ['mailschedule.delete'],
};

/** "7 days before arrival", "On the day of departure". */
export function scheduleWhen(t: TFunction, anchor: TMailScheduleAnchor, days: number) {
  const side = days < 0 ? 'before' : days > 0 ? 'after' : 'on';
  return t(`mail.schedule.when.${anchor}.${side}`, { count: Math.abs(days) });
}

/**
 * /config/mailschedule: the mail scheduler's rules (switch mailScheduler): which template goes to which
 * bookings on which day; a rule's drawer sends a test to the user.
 */
export default function MailSchedulePage() {
  const { t } = useTranslation();
  const templates = useActiveMailTemplates().data ?? [];
  const assets = useAssetOptions();
  const templatesIn = (language: string) =>
    templates
      .filter((tpl) => tpl.language === language)
      .map((tpl) => ({ value: String(tpl.id), label: `${tpl.name} (${t(`mail.states.${tpl.state}`)})` }));
  const templateName = (id: number | null) => templates.find((tpl) => tpl.id === id)?.name;
  const stateOptions = MAIL_SCHEDULE_STATES.map((s) => ({
    value: s,
    label: t(`bookings.stateFilters.${s}`),
  }));
  return (
    <ResourcePage<TRow>
      resource="mailschedule"
      title={t('routes.mailSchedule')}
      intro={t('mail.schedule.intro')}
      defaultSort="name"
      scopes={SCOPES}
      columns={[
        { key: 'name', sortable: true },
        { key: 'when', render: (row) => scheduleWhen(t, row.anchor, row.days) },
        {
          key: 'templateIdDe',
          render: (row) => templateName(row.templateIdDe) ?? t('mail.schedule.noTemplate'),
        },
        {
          key: 'templateIdEn',
          render: (row) => templateName(row.templateIdEn) ?? t('mail.schedule.noTemplate'),
        },
        {
          key: 'isActive',
          sortable: true,
          render: (row) =>
            row.isActive ? null : (
              <Badge size="sm" variant="light" color="gray">
                {t('mail.schedule.inactive')}
              </Badge>
            ),
        },
      ]}
      filters={[
        {
          key: 'anchor',
          options: MAIL_SCHEDULE_ANCHORS.map((a) => ({ value: a, label: t(`mail.schedule.anchors.${a}`) })),
        },
      ]}
      fields={[
        { key: 'name', kind: 'text', required: true },
        { key: 'isActive', kind: 'switch', initial: true },
        {
          key: 'anchor',
          kind: 'select',
          required: true,
          initial: 'arrival',
          options: MAIL_SCHEDULE_ANCHORS.map((a) => ({ value: a, label: t(`mail.schedule.anchors.${a}`) })),
        },
        {
          key: 'days',
          kind: 'number',
          required: true,
          initial: -7,
          min: -365,
          max: 365,
          description: t('mail.schedule.daysHint'),
        },
        { key: 'templateIdDe', kind: 'select', numeric: true, initial: null, options: templatesIn('de') },
        { key: 'templateIdEn', kind: 'select', numeric: true, initial: null, options: templatesIn('en') },
        {
          key: 'states',
          kind: 'custom',
          initial: ['confirmed', 'resolved'],
          wide: true,
          render: ({ value, onChange, label, error, disabled }) => (
            <MultiSelect
              label={label}
              description={t('mail.schedule.statesHint')}
              error={error}
              disabled={disabled}
              data={stateOptions}
              value={(value as string[] | null) ?? []}
              onChange={onChange}
            />
          ),
        },
        {
          key: 'resortId',
          kind: 'select',
          numeric: true,
          initial: null,
          options: assets.resorts,
          description: t('mail.schedule.assetHint'),
        },
        {
          key: 'vesselId',
          kind: 'select',
          numeric: true,
          initial: null,
          options: assets.vessels,
          description: t('mail.schedule.assetHint'),
        },
        {
          key: 'includeAgencyBookings',
          kind: 'switch',
          wide: true,
          description: t('mail.schedule.agencyHint'),
        },
      ]}
      extra={(row) => <MailScheduleTest ruleId={row.id} />}
    />
  );
}
