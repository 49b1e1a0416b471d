import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverJob } from '../../server/deliveries/deliver';
import { dispatchOrder } from '../../server/orders/web-orders';
import { scopeOfDriver } from '../../server/platform/scope';
import { type E2E, PHONE, signIn, startE2E } from './harness';

// A restaurant reports a goods issue with a photo straight from its phone's camera, a picture
// of several megabytes (ADR 082). The phone sends it made smaller: it was sent whole, minutes
// on a poor connection, and one over the 5 MB limit was refused once all of it had gone.

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const one = <T>(q: string, ...params: unknown[]) => e.db.$client.prepare(q).get(...params) as T;

describe('a goods claim with a camera photo', () => {
  it('is sent with its photo, made smaller on the phone', { timeout: 120_000 }, async () => {
    // A pending web order, delivered just now by driver1 (the 48 hours to report are open).
    const order = one<{ id: string; username: string; name: string }>(
      `SELECT o.id, a.username, l.name FROM customer_order o
         JOIN customer c ON c.id = o.customer_id JOIN account a ON a.id = c.account_id
         JOIN order_line l ON l.order_id = o.id
        WHERE o.is_delivered = 0 AND o.on_hold = 0
          AND NOT EXISTS (SELECT 1 FROM delivery_job j WHERE j.order_id = o.id)
        ORDER BY o.order_number, l.position LIMIT 1`,
    );
    const driver = one<{ id: string }>("SELECT id FROM account WHERE username = 'driver1'");
    const admin = one<{ id: string }>("SELECT id FROM account WHERE username = 'admin'");
    dispatchOrder(
      e.db,
      { id: admin.id, name: 'admin' },
      { id: order.id, driverId: driver.id },
      { timeZone: 'Asia/Tokyo' },
    );
    const job = one<{ id: string }>('SELECT id FROM delivery_job WHERE order_id = ?', order.id);
    deliverJob(
      e.db,
      { id: driver.id, name: 'driver1' },
      scopeOfDriver(driver.id),
      { id: job.id },
      new Date(),
      { timeZone: 'Asia/Tokyo' },
    );

    // A 12-megapixel picture that does not compress (noise): about 10 MB as the camera saves it.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'claim-photo-'));
    const photo = path.join(dir, 'IMG_4032.jpg');
    await sharp(randomBytes(4000 * 3000 * 3), { raw: { width: 4000, height: 3000, channels: 3 } })
      .jpeg({ quality: 92 })
      .toFile(photo);
    expect(fs.statSync(photo).size).toBeGreaterThan(5 * 1024 * 1024);

    try {
      const page = await e.newPage(PHONE);
      await signIn(page, order.username, 'cust1234');
      await page.waitForURL('**/customer');
      await page.goto('/customer/claims');
      await page.getByRole('heading', { name: 'Report a problem' }).waitFor();
      await page.getByLabel('Product').first().click();
      await page
        .getByRole('option', {
          name: new RegExp(order.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
        })
        .first()
        .click();
      await page.getByLabel('What is wrong?').fill('Crushed box, photo from the camera');
      await page.locator('input[type="file"]').setInputFiles(photo);
      await page.getByRole('button', { name: 'Send report' }).click();
      await page
        .getByTestId('my-claim')
        .filter({ hasText: 'Crushed box, photo from the camera' })
        .waitFor();
      const claim = one<{ photo: string | null }>(
        'SELECT photo FROM goods_claim WHERE order_id = ?',
        order.id,
      );
      expect(claim.photo).toMatch(/^[0-9a-f]{32}\.jpg$/);
      expect(e.problems).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
