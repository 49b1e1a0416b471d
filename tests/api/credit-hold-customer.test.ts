import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer } from '../../drizzle/schema';
import { deliveryCalendar } from '../../server/settings/settings';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// A restaurant on credit hold learns it from the server before placing (the checkout banner)
// and after (the order says it waits for the office's review); the others see nothing of it.

let t: TestApp;
let held: ApiClient;
let free: ApiClient;
let rice = '';
let date = '';

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  rice = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2480, sku: 'Bag' }).id;
  const a = await makeCustomer(t.db, { restaurantName: 'Held Kitchen' });
  const b = await makeCustomer(t.db, { restaurantName: 'Free Kitchen' });
  t.db.update(customer).set({ creditHold: true }).where(eq(customer.id, a.id)).run();
  held = new ApiClient(t.url);
  free = new ApiClient(t.url);
  await held.login(a.username, a.password);
  await free.login(b.username, b.password);
});
afterAll(() => t.close());

type Status = { overdue: boolean; overdueAmount: number; creditHold: boolean };
type Order = { _id: string; onHold: boolean; orderNumber: number };

describe('credit hold, as the customer sees it', () => {
  it('says the account is on hold before placing, only to that customer', async () => {
    const a = await held.get<Status>('/api/invoice/myoverdue');
    expect(a.status).toBe(200);
    expect(a.body.creditHold).toBe(true);
    const b = await free.get<Status>('/api/invoice/myoverdue');
    expect(b.body.creditHold).toBe(false);
  });

  it('marks the placed order as waiting for review, in the answer and in the history', async () => {
    const body = { orderItems: [{ product: rice, quantity: 1 }], deliveryDate: date };
    const a = await held.post<Order>('/api/orders', body);
    expect(a.status).toBe(201);
    expect(a.body.onHold).toBe(true);
    const b = await free.post<Order>('/api/orders', body);
    expect(b.status).toBe(201);
    expect(b.body.onHold).toBe(false);
    const mine = await held.get<{ orders: Order[] }>('/api/orders/myorders');
    expect(mine.body.orders.find((o) => o._id === a.body._id)?.onHold).toBe(true);
  });
});
