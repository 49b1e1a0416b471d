import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOrder } from '../../server/orders/web-orders';
import { type E2E, signIn, startE2E } from './harness';

// The delivery dialog on a small phone keeps its Yes/No bar stuck to the screen's foot. A field
// reached with the keyboard's Next key (or focused by a tap) must land above that bar, not
// under it: the driver typing the cash taken has to see what is typed.

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const one = <T>(q: string, ...params: unknown[]) => e.db.$client.prepare(q).get(...params) as T;

describe('the delivery dialog on a small phone', () => {
  it('every field the driver moves to shows above the Yes/No bar', async () => {
    // The cash web order with the most lines, dispatched to driver1.
    const order = one<{ id: string; restaurantName: string }>(
      `SELECT o.id, o.restaurant_name AS restaurantName FROM customer_order o
         JOIN customer c ON c.id = o.customer_id
        WHERE o.is_delivered = 0 AND o.on_hold = 0 AND c.payment_method = 'cash'
        ORDER BY (SELECT COUNT(*) FROM order_line l WHERE l.order_id = o.id) DESC LIMIT 1`,
    );
    const driver = one<{ id: string }>("SELECT id FROM account WHERE username = 'driver1'");
    const admin = one<{ id: string }>("SELECT id FROM account WHERE username = 'admin'");
    dispatchOrder(
      e.db,
      { id: admin.id, name: 'admin' },
      { id: order.id, driverId: driver.id },
      { timeZone: 'Asia/Tokyo' },
    );

    const phone = await e.newPage({ width: 360, height: 740 });
    await signIn(phone, 'driver1', 'driver1234');
    await phone.waitForURL('**/driver');
    await phone.goto('/driver/ordertrack');
    const card = phone.getByTestId('job-card').filter({ hasText: order.restaurantName });
    await card.first().getByRole('button', { name: 'Mark As Delivered' }).click();
    const ask = phone.getByRole('dialog', { name: 'Are You Sure to Mark Delivered?' });
    await ask.getByTestId('delivered-line').first().getByRole('textbox').click();

    // Through every field with Tab, as the keyboard's Next key moves; the bar's own buttons
    // and the dialog's close button are left out.
    const hidden: string[] = [];
    for (let i = 0; i < 30; i++) {
      const where = await phone.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const bar = document.querySelector('[data-testid="deliver-actions"]');
        if (!el || !bar || bar.contains(el) || !el.closest('[role="dialog"]')) return null;
        if (el.matches('.mantine-Modal-close')) return 'done';
        const label =
          el.getAttribute('aria-label') ??
          (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
          el.textContent ??
          el.tagName;
        return el.getBoundingClientRect().bottom > bar.getBoundingClientRect().top + 1
          ? `under the bar: ${label}`
          : 'ok';
      });
      if (where === 'done') break;
      if (where?.startsWith('under')) hidden.push(where);
      await phone.keyboard.press('Tab');
    }
    expect(hidden).toEqual([]);
    expect(e.problems).toEqual([]);
  });
});
