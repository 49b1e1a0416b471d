import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerOrder } from '../../drizzle/schema';
import { sweepExpired } from '../../server/platform/housekeeping';
import { deliveryCalendar } from '../../server/settings/settings';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeInvoice, makeProduct, makeRoute } from '../helpers/factories';
import { ApiClient, type Reply } from '../helpers/http';

// One idempotency mechanism, the same through both doors of orders.place (DESIGN §6).

let t: TestApp;
let ana: ApiClient;
let bob: ApiClient;
let anaId = '';
let bobId = '';
let productId = '';
let today = '';

beforeAll(async () => {
  t = await startTestApp();
  // The earliest date an order may ask for now (today closes at the 04:00 cut-off).
  today = deliveryCalendar(t.db, t.config.timeZone).earliest;
  productId = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2480 }).id;
  const a = await makeCustomer(t.db);
  const b = await makeCustomer(t.db);
  anaId = a.id;
  bobId = b.id;
  ana = new ApiClient(t.url);
  bob = new ApiClient(t.url);
  await ana.login(a.username, a.password);
  await bob.login(b.username, b.password);
});
afterAll(() => t.close());

const ordersOf = (customerId: string) =>
  t.db.select().from(customerOrder).where(eq(customerOrder.customerId, customerId)).all().length;

const body = (quantity = 1, customMessage = '') => ({
  orderItems: [{ product: productId, quantity }],
  customMessage,
  deliveryDate: today,
});

interface Answer {
  status: number;
  /** The order, or the error's code. */
  order?: { _id: string; orderNumber: number; totalPrice: number };
  code?: string;
}

type Door = (c: ApiClient, input: unknown, key?: string) => Promise<Answer>;

const headersFor = (key?: string): Record<string, string> =>
  key === undefined ? {} : { 'Idempotency-Key': key };

/** POST /api/orders: the order, or `{message, code}`. */
const rest: Door = async (c, input, key) => {
  const r: Reply<Record<string, unknown>> = await c.post('/api/orders', input, headersFor(key));
  return r.status < 300
    ? { status: r.status, order: r.body as Answer['order'] }
    : { status: r.status, code: r.body.code as string };
};

/** POST /trpc/orders.place, unbatched, as the client's idempotency link sends it. */
const trpc: Door = async (c, input, key) => {
  const r = await c.post<{
    result?: { data: Answer['order'] };
    error?: { data: { appCode: string } };
  }>('/trpc/orders.place', input, headersFor(key));
  return r.body.result
    ? { status: r.status, order: r.body.result.data }
    : { status: r.status, code: r.body.error?.data.appCode };
};

/**
 * A request written byte for byte: fetch refuses to send control characters in a header, a
 * client that misbehaves does not. Answers the status and the parsed JSON body, if any.
 */
function rawPost(
  c: ApiClient,
  path: string,
  input: unknown,
  key: string,
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const payload = Buffer.from(JSON.stringify(input));
  const { host, hostname, port } = new URL(t.url);
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: ${host}`,
    `Origin: ${t.url}`,
    `Cookie: ${c.cookie ?? ''}`,
    'Content-Type: application/json',
    `Content-Length: ${payload.length}`,
    `Idempotency-Key: ${key}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(Buffer.concat([Buffer.from(head, 'latin1'), payload]));
    });
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      const rest = text.slice(text.indexOf('\r\n\r\n') + 4);
      // A chunked body holds its JSON between chunk sizes.
      const rawBody = rest.slice(rest.indexOf('{'), rest.lastIndexOf('}') + 1);
      let body: Record<string, unknown> | null = null;
      try {
        body = JSON.parse(rawBody) as Record<string, unknown>;
      } catch {
        // not JSON: the status is what counts
      }
      resolve({ status, body });
    });
  });
}

let n = 0;
const freshKey = (door: string) => `${door}-${Date.now()}-${n++}`;

describe.each([
  ['REST', rest, 201, '/api/orders'],
  ['tRPC', trpc, 200, '/trpc/orders.place'],
] as const)('Idempotency-Key on the %s door', (door, send, created, path) => {
  it('the same key and body ten times make one order and give the same answer', async () => {
    const before = ordersOf(anaId);
    const key = freshKey(door);
    const answers: Answer[] = [];
    for (let i = 0; i < 10; i++) answers.push(await send(ana, body(3), key));
    expect(ordersOf(anaId)).toBe(before + 1);
    expect(answers[0]?.status).toBe(created);
    // The lines (3 x 2,480 = 7,440) and their 8% tax rounded down once (595.2 -> 595).
    expect(answers[0]?.order?.totalPrice).toBe(3 * 2480 + 595);
    for (const a of answers) expect(a).toEqual(answers[0]);
  });

  it('the same key with another body is refused with 422 and changes nothing', async () => {
    const key = freshKey(door);
    const first = await send(ana, body(1), key);
    expect(first.status).toBe(created);
    const before = ordersOf(anaId);
    const other = await send(ana, body(2), key);
    expect(other).toEqual({ status: 422, code: 'idempotency.keyReused' });
    expect(await send(ana, body(1, 'a note'), key)).toEqual({
      status: 422,
      code: 'idempotency.keyReused',
    });
    expect(ordersOf(anaId)).toBe(before);
    // The first body still gets the first answer.
    expect(await send(ana, body(1), key)).toEqual(first);
  });

  it('refuses an empty, too long or non-printable key with 400 and makes no order', async () => {
    const before = ordersOf(anaId);
    for (const key of ['', 'k'.repeat(256)]) {
      const answer = await send(ana, body(1), key);
      expect(answer, JSON.stringify(key)).toEqual({ status: 400, code: 'idempotency.invalidKey' });
    }
    // Bytes a browser would not send but a client may: these reach the key check.
    for (const key of ['cl\xe9', 'tab\there']) {
      const r = await rawPost(ana, path, body(1), key);
      expect(r.status, JSON.stringify(key)).toBe(400);
      const code =
        r.body?.code ?? (r.body?.error as { data?: { appCode?: string } })?.data?.appCode;
      expect(code, JSON.stringify(key)).toBe('idempotency.invalidKey');
    }
    // Control characters are already refused by Node's HTTP parser.
    for (const key of ['del\x7f', 'ctl\x01x']) {
      expect((await rawPost(ana, path, body(1), key)).status, JSON.stringify(key)).toBe(400);
    }
    expect(ordersOf(anaId)).toBe(before);
    // The longest key allowed, with every printable character kind, works.
    const longest = `${door} !~azAZ09`.padEnd(255, 'k');
    expect(longest).toHaveLength(255);
    expect((await send(ana, body(1), longest)).status).toBe(created);
    expect(ordersOf(anaId)).toBe(before + 1);
  });

  it('twenty concurrent duplicates make one order and all get its answer', async () => {
    const before = ordersOf(anaId);
    const key = freshKey(door);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(ana, body(4, 'rush'), key)),
    );
    expect(ordersOf(anaId)).toBe(before + 1);
    expect(answers[0]?.status).toBe(created);
    for (const a of answers) expect(a).toEqual(answers[0]);
  });

  it('keys belong to an account: two customers may use the same key', async () => {
    const key = freshKey(door);
    const [anaBefore, bobBefore] = [ordersOf(anaId), ordersOf(bobId)];
    const a = await send(ana, body(1), key);
    const b = await send(bob, body(1), key);
    expect(a.status).toBe(created);
    expect(b.status).toBe(created);
    expect(b.order?._id).not.toBe(a.order?._id);
    expect([ordersOf(anaId), ordersOf(bobId)]).toEqual([anaBefore + 1, bobBefore + 1]);
  });

  it('without a key every call places an order, as before', async () => {
    const before = ordersOf(anaId);
    const a = await send(ana, body(1));
    const b = await send(ana, body(1));
    expect([a.status, b.status]).toEqual([created, created]);
    expect(b.order?._id).not.toBe(a.order?._id);
    expect(ordersOf(anaId)).toBe(before + 2);
  });

  it('a refusal is not stored: the corrected retry with the same key places the order', async () => {
    const key = freshKey(door);
    const before = ordersOf(anaId);
    const refused = await send(ana, { ...body(1), deliveryDate: '2000-01-01' }, key);
    expect(refused).toEqual({ status: 400, code: 'order.deliveryDatePast' });
    // Another body after a refusal is a new request, not a reuse.
    expect((await send(ana, body(1), key)).status).toBe(created);
    expect(ordersOf(anaId)).toBe(before + 1);
  });
});

describe('one mechanism behind both doors', () => {
  it('a key used on one door answers the same on the other', async () => {
    const key = freshKey('both');
    const before = ordersOf(anaId);
    const viaRest = await rest(ana, body(5), key);
    const viaTrpc = await trpc(ana, body(5), key);
    expect(viaRest.status).toBe(201);
    expect(viaTrpc.order).toEqual(viaRest.order);
    expect(ordersOf(anaId)).toBe(before + 1);
  });
});

describe("the office's creating calls take the key too", () => {
  it('an invoice, a customer and an employee submitted twice with one key are made once', async () => {
    const adm = await makeAdmin(t.db);
    const office = new ApiClient(t.url);
    await office.login(adm.username, adm.password);
    const count = (table: 'invoice' | 'customer' | 'account') =>
      t.db.$client.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
    const cases: [string, unknown, 'invoice' | 'customer' | 'account'][] = [
      ['/api/invoice', { customer: anaId, amount: 12_800 }, 'invoice'],
      [
        '/api/customer',
        {
          customerCode: 'K-IDEM',
          restaurantName: 'Once Only Curry',
          phoneNumber: '090-1111-2222',
          paymentMethod: 'cash',
          deliveryDays: ['Monday'],
          route: makeRoute(t.db).id,
          contactPerson: 'Ram',
          mobileNumber: '',
          username: '',
          password: '',
          badDebt: false,
          webOrder: false,
          creditHold: false,
        },
        'customer',
      ],
      [
        '/api/employee',
        {
          name: 'Once',
          username: 'once-driver',
          phoneNumber: '08011112222',
          password: 'driver-pass-1',
          role: 'driver',
        },
        'account',
      ],
    ];
    for (const [path, input, table] of cases) {
      const before = count(table);
      const key = freshKey(path);
      const first = await office.post<{ _id: string }>(path, input, headersFor(key));
      const again = await office.post<{ _id: string }>(path, input, headersFor(key));
      expect(first.status, path).toBe(201);
      expect(again.status, path).toBe(201);
      expect(again.body._id, path).toBe(first.body._id);
      expect(count(table), path).toBe(before + 1);
    }
  });
});

describe('one key, one meaning (ADR 029)', () => {
  it('the same request with its JSON keys in another order is the same request', async () => {
    const key = freshKey('order');
    const before = ordersOf(anaId);
    const first = await rest(ana, body(3, 'keys'), key);
    const { orderItems, customMessage, deliveryDate } = body(3, 'keys');
    const reordered = { deliveryDate, customMessage, orderItems };
    const again = await trpc(ana, reordered, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.order?._id).toBe(first.order?._id);
    expect(ordersOf(anaId)).toBe(before + 1);
  });

  it('a deeply nested body with a key is refused with 400 on both doors, never 500', async () => {
    const deep = `{"orderItems":${'['.repeat(20_000)}${']'.repeat(20_000)},"deliveryDate":"${today}"}`;
    for (const path of ['/api/orders', '/trpc/orders.place']) {
      const r = await ana.request('POST', path, deep, {
        'content-type': 'application/json',
        'idempotency-key': freshKey('deep'),
      });
      expect(r.status, path).toBe(400);
    }
  });
});

describe('the store stays small (ADR 029)', () => {
  it('keyed payments keep a few hundred bytes each; a replay answers with the invoice as it is now', async () => {
    const adm = await makeAdmin(t.db);
    const office = new ApiClient(t.url);
    await office.login(adm.username, adm.password);
    const invoiceId = makeInvoice(t.db, { customerId: bobId, amount: 1_000_000 }).id;
    const keys = Array.from({ length: 200 }, () => freshKey('pay'));
    const pay = (key: string) =>
      office.post<{ _id: string; pendingAmount: number }>(
        `/api/invoice/${invoiceId}/payment`,
        // A payment is dated today in the business's zone at the latest (ADR 023).
        { amount: 1, date: isoDateInZone(new Date(), t.config.timeZone) },
        headersFor(key),
      );
    for (const key of keys) expect((await pay(key)).status).toBe(201);
    const rows = t.db.$client
      .prepare(
        `SELECT SUM(length(account_id) + length(procedure) + length(key) + length(request_hash)
           + length(response) + length(created_at)) AS bytes, COUNT(*) AS n
         FROM idempotency_key WHERE procedure = 'invoices.pay'`,
      )
      .get() as { bytes: number; n: number };
    expect(rows.n).toBe(200);
    // The whole invoice with its 200 payments would be tens of KB per key by the end.
    expect(rows.bytes / rows.n).toBeLessThan(300);
    const replayed = await pay(keys[0] as string);
    expect(replayed.status).toBe(201);
    expect(replayed.body._id).toBe(invoiceId);
    expect(replayed.body.pendingAmount).toBe(1_000_000 - 200);
    const payments = t.db.$client
      .prepare('SELECT COUNT(*) FROM payment WHERE invoice_id = ?')
      .pluck()
      .get(invoiceId);
    expect(payments).toBe(200);
  });

  it('the sweep keeps the newest keys up to the cap and drops expired ones', () => {
    const insert = t.db.$client.prepare(
      `INSERT INTO idempotency_key (account_id, procedure, key, request_hash, response, created_at)
       VALUES (?, 'test.cap', ?, 'h', '{"data":null}', ?)`,
    );
    const accountId = t.db.$client.prepare('SELECT id FROM account LIMIT 1').pluck().get();
    const now = Date.now();
    for (let i = 0; i < 50; i++) {
      insert.run(accountId, `cap-${i}`, new Date(now - i * 1000).toISOString());
    }
    insert.run(accountId, 'cap-old', new Date(now - 8 * 24 * 3600 * 1000).toISOString());
    const total = () =>
      t.db.$client.prepare('SELECT COUNT(*) FROM idempotency_key').pluck().get() as number;
    sweepExpired(t.db, new Date(now), total() - 10 - 1);
    const left = t.db.$client
      .prepare("SELECT key FROM idempotency_key WHERE procedure = 'test.cap'")
      .pluck()
      .all() as string[];
    expect(left).not.toContain('cap-old');
    expect(left).not.toContain('cap-49');
    expect(left).toContain('cap-0');
  });
});
