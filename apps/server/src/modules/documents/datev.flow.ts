import { SETTINGS_DEFAULTS, ZAccountingSettings } from '@atoll/domain/settings';
import type { TSessionUser } from '@atoll/domain/users';
import type { Executor } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { createSettingsRepository } from '../settings/settings.repository.ts';
import { datevAccounts, datevCsv, datevLines, toWindows1252 } from './datev.ts';
import { createDocumentsRepository } from './documents.repository.ts';

// The DATEV export of a period's invoices and payments (docs/domain/datev-export.md).

const repository = createDocumentsRepository();
const settings = createSettingsRepository();

/** The accounting settings as stored over their defaults (a stored value that is not valid: the default). */
async function accountingSettings(ex: Executor) {
  const stored = Object.fromEntries((await settings.group(ex, 'accounting')).map((r) => [r.key, r.value]));
  const merged = { ...SETTINGS_DEFAULTS.accounting, ...stored };
  const parsed = ZAccountingSettings.safeParse(merged);
  return parsed.success ? parsed.data : SETTINGS_DEFAULTS.accounting;
}

export async function datevExport(ex: Executor, user: TSessionUser, period: { from: string; to: string }) {
  if (period.from > period.to) throw badRequest('from must not be after to', 'querystring/from');
  // Belegdatum is day and month only: one file holds one year.
  if (period.from.slice(0, 4) !== period.to.slice(0, 4))
    throw badRequest('from and to must be in the same year', 'querystring/to');
  const config = await accountingSettings(ex);
  const accounts = datevAccounts(config);
  const invoices = (await repository.invoicesBetween(ex, period.from, period.to)).map((i) => ({
    number: i.number,
    date: i.date,
    kind: i.kind,
    currency: i.currency,
    recipient: (i.recipient as { name?: string }).name ?? '',
    taxBreakdown: i.taxBreakdown as { rate: string; net: string; tax: string; gross: string }[],
  }));
  const payments = await repository.paymentsBetween(ex, period.from, period.to);
  const csv = datevCsv({
    lines: datevLines(invoices, payments, accounts),
    ...period,
    consultant: config.datevConsultant,
    client: config.datevClient,
    chart: accounts.chart,
    exportedBy: user.name || user.email,
    createdAt: new Date(),
    currency: 'EUR',
  });
  return {
    body: toWindows1252(csv),
    fileName: `EXTF_Buchungsstapel_${period.from}_${period.to}.csv`,
  };
}
