// Currencies and exchange rates: the picker list, the one base currency, rates valid on a day
// (direct, inverted, through the base), the generic resources and the all-or-nothing CSV import.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, expectError, type TTestApp } from '../../../test/harness.ts';
import { multipartFile } from '../../../test/png.ts';
import { today } from '../../clock.ts';
import { currencies, exchangeRates } from '../../db/schema.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let reader: string;
let editor: string;

async function currencyId(code: string) {
  const [row] = await t.database.db.select().from(currencies).where(eq(currencies.code, code));
  if (!row) throw new Error(`no currency ${code}`);
  return row.id;
}

const rateCount = async () => (await t.database.db.select({ n: count() }).from(exchangeRates))[0]?.n ?? 0;

function upload(csv: string, token: string | null = editor, name = 'rates.csv') {
  const form = multipartFile('file', name, 'text/csv', Buffer.from(csv));
  return t.app.inject({
    method: 'POST',
    url: '/api/exchangerate/import',
    payload: form.payload,
    headers: { ...form.headers, ...(token ? bearer(token) : {}) },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.login(...DEMO.admin), t.login(...DEMO.staff)]);
  [reader, editor] = await Promise.all([
    t.account('reader@example.com', ['settings.read']),
    t.account('editor@example.com', ['settings.update']),
  ]);
});
afterAll(() => t?.close());

describe('GET /api/settings/currencies', () => {
  it('lists the active currencies to anyone, EUR the base, symbols of spec §9', async () => {
    const res = await t.get('/api/settings/currencies');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { code: string; symbol: string; isBase: boolean; decimals: number }[];
    expect(list.map((c) => c.code)).toEqual([
      'EUR',
      'USD',
      'GBP',
      'PHP',
      'CHF',
      'IDR',
      'THB',
      'MXN',
      'EGP',
      'AUD',
    ]);
    expect(list.filter((c) => c.isBase).map((c) => c.code)).toEqual(['EUR']);
    expect(Object.fromEntries(list.slice(0, 4).map((c) => [c.code, c.symbol]))).toEqual({
      EUR: '€',
      USD: '$',
      GBP: '£',
      PHP: '₱',
    });
    expect(list[0]).toEqual({ code: 'EUR', name: 'Euro', symbol: '€', decimals: 2, isBase: true });
  });

  it('leaves inactive currencies out', async () => {
    const id = await currencyId('EGP');
    expect((await t.post(`/api/currency/${id}`, admin, { isActive: false })).statusCode).toBe(200);
    const codes = (await t.get('/api/settings/currencies')).json().map((c: { code: string }) => c.code);
    expect(codes).not.toContain('EGP');
    await t.post(`/api/currency/${id}`, admin, { isActive: true });
  });
});

describe('GET /api/settings/exchangeRate', () => {
  it('401 without login; any logged-in user may ask', async () => {
    expectError(await t.get('/api/settings/exchangeRate'), 401, 'UNAUTHORIZED');
    expect((await t.get('/api/settings/exchangeRate', staff)).statusCode).toBe(200);
  });

  it('answers each pair’s rate valid on the day', async () => {
    const spring = (await t.get('/api/settings/exchangeRate?date=2026-03-15', staff)).json();
    expect(spring.date).toBe('2026-03-15');
    expect(spring.base).toBe('EUR');
    expect(spring.rates).toContainEqual({ from: 'EUR', to: 'USD', rate: '1.05', validFrom: '2026-01-01' });
    const summer = (await t.get('/api/settings/exchangeRate?date=2026-07-01', staff)).json();
    expect(summer.rates).toContainEqual({ from: 'EUR', to: 'USD', rate: '1.08', validFrom: '2026-07-01' });
    expect((await t.get('/api/settings/exchangeRate?date=2025-12-31', staff)).json().rates).toEqual([]);
  });

  it('defaults to today in the installation’s time zone', async () => {
    expect((await t.get('/api/settings/exchangeRate', staff)).json().date).toBe(today());
  });

  it('answers one pair: direct, inverted, through the base, or itself', async () => {
    const one = (from: string, to: string) =>
      t.get(`/api/settings/exchangeRate?date=2026-08-01&from=${from}&to=${to}`, staff);
    expect((await one('EUR', 'USD')).json()).toEqual({
      from: 'EUR',
      to: 'USD',
      rate: '1.08',
      validFrom: '2026-07-01',
      date: '2026-08-01',
      how: 'direct',
    });
    expect((await one('USD', 'EUR')).json()).toMatchObject({ rate: '0.92592593', how: 'inverse' });
    // 1 GBP = 1/0.85 EUR, 1 EUR = 62.5 PHP → 73.52941176 PHP
    expect((await one('GBP', 'PHP')).json()).toMatchObject({ rate: '73.52941176', how: 'base' });
    expect((await one('PHP', 'PHP')).json()).toMatchObject({ rate: '1', how: 'same' });
  });

  it('404 when no rate is known, 400 for half a pair or a bad day', async () => {
    expectError(
      await t.get('/api/settings/exchangeRate?date=2025-06-01&from=EUR&to=USD', staff),
      404,
      'NOT_FOUND',
    );
    expectError(await t.get('/api/settings/exchangeRate?from=EUR&to=XXX', staff), 404, 'NOT_FOUND');
    expectError(await t.get('/api/settings/exchangeRate?from=EUR', staff), 400, 'ValidationError');
    expectError(await t.get('/api/settings/exchangeRate?date=2026-02-30', staff), 400, 'ValidationError');
    expectError(await t.get('/api/settings/exchangeRate?from=eur&to=usd', staff), 400, 'ValidationError');
  });
});

describe('/api/currency', () => {
  it('401, 403 without settings.read, reads with it, writes only with settings.update', async () => {
    expectError(await t.get('/api/currency'), 401, 'UNAUTHORIZED');
    expectError(await t.get('/api/currency', staff), 403, 'FORBIDDEN');
    expectError(await t.get('/api/currency/keys', staff), 403, 'FORBIDDEN');
    expect((await t.get('/api/currency', reader)).json().total).toBe(10);
    expectError(
      await t.post('/api/currency', reader, { code: 'JPY', name: 'Yen', symbol: '¥' }),
      403,
      'FORBIDDEN',
    );
    expectError(await t.post('/api/currency/1/base', reader), 403, 'FORBIDDEN');
    expectError(await t.del('/api/currency/1', reader), 403, 'FORBIDDEN');
  });

  it('keys: the codes the installation keeps', async () => {
    const keys = (await t.get('/api/currency/keys', reader)).json();
    expect(keys).toEqual(['AUD', 'CHF', 'EGP', 'EUR', 'GBP', 'IDR', 'MXN', 'PHP', 'THB', 'USD']);
  });

  it('creates, refuses a duplicate or a bad code, never makes a base on the side', async () => {
    const created = await t.post('/api/currency', editor, {
      code: 'JPY',
      name: 'Japanese Yen',
      symbol: '¥',
      decimals: 0,
      isBase: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code: 'JPY', decimals: 0, isBase: false, isActive: true });
    expectError(
      await t.post('/api/currency', editor, { code: 'JPY', name: 'Yen', symbol: '¥' }),
      409,
      'CONFLICT',
    );
    expectError(
      await t.post('/api/currency', editor, { code: 'yen', name: 'Yen', symbol: '¥' }),
      400,
      'ValidationError',
    );
    expectError(
      await t.post('/api/currency', editor, { code: 'JPX', name: 'X', symbol: 'X', decimals: 9 }),
      400,
      'ValidationError',
    );
    expectError(await t.post(`/api/currency/${created.json().id}/copy`, editor), 409, 'CONFLICT');
    expect((await t.del(`/api/currency/${created.json().id}`, editor)).statusCode).toBe(200);
  });

  it('deleting a currency that rates use, or the base, is a conflict', async () => {
    expectError(await t.del(`/api/currency/${await currencyId('USD')}`, editor), 409, 'CONFLICT');
    expectError(await t.del(`/api/currency/${await currencyId('EUR')}`, editor), 409, 'CONFLICT');
    const usd = await currencyId('USD');
    expectError(await t.post(`/api/currency/${usd}`, editor, { code: 'USN' }), 409, 'CONFLICT');
    const eur = await currencyId('EUR');
    expectError(await t.post(`/api/currency/${eur}`, editor, { isActive: false }), 409, 'CONFLICT');
  });

  it('changing the base is one deliberate call and leaves exactly one base', async () => {
    const usd = await currencyId('USD');
    const res = await t.post(`/api/currency/${usd}/base`, editor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 'USD', isBase: true });
    const bases = await t.database.db.select().from(currencies).where(eq(currencies.isBase, true));
    expect(bases.map((c) => c.code)).toEqual(['USD']);
    expect((await t.get('/api/settings/exchangeRate?date=2026-08-01', staff)).json().base).toBe('USD');
    expectError(await t.post('/api/currency/999999/base', editor), 404, 'NOT_FOUND');
    expectError(await t.post('/api/currency/abc/base', editor), 404, 'NOT_FOUND');
    expect((await t.post(`/api/currency/${await currencyId('EUR')}/base`, admin)).statusCode).toBe(200);
  });

  it('an inactive currency cannot become the base', async () => {
    const thb = await currencyId('THB');
    await t.post(`/api/currency/${thb}`, admin, { isActive: false });
    expectError(await t.post(`/api/currency/${thb}/base`, admin), 409, 'CONFLICT');
    await t.post(`/api/currency/${thb}`, admin, { isActive: true });
  });
});

describe('/api/exchangerate', () => {
  it('401, 403 for staff and for read-only writes', async () => {
    expectError(await t.get('/api/exchangerate'), 401, 'UNAUTHORIZED');
    expectError(await t.get('/api/exchangerate', staff), 403, 'FORBIDDEN');
    const body = { from: 'EUR', to: 'CHF', rate: '0.95', validFrom: '2026-09-01' };
    expectError(await t.post('/api/exchangerate', reader, body), 403, 'FORBIDDEN');
    expectError(await upload('from,to,rate,validFrom\n', reader), 403, 'FORBIDDEN');
    expectError(await upload('from,to,rate,validFrom\n', null), 401, 'UNAUTHORIZED');
  });

  it('a rate entered by hand, then used by the conversion', async () => {
    const created = await t.post('/api/exchangerate', editor, {
      from: 'EUR',
      to: 'USD',
      rate: '1.1234',
      validFrom: '2026-10-01',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ from: 'EUR', to: 'USD', rate: '1.1234', source: 'manual' });
    const one = await t.get('/api/settings/exchangeRate?date=2026-10-02&from=EUR&to=USD', staff);
    expect(one.json()).toMatchObject({ rate: '1.1234', validFrom: '2026-10-01' });
    // The same pair on the same day again is a conflict; an update changes it.
    const again = { from: 'EUR', to: 'USD', rate: '1.2', validFrom: '2026-10-01' };
    expectError(await t.post('/api/exchangerate', editor, again), 409, 'CONFLICT');
    const updated = await t.post(`/api/exchangerate/${created.json().id}`, editor, { rate: '1.125' });
    expect(updated.json()).toMatchObject({ rate: '1.125', to: 'USD' });
    const list = (
      await t.get('/api/exchangerate?filter={"from":"EUR","to":"USD"}&sort=validFrom&order=-1', reader)
    ).json();
    expect(list.data.map((r: { validFrom: string }) => r.validFrom)).toEqual([
      '2026-10-01',
      '2026-07-01',
      '2026-01-01',
    ]);
    expect((await t.del(`/api/exchangerate/${created.json().id}`, editor)).statusCode).toBe(200);
  });

  it('refuses bad rates, unknown or equal currencies', async () => {
    const base = { from: 'EUR', to: 'USD', validFrom: '2026-11-01' };
    for (const body of [
      { ...base, rate: 1.08 },
      { ...base, rate: '0' },
      { ...base, rate: '-1' },
      { ...base, rate: '1.123456789' },
      { ...base, rate: '1e3' },
      { ...base, rate: '1.1', validFrom: '2026-13-01' },
      { ...base, rate: '1.1', to: 'EUR' },
      { ...base, rate: '1.1', to: 'XYZ' },
    ])
      expectError(await t.post('/api/exchangerate', editor, body), 400, 'ValidationError');
    const [usdRate] = (await t.get('/api/exchangerate?filter={"to":"USD"}', reader)).json().data;
    expectError(
      await t.post(`/api/exchangerate/${usdRate.id}`, editor, { to: 'EUR' }),
      400,
      'ValidationError',
    );
  });
});

describe('POST /api/exchangerate/import', () => {
  it('imports every row and answers counts; replaces a pair’s rate of the same day', async () => {
    const before = await rateCount();
    const csv = [
      'from,to,rate,validFrom',
      'EUR,THB,39.1,2026-09-01',
      'EUR,AUD,1.7,2026-09-01',
      '"EUR","USD","1.06",2026-01-01',
      '',
    ].join('\r\n');
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 3, created: 2, updated: 1 });
    expect(await rateCount()).toBe(before + 2);
    const thb = await t.get('/api/settings/exchangeRate?date=2026-09-02&from=THB&to=EUR', staff);
    expect(thb.json()).toMatchObject({ rate: '0.02557545', how: 'inverse' });
    const usd = await t.get('/api/settings/exchangeRate?date=2026-02-01&from=EUR&to=USD', staff);
    expect(usd.json().rate).toBe('1.06');
    const [row] = (
      await t.get('/api/exchangerate?filter={"to":"THB","validFrom":"2026-09-01"}', reader)
    ).json().data;
    expect(row.source).toBe('import');
  });

  it('reads a spreadsheet’s semicolon file with decimal commas and no header', async () => {
    const res = await upload('\uFEFFEUR;CHF;0,96;2026-09-15\nEUR;GBP;0,86;2026-09-15\n');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 2, created: 2, updated: 0 });
  });

  it('writes nothing when one row is bad, and names every bad row', async () => {
    const before = await rateCount();
    const csv = [
      'from,to,rate,validFrom',
      'EUR,MXN,21.5,2026-10-01',
      'EUR,XXX,1.5,2026-10-01',
      'EUR,EGP,-3,2026-10-01',
      'EUR,MXN,22,2026-10-01',
      'EUR,EUR,1,2026-10-01',
      'EUR,IDR,17000,2026-02-30',
    ].join('\n');
    const res = await upload(csv);
    expectError(res, 400, 'ValidationError');
    const paths = res.json().details.map((d: { path: string }) => d.path);
    expect(paths).toEqual([
      'rows[3].to',
      'rows[4].rate',
      'rows[5].validFrom',
      'rows[6].to',
      'rows[7].validFrom',
    ]);
    expect(await rateCount()).toBe(before);
  });

  it('400 for an empty file, a missing column or no file; 415 without multipart', async () => {
    expectError(await upload('from,to,rate,validFrom\n'), 400, 'ValidationError');
    const missing = await upload('from,to,rate\nEUR,USD,1.1\n');
    expectError(missing, 400, 'ValidationError');
    expect(missing.json().details[0]).toMatchObject({ code: 'missing_column', path: 'rows[1].validFrom' });
    const boundary = '----empty';
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/exchangerate/import',
      payload: `--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(editor) },
    });
    expectError(empty, 400, 'ValidationError');
    expectError(
      await t.post('/api/exchangerate/import', editor, { csv: 'EUR,USD,1,2026-01-01' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('413 for a file over 1 MB', async () => {
    const big = `from,to,rate,validFrom\n${'EUR,USD,1.1,2026-01-01\n'.repeat(50_000)}`;
    expectError(await upload(big), 413, 'PAYLOAD_TOO_LARGE');
  });
});
