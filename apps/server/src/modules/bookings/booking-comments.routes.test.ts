// /api/bookingcomment: the comments of a booking (docs/domain/lifecycle.md "Comments"). The office reads and
// writes all of them; an author changes only their own, an administrator any; agents and customers read the
// public ones of their own bookings and add public ones there; another agency's booking or comment is 404 in list,
// detail and CSV; 401, 403, 400 and 404.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, type TWorld, tripBody } from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';
import { bookingComments, users } from '../../db/schema.ts';

let w: TWorld;
let otherStaff: string;
let noScope: string;
/** Bookings: the agent's agency's, another agency's, the demo customer's, one deleted. */
let agents: number;
let foreign: number;
let customers: number;
let gone: number;

type TComment = {
  id: number;
  bookingId: number;
  text: string;
  internal: boolean;
  userId: number | null;
  authorName: string | null;
};
type TList = { data: TComment[]; total: number };

const BASE = '/api/bookingcomment';
const createBooking = async (body: unknown, token = w.tokens.staff) =>
  (ok(await w.t.post('/api/bookings', token, body), 201) as { id: number }).id;
const comment = async (token: string, body: object) => ok(await w.t.post(BASE, token, body), 201) as TComment;
const ofBooking = (bookingId: number) => `filter=${encodeURIComponent(JSON.stringify({ bookingId }))}`;
const list = async (token: string, query = '') =>
  ok(await w.t.get(`${BASE}?size=0&${query}`, token)) as TList;
const texts = (answer: TList) => answer.data.map((c) => c.text).sort();

beforeAll(async () => {
  w = await bookingWorld();
  otherStaff = await w.t.account('office2@example.com', ['bookings.read', 'bookings.update']);
  noScope = await w.t.account('nobody@example.com', ['customers.read']);
  const [maria] = await w.db
    .select({ customerId: users.customerId })
    .from(users)
    .where(eq(users.email, 'customer@example.com'));
  agents = await createBooking(tripBody(await w.cabin(), w.departure), w.tokens.agent);
  foreign = await createBooking(tripBody(await w.cabin(), w.departure, { agencyId: w.agencyId }));
  customers = await createBooking(
    tripBody(await w.cabin(), w.departure, { customerId: maria?.customerId ?? 0 }),
  );
  gone = await createBooking(tripBody(await w.cabin(), w.departure));
  const { version } = ok(await w.t.get(`/api/bookings/${gone}`, w.tokens.staff));
  ok(await w.t.del(`/api/bookings/${gone}?version=${version}`, w.tokens.staff));
});
afterAll(() => w?.t.close());

describe('the office', () => {
  it('adds an internal comment by default and a public one on request, with the author', async () => {
    const internal = await comment(w.tokens.staff, { bookingId: agents, text: '  Guest asked for nitrox  ' });
    expect(internal).toMatchObject({
      bookingId: agents,
      text: 'Guest asked for nitrox',
      internal: true,
      authorName: 'Demo Staff',
    });
    expect(internal.userId).toEqual(expect.any(Number));
    const open = await comment(w.tokens.staff, {
      bookingId: agents,
      text: 'Transfer at 9:00',
      internal: false,
    });
    expect(open.internal).toBe(false);
    expect(ok(await w.t.get(`${BASE}/${internal.id}`, w.tokens.staff))).toMatchObject({
      text: 'Guest asked for nitrox',
      authorName: 'Demo Staff',
    });
    const answer = await list(w.tokens.staff, `${ofBooking(agents)}&sort=createdAt&order=-1`);
    expect(answer.total).toBe(2);
    expect(answer.data.map((c) => c.id)).toEqual([open.id, internal.id]);
  });

  it('changes its own comment; another office user may not, an administrator may', async () => {
    const mine = await comment(w.tokens.staff, { bookingId: foreign, text: 'Deposit promised' });
    const changed = ok(
      await w.t.post(`${BASE}/${mine.id}`, w.tokens.staff, { text: 'Deposit paid', internal: false }),
    );
    expect(changed).toMatchObject({ text: 'Deposit paid', internal: false });
    // A partial change leaves the rest alone.
    expect(ok(await w.t.post(`${BASE}/${mine.id}`, w.tokens.staff, { text: 'Deposit paid.' }))).toMatchObject(
      {
        internal: false,
      },
    );
    expectError(await w.t.post(`${BASE}/${mine.id}`, otherStaff, { text: 'mine now' }), 403, 'FORBIDDEN');
    expectError(await w.t.del(`${BASE}/${mine.id}`, otherStaff), 403, 'FORBIDDEN');
    expect(ok(await w.t.post(`${BASE}/${mine.id}`, w.tokens.admin, { text: 'Checked by admin' })).text).toBe(
      'Checked by admin',
    );
    ok(await w.t.del(`${BASE}/${mine.id}`, w.tokens.admin));
    expectError(await w.t.get(`${BASE}/${mine.id}`, w.tokens.staff), 404, 'NOT_FOUND');
  });

  it('copies a comment as a new one of the copier on the same booking', async () => {
    const source = await comment(w.tokens.staff, { bookingId: foreign, text: 'Vegetarian meals' });
    const copy = ok(await w.t.post(`${BASE}/${source.id}/copy`, otherStaff), 201) as TComment;
    expect(copy).toMatchObject({ bookingId: foreign, text: 'Vegetarian meals', internal: true });
    expect(copy.id).not.toBe(source.id);
    expect(copy.userId).not.toBe(source.userId);
    ok(await w.t.del(`${BASE}/${copy.id}`, otherStaff));
  });

  it('searches, filters and sorts the list', async () => {
    await comment(w.tokens.staff, { bookingId: customers, text: 'Needs a wetsuit XL' });
    await comment(w.tokens.staff, { bookingId: customers, text: 'Allergic to penicillin', internal: false });
    expect(texts(await list(w.tokens.staff, `search=WETSUIT`))).toEqual(['Needs a wetsuit XL']);
    const filter = encodeURIComponent(JSON.stringify({ bookingId: customers, internal: false }));
    expect(texts(await list(w.tokens.staff, `filter=${filter}`))).toEqual(['Allergic to penicillin']);
    expectError(await w.t.get(`${BASE}?sort=password`, w.tokens.staff), 400, 'ValidationError');
    const bad = encodeURIComponent(JSON.stringify({ internal: 'maybe' }));
    expectError(await w.t.get(`${BASE}?filter=${bad}`, w.tokens.staff), 400, 'ValidationError');
  });
});

describe('bad requests', () => {
  it('answers 401 without a login and 403 without a booking scope', async () => {
    expectError(await w.t.get(BASE), 401, 'UNAUTHORIZED');
    expectError(await w.t.post(BASE, undefined, { bookingId: agents, text: 'x' }), 401, 'UNAUTHORIZED');
    expectError(await w.t.get(BASE, noScope), 403, 'FORBIDDEN');
    expectError(await w.t.get(`${BASE}/listCSV`, noScope), 403, 'FORBIDDEN');
    expectError(await w.t.post(BASE, noScope, { bookingId: agents, text: 'x' }), 403, 'FORBIDDEN');
  });

  it('answers 400 for an empty, blank or too long text and a bad body, and writes nothing', async () => {
    const before = await w.count('booking_comments');
    for (const body of [
      { bookingId: agents, text: '' },
      { bookingId: agents, text: '   ' },
      { bookingId: agents, text: 'x'.repeat(5001) },
      { bookingId: agents },
      { text: 'no booking' },
      { bookingId: 'one', text: 'x' },
      { bookingId: agents, text: 'x', internal: 'yes' },
    ]) {
      const res = await w.t.post(BASE, w.tokens.staff, body);
      expectError(res, 400, 'ValidationError');
      expect(res.json().details?.length).toBeGreaterThan(0);
    }
    // 5,000 characters are allowed.
    const long = await comment(w.tokens.staff, { bookingId: agents, text: 'y'.repeat(5000) });
    expectError(await w.t.post(`${BASE}/${long.id}`, w.tokens.staff, { text: ' ' }), 400, 'ValidationError');
    ok(await w.t.del(`${BASE}/${long.id}`, w.tokens.staff));
    expect(await w.count('booking_comments')).toBe(before);
  });

  it('answers 400 for a booking that does not exist or is deleted, 404 for an unknown comment', async () => {
    for (const bookingId of [999_999, gone]) {
      const res = await w.t.post(BASE, w.tokens.staff, { bookingId, text: 'Hello' });
      expectError(res, 400, 'ValidationError');
      expect(res.json().details[0].path).toBe('bookingId');
    }
    expectError(await w.t.get(`${BASE}/999999`, w.tokens.staff), 404, 'NOT_FOUND');
    expectError(await w.t.post(`${BASE}/999999`, w.tokens.staff, { text: 'x' }), 404, 'NOT_FOUND');
    expectError(await w.t.del(`${BASE}/999999`, w.tokens.staff), 404, 'NOT_FOUND');
    expectError(await w.t.post(`${BASE}/999999/copy`, w.tokens.staff), 404, 'NOT_FOUND');
    expectError(await w.t.get(`${BASE}/1.5`, w.tokens.staff), 400, 'ValidationError');
  });
});

describe('agents and customers', () => {
  let staffInternal: TComment;
  let staffPublic: TComment;
  let foreignPublic: TComment;

  beforeAll(async () => {
    staffInternal = await comment(w.tokens.staff, { bookingId: agents, text: 'Agency pays late' });
    staffPublic = await comment(w.tokens.staff, {
      bookingId: agents,
      text: 'Cabin upgraded',
      internal: false,
    });
    foreignPublic = await comment(w.tokens.staff, {
      bookingId: foreign,
      text: 'Other agency note',
      internal: false,
    });
  });

  it('the agent reads only the public comments of its own agency’s bookings', async () => {
    const seen = await list(w.tokens.agent);
    expect(seen.data.every((c) => c.bookingId === agents && !c.internal)).toBe(true);
    expect(seen.data.map((c) => c.id)).toContain(staffPublic.id);
    expect(seen.total).toBe(seen.data.length);
    ok(await w.t.get(`${BASE}/${staffPublic.id}`, w.tokens.agent));
    // Internal or another agency's: not there at all.
    expectError(await w.t.get(`${BASE}/${staffInternal.id}`, w.tokens.agent), 404, 'NOT_FOUND');
    expectError(await w.t.get(`${BASE}/${foreignPublic.id}`, w.tokens.agent), 404, 'NOT_FOUND');
    expect((await list(w.tokens.agent, ofBooking(foreign))).total).toBe(0);
    const csv = await w.t.get(`${BASE}/listCSV`, w.tokens.agent);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Cabin upgraded');
    expect(csv.body).not.toContain('Agency pays late');
    expect(csv.body).not.toContain('Other agency note');
    // The office's CSV has them all.
    const office = await w.t.get(`${BASE}/listCSV`, w.tokens.staff);
    expect(office.body).toContain('Agency pays late');
    expect(office.body).toContain('Other agency note');
  });

  it('the agent adds public comments to its own bookings only and changes only its own', async () => {
    const mine = await comment(w.tokens.agent, { bookingId: agents, text: 'Client arrives late' });
    expect(mine).toMatchObject({ internal: false, authorName: 'Demo Agent' });
    expectError(
      await w.t.post(BASE, w.tokens.agent, { bookingId: agents, text: 'secret', internal: true }),
      403,
      'FORBIDDEN',
    );
    // Another agency's booking answers as one that does not exist.
    const elsewhere = await w.t.post(BASE, w.tokens.agent, { bookingId: foreign, text: 'Hi' });
    expectError(elsewhere, 400, 'ValidationError');
    expect(elsewhere.json().description).toBe('The booking does not exist');
    expect(
      ok(await w.t.post(`${BASE}/${mine.id}`, w.tokens.agent, { text: 'Client arrives at 22:00' })).text,
    ).toBe('Client arrives at 22:00');
    expectError(await w.t.post(`${BASE}/${mine.id}`, w.tokens.agent, { internal: true }), 403, 'FORBIDDEN');
    expectError(await w.t.post(`${BASE}/${staffPublic.id}`, w.tokens.agent, { text: 'x' }), 403, 'FORBIDDEN');
    expectError(await w.t.del(`${BASE}/${staffPublic.id}`, w.tokens.agent), 403, 'FORBIDDEN');
    expectError(
      await w.t.post(`${BASE}/${foreignPublic.id}`, w.tokens.agent, { text: 'x' }),
      404,
      'NOT_FOUND',
    );
    expectError(await w.t.del(`${BASE}/${foreignPublic.id}`, w.tokens.agent), 404, 'NOT_FOUND');
    expectError(await w.t.post(`${BASE}/${staffInternal.id}/copy`, w.tokens.agent), 404, 'NOT_FOUND');
    // The office sees the agent's comment with its author.
    expect(ok(await w.t.get(`${BASE}/${mine.id}`, w.tokens.staff))).toMatchObject({
      authorName: 'Demo Agent',
    });
    ok(await w.t.del(`${BASE}/${mine.id}`, w.tokens.agent));
    const [row] = await w.db.select().from(bookingComments).where(eq(bookingComments.id, mine.id));
    expect(row).toBeUndefined();
  });

  it('the customer reads and adds public comments of its own bookings, nothing else', async () => {
    const internal = await comment(w.tokens.staff, { bookingId: customers, text: 'Check passport' });
    const open = await comment(w.tokens.staff, {
      bookingId: customers,
      text: 'Welcome aboard',
      internal: false,
    });
    const seen = await list(w.tokens.customer);
    expect(seen.data.every((c) => c.bookingId === customers && !c.internal)).toBe(true);
    expect(seen.data.map((c) => c.id)).toContain(open.id);
    expectError(await w.t.get(`${BASE}/${internal.id}`, w.tokens.customer), 404, 'NOT_FOUND');
    expectError(await w.t.get(`${BASE}/${staffPublic.id}`, w.tokens.customer), 404, 'NOT_FOUND');
    const csv = await w.t.get(`${BASE}/listCSV`, w.tokens.customer);
    expect(csv.body).toContain('Welcome aboard');
    expect(csv.body).not.toContain('Check passport');
    expect(csv.body).not.toContain('Cabin upgraded');
    const mine = await comment(w.tokens.customer, { bookingId: customers, text: 'Thank you!' });
    expect(mine).toMatchObject({ internal: false, authorName: 'Maria Sommer' });
    expectError(
      await w.t.post(BASE, w.tokens.customer, { bookingId: agents, text: 'Hi' }),
      400,
      'ValidationError',
    );
    expectError(
      await w.t.post(BASE, w.tokens.customer, { bookingId: customers, text: 'x', internal: true }),
      403,
      'FORBIDDEN',
    );
    expectError(await w.t.post(`${BASE}/${open.id}`, w.tokens.customer, { text: 'x' }), 403, 'FORBIDDEN');
  });
});
