import type { TStatementEntry } from '@atoll/domain/banks/statement';
import { D } from '@atoll/domain/money';
import { badRequest } from '../../http/errors.ts';

type TParsed = { row: number; entry: TStatementEntry };

// SWIFT MT940 customer statements as German banks write them (docs/domain/bank-formats.md): one or more
// statements (:20: … :62F:), a transaction per :61: line with its :86: details, in the German structured
// form (`?20`–`?29` purpose with the SEPA tags EREF+, SVWZ+, `?32`/`?33` the other party) or as free text.
// No maintained MT940 parser is on the registry (the used ones were last released years ago and give
// amounts as floats), so this small one reads the tags the import needs.

const TAG = /^:(\d{2}[A-Z]?):/;
/** :61: value date, entry date, mark, funds code, amount, type, customer reference, bank reference. */
const LINE_61 =
  /^(\d{2})(\d{2})(\d{2})(\d{4})?(R?[CD])([A-Z])?(\d{1,12},\d{0,2})([A-Z][A-Z0-9]{3})([^/\n]*?)(?:\/\/([^\n]*))?(?:\n|$)/;
const BALANCE = /^[CD]\d{6}([A-Z]{3})\d/;
const SEPA_TAGS = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC)\+/g;

type TTag = { tag: string; value: string };

/** The tags of the file in order; continuation lines belong to the tag above them. */
function tagsOf(text: string): TTag[] {
  const tags: TTag[] = [];
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    // Lines keep their trailing spaces: the purpose is cut at a fixed width, a space may end a line.
    const line = raw;
    const match = TAG.exec(line);
    if (match?.[1]) tags.push({ tag: match[1], value: line.slice(match[0].length) });
    else if (['-', ''].includes(line.trim()) || /^[{}]/.test(line)) continue;
    else {
      const last = tags.at(-1);
      if (last) last.value += `\n${line}`;
    }
  }
  return tags;
}

/** The German structured :86: field: purpose, other party and end-to-end id; free text as it is. */
export function details86(value: string): { reference: string | null; counterparty: string | null } {
  const flat = value.replace(/\n/g, '');
  if (!/^\d{3}\?/.test(flat)) {
    const free = value.replace(/\n/g, ' ').trim();
    return { reference: free || null, counterparty: null };
  }
  const fields = new Map<string, string>();
  for (const part of flat.slice(3).split('?').slice(1)) {
    const key = part.slice(0, 2);
    fields.set(key, (fields.get(key) ?? '') + part.slice(2));
  }
  const purposeKeys = ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '60', '61', '62', '63'];
  const purpose = purposeKeys.map((k) => fields.get(k) ?? '').join('');
  const tagged = new Map<string, string>();
  const marks = [...purpose.matchAll(SEPA_TAGS)];
  marks.forEach((m, i) => {
    const end = marks[i + 1]?.index ?? purpose.length;
    tagged.set(m[1] ?? '', purpose.slice((m.index ?? 0) + m[0].length, end).trim());
  });
  const e2e = tagged.get('EREF');
  const text = marks.length ? (tagged.get('SVWZ') ?? '') : purpose.trim();
  const reference = [text, ...(e2e && e2e !== 'NOTPROVIDED' ? [`EREF ${e2e}`] : [])]
    .filter(Boolean)
    .join(' ');
  const counterparty = `${fields.get('32') ?? ''}${fields.get('33') ?? ''}`.trim();
  return { reference: reference || null, counterparty: counterparty || null };
}

/** The entries of an MT940 file; 400 naming the first line that cannot be read. */
export function readMt940(text: string, bankCurrency: string): TParsed[] {
  const tags = tagsOf(text);
  if (!tags.some((t) => t.tag === '20') || !tags.some((t) => t.tag === '61' || t.tag.startsWith('60')))
    throw badRequest('The file is not an MT940 statement', 'file');
  const parsed: TParsed[] = [];
  let currency = bankCurrency;
  let row = 0;
  for (const [i, { tag, value }] of tags.entries()) {
    if (tag === '60F' || tag === '60M') currency = BALANCE.exec(value)?.[1] ?? currency;
    if (tag !== '61') continue;
    row += 1;
    const m = LINE_61.exec(value);
    if (!m)
      throw badRequest(`Transaction ${row} (:61:${value.split('\n')[0]}) cannot be read`, `entries/${row}`);
    const [, yy, mm, dd, entry, mark, , amountText, , , bankRef] = m;
    const year = 2000 + Number(yy);
    // The entry (booking) date has no year: the value date's, or the next when it passes the new year.
    let date = `${year}-${mm}-${dd}`;
    if (entry) {
      const entryMonth = Number(entry.slice(0, 2));
      const entryYear =
        Number(mm) === 12 && entryMonth === 1
          ? year + 1
          : Number(mm) === 1 && entryMonth === 12
            ? year - 1
            : year;
      date = `${entryYear}-${entry.slice(0, 2)}-${entry.slice(2)}`;
    }
    if (Number.isNaN(Date.parse(date)))
      throw badRequest(`Transaction ${row} has no valid date`, `entries/${row}`);
    // C credit, D debit; RC (reversal of a credit) takes money out, RD gives it back.
    const sign = mark === 'C' || mark === 'RD' ? 1 : -1;
    const amount = new D((amountText ?? '0').replace(',', '.')).times(sign).toFixed(2);
    const next = tags[i + 1];
    const info = next?.tag === '86' ? details86(next.value) : { reference: null, counterparty: null };
    const bank = bankRef?.trim();
    const entryRow: TStatementEntry = {
      date,
      amount,
      currency,
      counterparty: info.counterparty,
      reference: info.reference,
      externalId: bank && bank !== 'NONREF' ? bank : null,
    };
    parsed.push({ row, entry: entryRow });
  }
  return parsed;
}
