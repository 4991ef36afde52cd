import type { TStatementEntry } from '@atoll/domain/banks/statement';
import { D } from '@atoll/domain/money';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { badRequest } from '../../http/errors.ts';

type TParsed = { row: number; entry: TStatementEntry };

// ISO 20022 camt.053 bank-to-customer statements, versions 02 and 08 (docs/domain/bank-formats.md): every
// entry (Ntry) of every statement (Stmt) of the account; an entry with several transactions of their own
// amounts (a batch) gives one bank entry per transaction.

const VERSION = /urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.(\d\d)/;
const SUPPORTED = new Set(['02', '08']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd'].includes(name),
});

type TNode = Record<string, unknown>;
const node = (v: unknown): TNode => (v && typeof v === 'object' && !Array.isArray(v) ? (v as TNode) : {});
const nodes = (v: unknown): TNode[] => (Array.isArray(v) ? v.map(node) : v === undefined ? [] : [node(v)]);
const at = (root: unknown, ...keys: string[]) => keys.reduce<unknown>((n, k) => node(n)[k], root);
const text = (v: unknown): string | null => {
  const t = typeof v === 'string' ? v : node(v)['#text'];
  return typeof t === 'string' && t.trim() ? t.trim() : null;
};
/** A name of a party in either version: 02 `Dbtr/Nm`, 08 `Dbtr/Pty/Nm`. */
const partyName = (party: unknown) => text(at(party, 'Nm')) ?? text(at(party, 'Pty', 'Nm'));

function amountOf(amt: unknown, sign: 1 | -1): { amount: string; currency: string | null } | null {
  const value = text(amt);
  if (!value || !/^\d+(\.\d{1,5})?$/.test(value)) return null;
  return { amount: new D(value).times(sign).toFixed(2), currency: text(node(amt)['@Ccy']) };
}

/** The entries of a camt.053 file; 400 when it is not one (or a version other than 02 and 08). */
export function readCamt053(xml: string, bankCurrency: string): TParsed[] {
  const version = VERSION.exec(xml.slice(0, 2000))?.[1];
  if (!version) throw badRequest('The file is not a camt.053 statement', 'file');
  if (!SUPPORTED.has(version))
    throw badRequest(`camt.053 version ${version} is not supported (02 and 08 are)`, 'file');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw badRequest(`The XML is not well-formed: ${valid.err.msg}`, 'file');
  const statements = nodes(at(parser.parse(xml), 'Document', 'BkToCstmrStmt', 'Stmt'));
  if (statements.length === 0) throw badRequest('The file holds no statement', 'file');
  const parsed: TParsed[] = [];
  let row = 0;
  for (const statement of statements) {
    for (const ntry of nodes(statement.Ntry)) {
      row += 1;
      const sign = text(ntry.CdtDbtInd) === 'DBIT' ? -1 : 1;
      const date =
        text(at(ntry, 'BookgDt', 'Dt')) ??
        text(at(ntry, 'BookgDt', 'DtTm'))?.slice(0, 10) ??
        text(at(ntry, 'ValDt', 'Dt'));
      const whole = amountOf(ntry.Amt, sign);
      if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !whole)
        throw badRequest(`Entry ${row} has no valid booking date or amount`, `entries/${row}`);
      const bankRef = text(ntry.AcctSvcrRef);
      const txs = nodes(ntry.NtryDtls).flatMap((d) => nodes(d.TxDtls));
      const own = txs.map((tx) => amountOf(at(tx, 'AmtDtls', 'TxAmt', 'Amt') ?? tx.Amt, sign));
      const split = txs.length > 1 && own.every((a) => a !== null);
      const parts = split ? txs : [txs[0] ?? {}];
      parts.forEach((tx, i) => {
        const money = split ? (own[i] ?? whole) : whole;
        const e2e = text(at(tx, 'Refs', 'EndToEndId'));
        const remittance = nodes(at(tx, 'RmtInf')).flatMap((r) => {
          const lines = r.Ustrd;
          return (Array.isArray(lines) ? lines : []).map(text).filter((l): l is string => l !== null);
        });
        const structured = text(at(tx, 'RmtInf', 'Strd', 'CdtrRefInf', 'Ref'));
        const reference = [
          ...remittance,
          ...(structured ? [structured] : []),
          ...(e2e && e2e !== 'NOTPROVIDED' ? [`EREF ${e2e}`] : []),
        ].join(' ');
        const counterparty = partyName(at(tx, 'RltdPties', sign === 1 ? 'Dbtr' : 'Cdtr'));
        const entry: TStatementEntry = {
          date,
          amount: money.amount,
          currency: money.currency ?? bankCurrency,
          counterparty,
          reference: reference || text(ntry.AddtlNtryInf),
          externalId: bankRef ? (split ? `${bankRef}/${i + 1}` : bankRef) : null,
        };
        parsed.push({ row, entry });
      });
    }
  }
  return parsed;
}
