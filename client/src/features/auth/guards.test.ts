import { describe, expect, it } from 'vitest';
import { afterSignIn, type GuardUser, homeFor, loginPathFor, redirectFor } from './guards';

const admin: GuardUser = { isAdmin: true, role: 'admin' };
const manager: GuardUser = { isAdmin: false, role: 'manager' };
const driver: GuardUser = { isAdmin: false, role: 'driver' };
const customer: GuardUser = { isAdmin: false, role: 'customer' };

describe('homeFor', () => {
  it('sends admins and managers to /admin, drivers to /driver, customers to /customer', () => {
    expect(homeFor(admin)).toBe('/admin');
    expect(homeFor(manager)).toBe('/admin');
    expect(homeFor(driver)).toBe('/driver');
    expect(homeFor(customer)).toBe('/customer');
  });

  it('treats isAdmin as the office whatever the role says', () => {
    expect(homeFor({ isAdmin: true, role: 'customer' })).toBe('/admin');
  });
});

describe('redirectFor', () => {
  it('lets a signed-out visitor see the login screen and unknown paths', () => {
    expect(redirectFor(null, '/')).toBeNull();
    expect(redirectFor(null, '/no-such-page')).toBeNull();
  });

  it('sends a signed-out visitor on any protected path to /', () => {
    for (const path of [
      '/admin',
      '/admin/orders/x1',
      '/driver',
      '/customer/regularorder',
      '/cart',
    ]) {
      expect(redirectFor(null, path), path).toBe('/');
    }
  });

  it('sends a signed-in user from / to their home', () => {
    expect(redirectFor(admin, '/')).toBe('/admin');
    expect(redirectFor(driver, '/')).toBe('/driver');
    expect(redirectFor(customer, '/')).toBe('/customer');
  });

  it('lets admins and managers into /admin only', () => {
    expect(redirectFor(admin, '/admin/reports/todays')).toBeNull();
    expect(redirectFor(manager, '/admin')).toBeNull();
    expect(redirectFor(manager, '/driver')).toBe('/admin');
    expect(redirectFor(admin, '/customer/regularorder')).toBe('/admin');
    expect(redirectFor(admin, '/cart')).toBe('/admin');
  });

  it('keeps drivers in /driver', () => {
    expect(redirectFor(driver, '/driver/ordertrack/delivered')).toBeNull();
    expect(redirectFor(driver, '/admin')).toBe('/driver');
    expect(redirectFor(driver, '/customer')).toBe('/driver');
    expect(redirectFor(driver, '/cart')).toBe('/driver');
  });

  it('keeps customers in /customer and /cart', () => {
    expect(redirectFor(customer, '/customer/myorderlist')).toBeNull();
    expect(redirectFor(customer, '/cart')).toBeNull();
    expect(redirectFor(customer, '/admin/orders')).toBe('/customer');
    expect(redirectFor(customer, '/driver/payments')).toBe('/customer');
  });

  it('matches whole path segments only', () => {
    expect(redirectFor(null, '/administrator')).toBeNull();
    expect(redirectFor(null, '/carts')).toBeNull();
  });

  it('leaves unknown paths alone for signed-in users (they get Page not found)', () => {
    expect(redirectFor(customer, '/nowhere')).toBeNull();
  });
});

describe('returning to the page asked for after signing in', () => {
  const search = (path: string) => loginPathFor(path).slice(1);

  it('returns to a deep link of the person own area, query included', () => {
    expect(afterSignIn(customer, search('/customer/orderdetails/abc?print=1'))).toBe(
      '/customer/orderdetails/abc?print=1',
    );
    expect(afterSignIn(driver, search('/driver/payments'))).toBe('/driver/payments');
  });

  it("goes home instead of another area's page, another site or an unknown path", () => {
    expect(afterSignIn(customer, search('/admin/orders'))).toBe('/customer');
    expect(afterSignIn(customer, '?next=//evil.example/customer')).toBe('/customer');
    expect(afterSignIn(customer, '?next=https://evil.example')).toBe('/customer');
    expect(afterSignIn(customer, '?next=/%5Cevil.example')).toBe('/customer');
    expect(afterSignIn(customer, search('/nowhere'))).toBe('/customer');
    expect(afterSignIn(admin, '')).toBe('/admin');
  });
});
