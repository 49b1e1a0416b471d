import Ajv2020 from 'ajv/dist/2020';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { seedDemo } from '../../scripts/demo/seed-demo';
import { restRoutes } from '../../server/doors/rest/routes';
import { restErrorOut } from '../../server/platform/errors';
import { deliveryCalendar } from '../../server/settings/settings';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { ApiClient, type Reply } from '../helpers/http';

// The REST description (server/doors/openapi.ts, docs/decisions/028) against the real app on
// the demo data: every /api route Fastify registered is described, and what the routes answer
// fits what the description says, checked twice: with the row's own zod schema (a documented
// field missing, a wrong type) and with the document's JSON Schema through ajv (the same, plus
// a field the description does not name, and proof that the generated JSON Schema is right).

type Json = Record<string, unknown>;
type Doc = {
  openapi: string;
  tags: { name: string }[];
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; responses: Record<string, Json> };
};

let t: TestApp;
let doc: Doc;
let admin: ApiClient;
let manager: ApiClient;
let driver: ApiClient;
let customer: ApiClient;
let anon: ApiClient;
let today = '';
let driverId = '';
let customerId = '';
/** An invoice the changes below paid and annotated (so it has a history). */
let changedInvoiceId = '';
/** A price list, a product with stock moves and a person made by the terms' changes below. */
let priceListId = '';
let stockedProductId = '';

// Strict (an unknown keyword fails); `type: [a, b]` is JSON Schema's own union.
const ajv = new Ajv2020({
  strict: true,
  allowUnionTypes: true,
  allErrors: true,
  validateFormats: false,
});
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

/** `/api/orders/{id}` -> `/api/orders/:param`; Fastify's `:id` the same. */
const normal = (path: string) =>
  path.replace(/\{\w+\}/g, ':param').replace(/:\w+(\|:\w+)*/g, ':param');

/** The documented operation of a Fastify path (`/api/orders/:id` is `/api/orders/{id}`). */
function operation(method: string, fastifyPath: string): Json {
  const op = doc.paths[fastifyPath.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  if (!op) throw new Error(`${method} ${fastifyPath} is not described`);
  return op;
}

/** The one documented success status of an operation and its JSON schema, if JSON. */
function success(op: Json): { status: number; schema: Json | undefined; mediaType: string } {
  const responses = op.responses as Record<string, Json>;
  const codes = Object.keys(responses).filter((c) => /^2\d\d$/.test(c));
  expect(codes).toHaveLength(1);
  const content = responses[codes[0] as string]?.content as Record<string, { schema: Json }>;
  const [mediaType, body] = Object.entries(content)[0] as [string, { schema: Json }];
  return {
    status: Number(codes[0]),
    schema: mediaType === 'application/json' ? body.schema : undefined,
    mediaType,
  };
}

/** A standalone JSON Schema: the document's components as its $defs. */
function validatorFor(schema: Json) {
  const key = JSON.stringify(schema);
  let v = validators.get(key);
  if (!v) {
    const text = JSON.stringify({ ...schema, $defs: doc.components.schemas }).replaceAll(
      '#/components/schemas/',
      '#/$defs/',
    );
    v = ajv.compile(JSON.parse(text));
    validators.set(key, v);
  }
  return v;
}

/** Problems of `body` against a documented schema (none: []). */
function jsonSchemaProblems(schema: Json, body: unknown): string[] {
  const v = validatorFor(schema);
  return v(body) ? [] : (v.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}

function rowOf(method: string, path: string) {
  const row = restRoutes.find((r) => r.method === method && r.path === path);
  if (!row) throw new Error(`no REST row ${method} ${path}`);
  return row;
}

/** Problems of `body` against the row's zod schema, as a procedure's answer would be parsed. */
function zodProblems(schema: z.ZodType, body: unknown): string[] {
  const r = schema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.') || '/'} ${i.message}`);
}

/**
 * The reply fits the description of `method path` (Fastify's form): the documented success
 * status, and a body that fits both the document's schema and the row's zod schema.
 */
function expectDocumented(method: string, path: string, reply: Reply) {
  const op = operation(method, path);
  const { status, schema } = success(op);
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBe(status);
  if (!schema) return;
  expect(jsonSchemaProblems(schema, reply.body), `${method} ${path} (document)`).toEqual([]);
  const row = restRoutes.find((r) => r.method === method && r.path === path);
  if (row) expect(zodProblems(row.response, reply.body), `${method} ${path} (zod)`).toEqual([]);
}

/** Method and path of every /api route Fastify registered (HEAD aside), params normalised. */
function registeredApiRoutes(): Set<string> {
  const found = new Set<string>();
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
    const tree = t.app.printRoutes({ method: method as 'GET', commonPrefix: false });
    const stack: string[] = [];
    for (const line of tree.split('\n')) {
      // `│   ├── /segment (GET)`: four characters per level, the route's methods in brackets.
      const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
      if (!m) continue;
      const depth = (m[1] ?? '').length / 4;
      stack.length = depth;
      const path = (stack[depth - 1] ?? '') + m[2];
      stack[depth] = path;
      if (m[3] && path.startsWith('/api/')) found.add(`${method} ${normal(path)}`);
    }
  }
  return found;
}

/** Does a body hold records (a non-empty list somewhere, or a plain object)? */
function hasRecords(body: unknown): boolean {
  if (Array.isArray(body)) return body.length > 0;
  if (body === null || typeof body !== 'object') return false;
  const lists = Object.values(body).filter(Array.isArray);
  return lists.length === 0 || lists.some((l) => l.length > 0);
}

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  await seedDemo(t.db, { uploadsDir: t.config.uploadsDir, today, timeZone: t.config.timeZone });
  admin = new ApiClient(t.url);
  manager = new ApiClient(t.url);
  driver = new ApiClient(t.url);
  customer = new ApiClient(t.url);
  anon = new ApiClient(t.url);
  await admin.login('admin', 'admin1234');
  await manager.login('manager', 'manager1234');
  driverId = (await driver.login('driver1', 'driver1234'))._id;
  const cust = (await customer.login('cust01', 'cust1234')) as unknown as { customerId: string };
  customerId = cust.customerId;
  const r = await admin.get<Doc>('/api/openapi.json');
  expect(r.status).toBe(200);
  doc = r.body;
});

afterAll(async () => {
  await t?.close();
});

describe('the description', () => {
  it('is an OpenAPI 3.1 document whose operations all carry a declared tag', () => {
    expect(doc.openapi).toBe('3.1.0');
    const tags = new Set(doc.tags.map((tag) => tag.name));
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path).not.toContain(':');
      for (const [method, op] of Object.entries(item)) {
        expect(op.tags, `${method} ${path}`).toHaveLength(1);
        expect(tags.has((op.tags as string[])[0] as string), `${method} ${path}`).toBe(true);
        expect(op.summary, `${method} ${path}`).toBeTruthy();
      }
    }
    // Every named schema is a valid JSON Schema for ajv (strict: no unknown keyword).
    for (const name of Object.keys(doc.components.schemas)) {
      expect(() => validatorFor({ $ref: `#/components/schemas/${name}` })).not.toThrow();
    }
  });

  it('describes every /api route Fastify registered (uploads and export too), and no other', () => {
    const registered = registeredApiRoutes();
    // The reading of Fastify's route tree found every row of the REST table.
    for (const r of restRoutes) expect(registered).toContain(`${r.method} ${normal(r.path)}`);
    expect(registered).toContain('POST /api/upload');
    expect(registered).toContain('GET /api/data/:param');
    const api = [...registered].filter((r) => !r.split(' ')[1]?.startsWith('/api/docs'));
    const described = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${normal(path)}`),
    );
    expect(described.sort()).toEqual(api.sort());
  });

  it('names the procedure each table row calls and the schemas of what it reads', () => {
    for (const r of restRoutes) {
      const op = operation(r.method, r.path);
      expect(op['x-trpc-procedure']).toBe(r.procedure);
      const names = ((op.parameters ?? []) as { name: string; in: string }[]).map(
        (p) => `${p.in}:${p.name}`,
      );
      for (const param of r.path.matchAll(/:(\w+)/g)) expect(names).toContain(`path:${param[1]}`);
      expect(Boolean(op.requestBody)).toBe(Boolean(r.request?.body));
    }
    const pay = operation('POST', '/api/invoice/:id/payment');
    const body = (pay.requestBody as Json).content as Record<string, { schema: Json }>;
    // The date is the office's; a driver's payment is dated by the server (ADR 023).
    expect(body['application/json']?.schema.required).toEqual(['amount']);
    const upload = operation('POST', '/api/upload').requestBody as Json;
    expect(Object.keys(upload.content as Json)).toEqual(['multipart/form-data']);
  });

  it('is for staff: 401 signed out, 403 for customers and drivers, a bearer token works', async () => {
    for (const path of ['/api/openapi.json', '/api/docs', '/api/docs/json']) {
      const out = await anon.get(path);
      expect(out.status).toBe(401);
      expect(jsonSchemaProblems({ $ref: '#/components/schemas/Error' }, out.body)).toEqual([]);
      expect((await customer.get(path)).status).toBe(403);
      expect((await driver.get(path)).status).toBe(403);
      expect((await manager.get(path)).status).toBe(200);
    }
    const { token } = await new ApiClient(t.url).login('manager', 'manager1234');
    const script = new ApiClient(t.url, { bearer: token });
    const r = await script.get('/api/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body).toEqual(doc);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('serves the reference page and its files, showing the same document', async () => {
    const page = await admin.get<string>('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('swagger-ui-bundle.js');
    const script = await admin.get('/api/docs/static/swagger-ui-bundle.js');
    expect(script.status).toBe(200);
    expect((await admin.get('/api/docs/json')).body).toEqual(doc);
  });
});

describe('what the routes answer on the demo data fits the description', () => {
  // Changes first, so the reads below have handovers, history and a fresh delivery to show.
  it('changes: placing, dispatching, delivering, paying, a note, a handover, office edits', async () => {
    const products = await customer.get<{ _id: string }[]>('/api/products');
    expectDocumented('GET', '/api/products', products);
    const [rice, ghee] = products.body as { _id: string }[];
    const date = deliveryCalendar(t.db, t.config.timeZone).earliest;
    const placed = await customer.post<{ _id: string }>('/api/orders', {
      orderItems: [
        { product: rice?._id, quantity: 2 },
        { id: ghee?._id, quantity: 1 },
      ],
      customMessage: 'Back door, please',
      deliveryDate: date,
    });
    expectDocumented('POST', '/api/orders', placed);

    expectDocumented(
      'POST',
      '/api/wishlist',
      await customer.post('/api/wishlist', { productId: ghee?._id }),
    );
    expectDocumented(
      'DELETE',
      '/api/wishlist/:productId',
      await customer.delete(`/api/wishlist/${ghee?._id}`),
    );

    const dispatched = await admin.put(`/api/orders/${placed.body._id}/dispatch`, { driverId });
    expectDocumented('PUT', '/api/orders/:id/dispatch', dispatched);
    const jobs = await driver.get<{ _id: string; order: { _id: string } | null }[]>(
      `/api/ordertrack/${driverId}`,
    );
    expectDocumented('GET', '/api/ordertrack/:driverId', jobs);
    const job = jobs.body.find((j) => j.order?._id === placed.body._id);
    expect(job).toBeDefined();
    expectDocumented(
      'PUT',
      '/api/ordertrack/:orderId/deliver',
      await driver.put(`/api/ordertrack/${job?._id}/deliver`, { recipientName: 'Chef' }),
    );

    const mine = await driver.get<{ invoices: { _id: string; pendingAmount: number }[] }>(
      '/api/invoice/mine',
    );
    expectDocumented('GET', '/api/invoice/mine', mine);
    const open = mine.body.invoices.find((i) => i.pendingAmount > 1000);
    expect(open).toBeDefined();
    changedInvoiceId = open?._id ?? '';
    expectDocumented(
      'POST',
      '/api/invoice/:id/payment',
      await driver.post(`/api/invoice/${open?._id}/payment`, { amount: 1000, date: today }),
    );
    expectDocumented(
      'POST',
      '/api/invoice/:id/note',
      await driver.post(`/api/invoice/${open?._id}/note`, {
        note: 'Owner pays the rest next week',
        date: today,
        nextFollowUp: addDaysIso(today, 7),
      }),
    );

    const handover = await driver.post<{ _id: string; collected: number }>('/api/handover', {
      date: today,
      handedOver: 1000,
    });
    expectDocumented('POST', '/api/handover', handover);
    expectDocumented(
      'PUT',
      '/api/handover/:id/confirm',
      await admin.put(`/api/handover/${handover.body._id}/confirm`, { confirmed: 1000 }),
    );

    const customers = await admin.get<{ _id: string; restaurantName: string }[]>('/api/customer');
    const first = customers.body[0];
    expectDocumented(
      'PUT',
      '/api/customer/:id',
      await admin.put(`/api/customer/${first?._id}`, {
        ...(await customerForm(first?._id ?? '')),
        contactPerson: 'New owner',
      }),
    );

    const route = await admin.post<{ _id: string }>('/api/route', { name: 'OpenAPI Test Route' });
    expectDocumented('POST', '/api/route', route);
    expectDocumented(
      'PUT',
      '/api/route/:id',
      await admin.put(`/api/route/${route.body._id}`, {
        _id: 'ignored',
        name: 'OpenAPI Test Route 2',
      }),
    );
    expectDocumented(
      'DELETE',
      '/api/route/:id',
      await admin.delete(`/api/route/${route.body._id}`),
    );
    const used = (
      await admin.get<{ _id: string; customerCount: number }[]>('/api/route')
    ).body.find((r) => r.customerCount > 0);
    const stops = await admin.get<{ customers: { _id: string }[] }>(
      `/api/route/${used?._id}/stops`,
    );
    expectDocumented(
      'PUT',
      '/api/route/:id/stops',
      await admin.put(`/api/route/${used?._id}/stops`, {
        customerIds: stops.body.customers.map((c) => c._id).reverse(),
      }),
    );

    // Files: a picture in (multipart), the Excel export out.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2f9e44' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)]), 'green.png');
    const res = await fetch(`${t.url}/api/upload`, {
      method: 'POST',
      body: form,
      headers: { cookie: admin.cookie ?? '', origin: t.url },
    });
    const uploaded = { status: res.status, body: await res.json(), headers: res.headers };
    expectDocumented('POST', '/api/upload', uploaded);
    const name = String(uploaded.body.imageUrl).split('/').pop();
    expectDocumented('DELETE', '/api/delete/:filename', await admin.delete(`/api/delete/${name}`));
    const xlsx = await fetch(`${t.url}/api/data/all`, { headers: { cookie: admin.cookie ?? '' } });
    const documented = success(operation('GET', '/api/data/all'));
    expect(xlsx.status).toBe(documented.status);
    expect(xlsx.headers.get('content-type')).toBe(documented.mediaType);
  });

  it('changes: price lists, hidden products, own prices, stock in, people, standing orders', async () => {
    const products = (await admin.get<{ _id: string; name: string }[]>('/api/products')).body;
    const [rice, ghee] = products as { _id: string; name: string }[];
    stockedProductId = rice?._id ?? '';
    const list = await admin.post<{ _id: string }>('/api/pricelists', { name: 'OpenAPI list' });
    expectDocumented('POST', '/api/pricelists', list);
    priceListId = list.body._id;
    expect((await admin.post('/api/pricelists', { name: 'OpenAPI list' })).status).toBe(409);
    expectDocumented(
      'PUT',
      '/api/pricelists/:id',
      await admin.put(`/api/pricelists/${priceListId}`, { name: 'OpenAPI list 2' }),
    );
    expectDocumented(
      'PUT',
      '/api/pricelists/:id/prices',
      await admin.put(`/api/pricelists/${priceListId}/prices`, {
        prices: [{ productId: rice?._id, price: 900 }],
      }),
    );
    expectDocumented(
      'POST',
      '/api/pricelists/:id/import',
      await admin.post(`/api/pricelists/${priceListId}/import`, {
        csv: `product,price\n${ghee?.name},700\n`,
      }),
    );
    // A file it cannot read: its problems as codes with parameters, as documented.
    const unread = await admin.post<{ fileErrors: unknown[] }>(
      `/api/pricelists/${priceListId}/import`,
      { csv: 'name\nGhee\n' },
    );
    expectDocumented('POST', '/api/pricelists/:id/import', unread);
    expect(unread.body.fileErrors).toEqual([
      { code: 'import.columnMissing', params: { column: 'price' } },
    ]);
    expectDocumented(
      'PUT',
      '/api/customer/:id/terms',
      await admin.put(`/api/customer/${customerId}/terms`, {
        priceListId,
        minOrderRule: 'none',
        minOrderValue: 0,
        deliveryCharge: 0,
      }),
    );
    expectDocumented(
      'PUT',
      '/api/customer/:id/prices/:productId',
      await admin.put(`/api/customer/${customerId}/prices/${ghee?._id}`, { price: 650 }),
    );
    const hidden = await admin.put<{ customers: { _id: string; hiddenOwn: boolean }[] }>(
      `/api/products/${ghee?._id}/hidden`,
      { customerId, hidden: true },
    );
    expectDocumented('PUT', '/api/products/:id/hidden', hidden);
    expect(hidden.body.customers.find((c) => c._id === customerId)?.hiddenOwn).toBe(true);
    // Hidden from the customer: gone from its catalogue; shown again for the reads below.
    const seen = (await customer.get<{ _id: string }[]>('/api/products')).body;
    expect(seen.map((p) => p._id)).not.toContain(ghee?._id);
    await admin.put(`/api/products/${ghee?._id}/hidden`, { customerId, hidden: false });
    const spare = await admin.post<{ _id: string }>('/api/pricelists', { name: 'Spare list' });
    expectDocumented(
      'DELETE',
      '/api/pricelists/:id',
      await admin.delete(`/api/pricelists/${spare.body._id}`),
    );

    expectDocumented(
      'POST',
      '/api/stock/receive',
      await admin.post('/api/stock/receive', { productId: rice?._id, quantity: 20, note: 'In' }),
    );
    expectDocumented(
      'POST',
      '/api/stock/adjust',
      await admin.post('/api/stock/adjust', { productId: rice?._id, delta: -1, note: 'Torn' }),
    );
    expectDocumented(
      'PUT',
      '/api/products/:id/lowstock',
      await admin.put(`/api/products/${rice?._id}/lowstock`, { lowStockAt: 3 }),
    );
    expectDocumented(
      'PUT',
      '/api/stock/settings',
      await admin.put('/api/stock/settings', { lowStockAt: 5 }),
    );

    const added = await customer.post<{ _id: string; username: string }[]>('/api/people', {
      username: 'openapi-cook',
      name: 'Cook',
      password: 'cook12345',
    });
    expectDocumented('POST', '/api/people', added);
    const cook = added.body.find((p) => p.username === 'openapi-cook');
    expectDocumented(
      'PUT',
      '/api/people/:id/password',
      await customer.put(`/api/people/${cook?._id}/password`, { newPassword: 'cook67890' }),
    );
    expectDocumented(
      'DELETE',
      '/api/people/:id',
      await customer.delete(`/api/people/${cook?._id}`),
    );
    const theirs = await admin.post<{ _id: string; username: string }[]>(
      `/api/customer/${customerId}/people`,
      { username: 'openapi-waiter', name: 'Waiter', password: 'waiter1234' },
    );
    expectDocumented('POST', '/api/customer/:id/people', theirs);
    const waiter = theirs.body.find((p) => p.username === 'openapi-waiter');
    expectDocumented(
      'PUT',
      '/api/customer/:id/people/:personId/password',
      await admin.put(`/api/customer/${customerId}/people/${waiter?._id}/password`, {
        newPassword: 'waiter5678',
      }),
    );
    expectDocumented(
      'DELETE',
      '/api/customer/:id/people/:personId',
      await admin.delete(`/api/customer/${customerId}/people/${waiter?._id}`),
    );

    const lines = { lines: [{ product: rice?._id, quantity: 2 }] };
    expectDocumented(
      'PUT',
      '/api/standing/usual/:weekday',
      await customer.put('/api/standing/usual/Monday', lines),
    );
    expectDocumented(
      'PUT',
      '/api/customer/:id/standing/usual/:weekday',
      await admin.put(`/api/customer/${customerId}/standing/usual/Monday`, lines),
    );
    const far = { from: addDaysIso(today, 30), to: addDaysIso(today, 31) };
    expectDocumented(
      'POST',
      '/api/standing/pauses',
      await customer.post('/api/standing/pauses', far),
    );
    const pauses = await admin.post<{ id: string; from: string }[]>(
      `/api/customer/${customerId}/standing/pauses`,
      { from: addDaysIso(today, 40), to: addDaysIso(today, 41) },
    );
    expectDocumented('POST', '/api/customer/:id/standing/pauses', pauses);
    expectDocumented(
      'DELETE',
      '/api/customer/:id/standing/pauses/:pauseId',
      await admin.delete(
        `/api/customer/${customerId}/standing/pauses/${pauses.body.find((x) => x.from === addDaysIso(today, 40))?.id}`,
      ),
    );
    const spareP = await customer.post<{ id: string; from: string }[]>('/api/standing/pauses', {
      from: addDaysIso(today, 50),
      to: addDaysIso(today, 50),
    });
    expectDocumented(
      'DELETE',
      '/api/standing/pauses/:id',
      await customer.delete(
        `/api/standing/pauses/${spareP.body.find((x) => x.from === addDaysIso(today, 50))?.id}`,
      ),
    );
    expectDocumented(
      'PUT',
      '/api/standing/settings',
      await admin.put('/api/standing/settings', { leadHours: 6 }),
    );
    // No draft for a date yet: both doors answer the same 404 code.
    const noDraft = await customer.put(`/api/standing/drafts/${addDaysIso(today, 60)}`, lines);
    expect([noDraft.status, (noDraft.body as { code: string }).code]).toEqual([
      404,
      'standing.draftNotFound',
    ]);
    const noDraftFor = await admin.put(
      `/api/customer/${customerId}/standing/drafts/${addDaysIso(today, 60)}`,
      lines,
    );
    expect(noDraftFor.status).toBe(404);
    expect((await customer.get(`/api/customer/${customerId}/standing/usual`)).status).toBe(403);
    expect((await admin.get('/api/customer/nobody/standing/usual')).status).toBe(404);
  });

  /** The customer form's fields as the office screen sends them back. */
  async function customerForm(id: string) {
    const all = await admin.get<Record<string, unknown>[]>('/api/customer');
    const c = all.body.find((x) => x._id === id) as Record<string, unknown>;
    return {
      restaurantName: c.restaurantName,
      phoneNumber: c.phoneNumber,
      customerCode: c.customerCode,
      paymentMethod: c.paymentMethod,
      paymentDate: c.paymentDate,
      deliveryDays: c.deliveryDays,
      route: c.route,
      mobileNumber: c.mobileNumber,
      badDebt: c.badDebt,
      webOrder: c.webOrder,
      creditHold: c.creditHold,
    };
  }

  it('reads: every GET row of the table, called as its screen calls it', async () => {
    const product = (await customer.get<{ _id: string }[]>('/api/products')).body[0];
    const order = (await customer.get<{ orders: { _id: string }[] }>('/api/orders/myorders')).body
      .orders[0];
    // An invoice with payments, so that its answer's lists are exercised too.
    const invoices = (
      await admin.get<{
        invoices: { _id: string; customer: { _id: string }; payments: unknown[] }[];
      }>('/api/invoice/all')
    ).body.invoices;
    const invoice = invoices.find((i) => i.payments.length > 0) ?? invoices[0];
    const someCustomer = (await admin.get<{ _id: string }[]>('/api/customer')).body[0];
    const usedRoute = (
      await admin.get<{ _id: string; customerCount: number }[]>('/api/route')
    ).body.find((r) => r.customerCount > 0);

    // Who calls each GET path and with what; a GET row missing here fails the test.
    const calls: Record<string, [ApiClient, string, { mayBeEmpty?: true }?]> = {
      '/api/users/profile': [customer, '/api/users/profile'],
      '/api/products': [anon, '/api/products'],
      '/api/products/:id': [anon, `/api/products/${product?._id}`],
      '/api/products/search': [customer, '/api/products/search?q=daal'],
      '/api/category': [anon, '/api/category'],
      '/api/wishlist': [customer, '/api/wishlist'],
      '/api/orders/pendingcount': [admin, '/api/orders/pendingcount'],
      '/api/orders/myorders': [customer, '/api/orders/myorders?pageNumber=1'],
      '/api/orders/:id': [customer, `/api/orders/${order?._id}`],
      '/api/orders/:id/changewindow': [customer, `/api/orders/${order?._id}/changewindow`],
      '/api/orders/sameday': [customer, `/api/orders/sameday?deliveryDate=${today}`],
      '/api/information/active': [anon, '/api/information/active?type=slider'],
      '/api/information/popup/active': [anon, '/api/information/popup/active'],
      '/api/invoice/all': [admin, '/api/invoice/all?pageNumber=1'],
      '/api/documents/mine': [customer, '/api/documents/mine', { mayBeEmpty: true }],
      '/api/documents/customer/:customerId': [
        admin,
        `/api/documents/customer/${invoice?.customer._id}`,
      ],
      '/api/documents/statements/:closingDate': [
        admin,
        `/api/documents/statements/${today}`,
        { mayBeEmpty: true },
      ],
      '/api/documents/:kind/:id': [admin, `/api/documents/invoice/${invoice?._id}`],
      '/api/documents/:kind/:id/mails': [
        admin,
        `/api/documents/invoice/${invoice?._id}/mails`,
        { mayBeEmpty: true },
      ],
      '/api/invoice/cash': [admin, '/api/invoice/cash'],
      '/api/invoice/monthly': [admin, '/api/invoice/monthly'],
      '/api/invoice/completed': [admin, '/api/invoice/completed?keyword=&pageNumber=1'],
      // Day 25: demo customers pay on it, so the list is not empty whatever today is.
      '/api/invoice/date': [admin, '/api/invoice/date?paymentDate=25'],
      '/api/invoice/forecast': [admin, '/api/invoice/forecast'],
      '/api/invoice/aging': [admin, '/api/invoice/aging'],
      '/api/invoice/followups': [admin, '/api/invoice/followups'],
      '/api/invoice/overdue': [manager, '/api/invoice/overdue'],
      '/api/invoice/myoverdue': [customer, '/api/invoice/myoverdue'],
      '/api/invoice/mine': [driver, '/api/invoice/mine'],
      '/api/invoice/customer/:customerId': [
        admin,
        `/api/invoice/customer/${invoice?.customer._id}`,
      ],
      '/api/invoice/assigned/:id': [driver, `/api/invoice/assigned/${driverId}`],
      '/api/invoice/driver/:driverId': [admin, `/api/invoice/driver/${driverId}`],
      '/api/invoice/:id': [admin, `/api/invoice/${invoice?._id}`],
      '/api/invoice/:id/history': [admin, `/api/invoice/${changedInvoiceId}/history`],
      '/api/handover/mine': [driver, `/api/handover/mine?date=${today}`],
      '/api/handover/report': [
        admin,
        `/api/handover/report?from=${addDaysIso(today, -7)}&to=${today}`,
      ],
      '/api/credit/held': [admin, '/api/credit/held', { mayBeEmpty: true }],
      '/api/customer': [admin, '/api/customer'],
      '/api/customer/baddebt': [admin, '/api/customer/baddebt', { mayBeEmpty: true }],
      '/api/customer/:id/history': [admin, `/api/customer/${someCustomer?._id}/history`],
      '/api/route': [admin, '/api/route'],
      '/api/route/:id/stops': [admin, `/api/route/${usedRoute?._id}/stops`],
      '/api/employee': [manager, '/api/employee'],
      '/api/information': [admin, '/api/information'],
      '/api/orders': [admin, '/api/orders?pageNumber=1'],
      '/api/orders/delivered': [admin, '/api/orders/delivered?pageNumber=1'],
      '/api/orders/itemquantities': [admin, '/api/orders/itemquantities?deliveryDate=all'],
      '/api/orders/customer/:userId': [
        admin,
        `/api/orders/customer/${customerId}?keyword=&pageNumber=1`,
      ],
      '/api/ordertrack': [admin, '/api/ordertrack'],
      '/api/ordertrack/delivercompleted': [admin, '/api/ordertrack/delivercompleted'],
      '/api/ordertrack/completed': [admin, '/api/ordertrack/completed?keyword=&pageNumber=1'],
      '/api/ordertrack/report/:date': [admin, `/api/ordertrack/report/${today}`],
      '/api/ordertrack/:driverId': [driver, `/api/ordertrack/${driverId}`],
      '/api/pricelists': [admin, '/api/pricelists'],
      '/api/pricelists/:id': [admin, `/api/pricelists/${priceListId}`],
      '/api/pricelists/:id/export': [admin, `/api/pricelists/${priceListId}/export`],
      '/api/customer/:id/terms': [admin, `/api/customer/${customerId}/terms`],
      '/api/products/:id/terms': [admin, `/api/products/${stockedProductId}/terms`],
      '/api/stock/low': [admin, '/api/stock/low', { mayBeEmpty: true }],
      '/api/stock/settings': [admin, '/api/stock/settings'],
      '/api/products/:id/stock': [admin, `/api/products/${stockedProductId}/stock?pageNumber=1`],
      '/api/people': [customer, '/api/people'],
      '/api/customer/:id/people': [admin, `/api/customer/${customerId}/people`],
      '/api/standing/usual': [customer, '/api/standing/usual'],
      '/api/standing/pauses': [customer, '/api/standing/pauses'],
      '/api/standing/upcoming': [customer, '/api/standing/upcoming', { mayBeEmpty: true }],
      '/api/customer/:id/standing/usual': [admin, `/api/customer/${customerId}/standing/usual`],
      '/api/customer/:id/standing/ordersheet': [
        admin,
        `/api/customer/${customerId}/standing/ordersheet`,
        { mayBeEmpty: true },
      ],
      '/api/customer/:id/standing/pauses': [admin, `/api/customer/${customerId}/standing/pauses`],
      '/api/customer/:id/standing/upcoming': [
        admin,
        `/api/customer/${customerId}/standing/upcoming`,
        { mayBeEmpty: true },
      ],
      '/api/standing/date/:deliveryDate': [
        admin,
        `/api/standing/date/${addDaysIso(today, 1)}`,
        { mayBeEmpty: true },
      ],
      '/api/standing/settings': [admin, '/api/standing/settings'],
      '/api/ordertrack/:driverId/delivered': [
        driver,
        `/api/ordertrack/${driverId}/delivered?pageNumber=1`,
      ],
      '/api/ordertrack/:driverId/route': [driver, `/api/ordertrack/${driverId}/route`],
    };
    const gets = restRoutes.filter((r) => r.method === 'GET').map((r) => r.path);
    expect(Object.keys(calls).sort()).toEqual([...gets].sort());

    const empty: string[] = [];
    for (const [path, [client, url, opts]] of Object.entries(calls)) {
      const reply = await client.get(url);
      expectDocumented('GET', path, reply);
      if (!opts?.mayBeEmpty && !hasRecords(reply.body)) empty.push(path);
    }
    // The demo data gives every read something to show, so the shapes are really exercised.
    expect(empty).toEqual([]);
    // A customer list with pageNumber is the other shape of the same answer.
    expectDocumented('GET', '/api/customer', await admin.get('/api/customer?pageNumber=1'));
  });

  it('refusals: the error body of 400, 401, 403 and 404 fits the Error schema', async () => {
    const bad = await customer.post('/api/orders', { orderItems: [], deliveryDate: 'soon' });
    const signedOut = await anon.get('/api/users/profile');
    const forbidden = await customer.get('/api/employee');
    const crossSite = await admin.request(
      'POST',
      '/api/route',
      { name: 'X' },
      {
        origin: 'https://elsewhere.example',
      },
    );
    const missing = await admin.get('/api/invoice/no-such-invoice');
    const refusals: [Reply, number, string, string][] = [
      [bad, 400, 'POST', '/api/orders'],
      [signedOut, 401, 'GET', '/api/users/profile'],
      [forbidden, 403, 'GET', '/api/employee'],
      [crossSite, 403, 'POST', '/api/route'],
      [missing, 404, 'GET', '/api/invoice/:id'],
    ];
    for (const [reply, status, method, path] of refusals) {
      expect(reply.status).toBe(status);
      // The operation documents the status, with the Error body.
      const responses = operation(method, path).responses as Record<string, { $ref: string }>;
      const named = responses[String(status)]?.$ref.split('/').pop() as string;
      const content = doc.components.responses[named]?.content as Record<string, { schema: Json }>;
      expect(content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' });
      expect(restErrorOut.safeParse(reply.body).success, JSON.stringify(reply.body)).toBe(true);
      expect(jsonSchemaProblems({ $ref: '#/components/schemas/Error' }, reply.body)).toEqual([]);
    }
    expect(bad.body).toMatchObject({ code: expect.any(String), issues: expect.any(Object) });
  });

  it('would fail on drift: a field missing, a wrong type or an unnamed field is caught', async () => {
    const reply = await anon.get<Json>(`/api/products`);
    const one = (reply.body as unknown as Json[])[0] as Json;
    const { schema } = success(operation('GET', '/api/products/:id'));
    const row = rowOf('GET', '/api/products/:id');
    expect(jsonSchemaProblems(schema as Json, one)).toEqual([]);
    expect(zodProblems(row.response, one)).toEqual([]);

    const { price: _price, ...withoutPrice } = one;
    expect(jsonSchemaProblems(schema as Json, withoutPrice)).not.toEqual([]);
    expect(zodProblems(row.response, withoutPrice)).not.toEqual([]);
    const priceAsText = { ...one, price: String(one.price) };
    expect(jsonSchemaProblems(schema as Json, priceAsText)).not.toEqual([]);
    expect(zodProblems(row.response, priceAsText)).not.toEqual([]);
    // The document names every field an answer may carry.
    expect(jsonSchemaProblems(schema as Json, { ...one, costPrice: 900 })).not.toEqual([]);
    // Nested named schemas too (an invoice's payments).
    const invoices = await admin.get<{ invoices: Json[] }>('/api/invoice/all');
    const paid = invoices.body.invoices.find((i) => (i.payments as unknown[]).length > 0) as Json;
    const payments = paid.payments as Json[];
    const broken = { ...paid, payments: [{ ...payments[0], amount: null }] };
    const invoiceSchema = success(operation('GET', '/api/invoice/:id')).schema as Json;
    expect(jsonSchemaProblems(invoiceSchema, paid)).toEqual([]);
    expect(jsonSchemaProblems(invoiceSchema, broken)).not.toEqual([]);
  });
});
