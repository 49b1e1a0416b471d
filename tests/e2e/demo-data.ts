import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { account, customer, setting } from '../../drizzle/schema';
import type { Db } from '../../server/platform/db';

// What several journeys arrange or read in the demo the same way: a restaurant's row by its
// login, the delivery cut-off, and a cart filled from the order sheet as a restaurant fills it.

/** The demo restaurant signed in as `username`. */
export function customerOf(db: Db, username: string) {
  const row = db
    .select()
    .from(customer)
    .innerJoin(account, eq(account.id, customer.accountId))
    .where(eq(account.username, username))
    .get();
  if (!row) throw new Error(`no ${username}`);
  return row.customer;
}

/** Sets the business's daily cut-off ("HH:MM", Tokyo) with no holidays. */
export function setCutoff(db: Db, cutoff: string): void {
  const value = { cutoff, holidays: [] };
  db.insert(setting)
    .values({ key: 'delivery', value })
    .onConflictDoUpdate({ target: setting.key, set: { value } })
    .run();
}

/**
 * A cut-off half a day away from now: the earliest delivery date offered cannot move during a
 * journey, whatever the hour it runs.
 */
export function cutoffHalfADayAway(): string {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Tokyo',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(new Date()),
  );
  return `${String((hour + 12) % 24).padStart(2, '0')}:00`;
}

/** Adds the first `n` products of the order sheet that can be added; returns their names. */
export async function addProducts(page: Page, n: number): Promise<string[]> {
  await page.goto('/customer/regularorder');
  const cards = page.getByTestId('product-card');
  // The grid draws its first cards first and the rest in batches (ProductGrid).
  await cards.nth(19).waitFor();
  const names: string[] = [];
  for (let i = 0; names.length < n && i < 20; i++) {
    const card = cards.nth(i);
    const add = card.getByRole('button', { name: 'Add to cart' });
    if ((await add.count()) === 0 || (await add.isDisabled())) continue;
    names.push((await card.getByRole('heading').first().innerText()).trim());
    await add.click();
  }
  return names;
}
