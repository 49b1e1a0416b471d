import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DESKTOP, type E2E, PHONE, signIn, startE2E } from './harness';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());
// Each journey answers for its own console.
beforeEach(() => {
  e.problems.length = 0;
});

const homes = [
  {
    who: 'admin',
    username: 'admin',
    password: 'admin1234',
    path: '/admin',
    tiles: [
      'Web Orders',
      'Customers',
      'Order Track',
      'Reports',
      'Products',
      'Payments',
      'Customer Slider',
      'Employees',
    ],
  },
  {
    who: 'manager',
    username: 'manager',
    password: 'manager1234',
    path: '/admin',
    tiles: ['Web Orders', 'Customers', 'Employees'],
  },
  {
    who: 'driver',
    username: 'driver1',
    password: 'driver1234',
    path: '/driver',
    tiles: ['Pending Orders', 'Delivered Orders', 'Payments'],
  },
  {
    who: 'customer',
    username: 'cust01',
    password: 'cust1234',
    path: '/customer',
    tiles: ['All Products', 'My Ordersheet', 'Thai Products', 'Order History'],
  },
];

describe('each demo role signs in and lands on its home', () => {
  for (const [i, h] of homes.entries()) {
    const size = i % 2 === 0 ? PHONE : DESKTOP;
    it(`${h.who} at ${size.width}px`, async () => {
      const page = await e.newPage(size);
      await signIn(page, h.username, h.password);
      await page.waitForURL(`**${h.path}`);
      for (const tile of h.tiles) {
        await page.getByRole('link', { name: tile }).first().waitFor();
      }
      expect(e.problems).toEqual([]);
    });
  }

  it('the admin home shows the live count of pending web orders', async () => {
    const page = await e.newPage(DESKTOP);
    await signIn(page, 'admin', 'admin1234');
    await page.waitForURL('**/admin');
    const pending = e.db.$client
      .prepare('SELECT count(*) FROM customer_order WHERE is_delivered = 0')
      .pluck()
      .get() as number;
    expect(pending).toBeGreaterThan(0);
    // The Web Orders tile carries the count as a badge, labelled for screen readers.
    await page.getByLabel(`Pending web orders: ${pending}`).waitFor();
    await page
      .getByRole('link', { name: /Web Orders/ })
      .getByText(String(pending))
      .waitFor();
  });
});

describe('the login screen', () => {
  it('asks for both fields, then shows the server message for a wrong password', async () => {
    const page = await e.newPage(PHONE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('*This field is required.').count()).resolves.toBe(2);
    await page.getByLabel('Username').fill('cust02');
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').getByText('Invalid username or password').waitFor();
    expect(page.url()).toBe(`${e.url}/`);
  });
});

describe('guards', () => {
  it('a signed-out visit to /customer/myorderlist lands on /, remembering the page', async () => {
    const page = await e.newPage(PHONE);
    await page.goto('/customer/myorderlist');
    await page.waitForURL(`${e.url}/?next=%2Fcustomer%2Fmyorderlist`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
  });

  it('a driver sent to /admin is turned away to /driver', async () => {
    const page = await e.newPage(PHONE);
    await signIn(page, 'driver2', 'driver1234');
    await page.waitForURL('**/driver');
    await page.goto('/admin');
    await page.waitForURL('**/driver');
    // The driver's home drawn first: before it, no tile at all would pass too.
    await page.getByRole('link', { name: 'Pending Orders' }).first().waitFor();
    await expect(page.getByRole('link', { name: 'Web Orders' }).count()).resolves.toBe(0);
  });

  it('logout signs out and the app returns to the login screen', async () => {
    const page = await e.newPage(DESKTOP);
    await signIn(page, 'cust03', 'cust1234');
    await page.waitForURL('**/customer');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${e.url}/`);
    await page.goto('/customer');
    await page.waitForURL(`${e.url}/?next=%2Fcustomer`);
    // The login screen drawn first: before it, the note would be absent anyway.
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    // Logging out is not an ended session: nothing to explain.
    expect(await page.getByText('Your session has ended').count()).toBe(0);
  });
});

describe('two languages', () => {
  it('the language switch shows Nepali and is remembered', async () => {
    const page = await e.newPage(PHONE);
    await signIn(page, 'cust04', 'cust1234');
    await page.waitForURL('**/customer');
    // The switch sits in the top bar, each language named in its own script.
    await page.getByRole('banner').getByTestId('language-switch').selectOption('ne');
    await page.getByRole('link', { name: 'सबै सामानहरू' }).first().waitFor();
    await expect(page.getAttribute('html', 'lang')).resolves.toBe('ne');
    await page.reload();
    await page.getByRole('link', { name: 'सबै सामानहरू' }).first().waitFor();
    expect(e.problems).toEqual([]);
  });
});
