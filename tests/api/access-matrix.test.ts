import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/accounts/sessions';
import { appRouter } from '../../server/router';
import { deliveryCalendar } from '../../server/settings/settings';
import type { Role } from '../../server/trpc';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// Every procedure of appRouter, for every kind of caller, over HTTP, against the matrix below:
// who may call what is written here once, as the office would read it, and the server must
// answer by it. A procedure added to the router and missing here fails the first test. Each
// call gets a fresh real session of its account, so a call that ends a session (auth.logout)
// cannot change the outcome of the next.

const ANYONE: readonly Role[] = ['anonymous', 'customer', 'driver', 'manager', 'admin'];
const SIGNED_IN: readonly Role[] = ['customer', 'driver', 'manager', 'admin'];
const STAFF: readonly Role[] = ['manager', 'admin'];

/** Each procedure: how it is called, and who may call it. */
const MATRIX: Record<string, ['query' | 'mutation', readonly Role[]]> = {
  'audit.history': ['query', STAFF],
  'auth.login': ['mutation', ANYONE],
  'auth.logout': ['mutation', ANYONE],
  'auth.session': ['query', ANYONE],
  'auth.profile': ['query', SIGNED_IN],
  'auth.setLanguage': ['mutation', SIGNED_IN],
  'auth.changePassword': ['mutation', SIGNED_IN],
  'bankImport.read': ['mutation', STAFF],
  'bankImport.record': ['mutation', STAFF],
  'categories.list': ['query', ANYONE],
  'categories.listForOffice': ['query', STAFF],
  'categories.create': ['mutation', STAFF],
  'categories.update': ['mutation', STAFF],
  'categories.remove': ['mutation', STAFF],
  'claims.create': ['mutation', ['customer']],
  'claims.mine': ['query', ['customer']],
  'claims.claimable': ['query', ['customer']],
  'claims.list': ['query', STAFF],
  'claims.decide': ['mutation', STAFF],
  'closing.due': ['query', STAFF],
  'closing.preview': ['query', STAFF],
  'closing.run': ['mutation', STAFF],
  'creditNotes.creditable': ['query', STAFF],
  'creditNotes.create': ['mutation', STAFF],
  'creditNotes.byId': ['query', ['customer', ...STAFF]],
  'credit.held': ['query', STAFF],
  'credit.release': ['mutation', STAFF],
  'credit.setHold': ['mutation', STAFF],
  'handovers.myDay': ['query', ['driver']],
  'handovers.handOver': ['mutation', ['driver']],
  'handovers.confirm': ['mutation', STAFF],
  'handovers.report': ['query', STAFF],
  'handovers.detail': ['query', STAFF],
  'handovers.correct': ['mutation', STAFF],
  'customers.list': ['query', STAFF],
  'customers.assignRoute': ['mutation', STAFF],
  'lists.customers': ['query', STAFF],
  'lists.orders': ['query', STAFF],
  'lists.invoices': ['query', STAFF],
  'lists.payments': ['query', STAFF],
  'customers.byId': ['query', STAFF],
  'customers.pick': ['query', STAFF],
  'customers.ledger': ['query', STAFF],
  'customers.create': ['mutation', STAFF],
  'customers.update': ['mutation', STAFF],
  'customers.remove': ['mutation', STAFF],
  'customers.importCsv': ['mutation', STAFF],
  'customers.resetPassword': ['mutation', STAFF],
  'employees.list': ['query', STAFF],
  'employees.create': ['mutation', STAFF],
  'employees.update': ['mutation', STAFF],
  'employees.remove': ['mutation', STAFF],
  'employees.resetPassword': ['mutation', STAFF],
  'information.active': ['query', ANYONE],
  'information.activePopup': ['query', ANYONE],
  'information.list': ['query', STAFF],
  'information.create': ['mutation', STAFF],
  'information.update': ['mutation', STAFF],
  'information.remove': ['mutation', STAFF],
  'invoices.list': ['query', STAFF],
  'invoices.completed': ['query', STAFF],
  'documents.model': ['query', SIGNED_IN],
  'documents.mine': ['query', ['customer']],
  'documents.ofCustomer': ['query', STAFF],
  'documents.closingStatements': ['query', STAFF],
  'documents.closingMailState': ['query', STAFF],
  'documents.sendClosingStatements': ['mutation', STAFF],
  'documents.mails': ['query', STAFF],
  'documents.send': ['mutation', STAFF],
  'invoices.byId': ['query', ['driver', 'manager', 'admin']],
  'invoices.history': ['query', ['driver', 'manager', 'admin']],
  'invoices.byCustomer': ['query', STAFF],
  'invoices.assigned': ['query', ['driver', 'manager', 'admin']],
  'invoices.mine': ['query', ['driver', 'manager', 'admin']],
  'invoices.create': ['mutation', STAFF],
  'invoices.update': ['mutation', STAFF],
  'invoices.assignCollector': ['mutation', STAFF],
  'invoices.delete': ['mutation', STAFF],
  'invoices.cancel': ['mutation', STAFF],
  'invoices.pay': ['mutation', ['driver', 'manager', 'admin']],
  'invoices.payFull': ['mutation', ['driver', 'manager', 'admin']],
  'invoices.editPayment': ['mutation', STAFF],
  'invoices.removeBankFee': ['mutation', STAFF],
  'invoices.addNote': ['mutation', ['driver', 'manager', 'admin']],
  'invoices.formOptions': ['query', STAFF],
  'invoices.byDate': ['query', STAFF],
  'invoices.forecast': ['query', STAFF],
  'invoices.aging': ['query', STAFF],
  'invoices.followUps': ['query', STAFF],
  'invoices.overdueCustomers': ['query', STAFF],
  'invoices.myOverdue': ['query', ['customer']],
  'invoices.duesForCustomers': ['query', ['driver', 'manager', 'admin']],
  'orders.pendingWebCount': ['query', STAFF],
  'orders.lastOf': ['query', STAFF],
  'orders.dispatchSelected': ['mutation', STAFF],
  'orders.place': ['mutation', ['customer']],
  'orders.mine': ['query', ['customer']],
  'orders.cancelledMine': ['query', ['customer']],
  'orders.changeWindow': ['query', ['customer']],
  'orders.sameDay': ['query', ['customer']],
  'orders.checkoutTerms': ['query', ['customer']],
  'orders.termsFor': ['query', STAFF],
  'orders.change': ['mutation', ['customer']],
  'orders.addTo': ['mutation', ['customer']],
  'orders.cancel': ['mutation', ['customer']],
  'orders.byId': ['query', ['customer', 'manager', 'admin']],
  'orders.release': ['mutation', STAFF],
  'orders.list': ['query', STAFF],
  'orders.delivered': ['query', STAFF],
  'orders.ofCustomer': ['query', STAFF],
  'orders.officeById': ['query', STAFF],
  'orders.itemQuantities': ['query', STAFF],
  'orders.pendingDates': ['query', STAFF],
  'orders.pickList': ['query', STAFF],
  'orders.deliver': ['mutation', STAFF],
  'orders.dispatch': ['mutation', STAFF],
  'orders.dispatchMany': ['mutation', STAFF],
  'orders.suggestDriver': ['query', STAFF],
  'orders.remove': ['mutation', STAFF],
  'orders.placeFor': ['mutation', STAFF],
  'ordertrack.pending': ['query', STAFF],
  'ordertrack.deliveredToday': ['query', STAFF],
  'ordertrack.completed': ['query', STAFF],
  'ordertrack.driverPending': ['query', ['driver', 'manager', 'admin']],
  'ordertrack.driverDelivered': ['query', ['driver', 'manager', 'admin']],
  'ordertrack.driverRoute': ['query', ['driver', 'manager', 'admin']],
  'ordertrack.byId': ['query', ['driver', 'manager', 'admin']],
  'ordertrack.deliver': ['mutation', ['driver', 'manager', 'admin']],
  'ordertrack.create': ['mutation', STAFF],
  'ordertrack.update': ['mutation', STAFF],
  'ordertrack.remove': ['mutation', STAFF],
  'ordertrack.formOptions': ['query', STAFF],
  'ordertrack.sheet': ['query', STAFF],
  'people.list': ['query', ['customer']],
  'people.add': ['mutation', ['customer']],
  'people.remove': ['mutation', ['customer']],
  'people.resetPassword': ['mutation', ['customer']],
  'people.ofCustomer': ['query', STAFF],
  'people.addFor': ['mutation', STAFF],
  'people.removeFor': ['mutation', STAFF],
  'people.resetPasswordFor': ['mutation', STAFF],
  'products.list': ['query', ANYONE],
  'products.byId': ['query', ANYONE],
  'products.forCustomer': ['query', STAFF],
  'products.forDriver': ['query', ['driver']],
  'products.search': ['query', ANYONE],
  'products.create': ['mutation', STAFF],
  'products.update': ['mutation', STAFF],
  'products.remove': ['mutation', STAFF],
  'products.importCsv': ['mutation', STAFF],
  'routes.list': ['query', STAFF],
  'routes.create': ['mutation', STAFF],
  'routes.update': ['mutation', STAFF],
  'routes.remove': ['mutation', STAFF],
  'routes.stops': ['query', STAFF],
  'routes.setStopOrder': ['mutation', STAFF],
  'reports.dashboard': ['query', STAFF],
  'reports.deliveries': ['query', STAFF],
  'reports.taxSummary': ['query', STAFF],
  'settings.deliveryCalendar': ['query', SIGNED_IN],
  'settings.get': ['query', STAFF],
  'settings.update': ['mutation', STAFF],
  'settings.money': ['query', STAFF],
  'settings.updateMoney': ['mutation', STAFF],
  'settings.tax': ['query', SIGNED_IN],
  'settings.updateTax': ['mutation', STAFF],
  'settings.business': ['query', STAFF],
  'settings.updateBusiness': ['mutation', STAFF],
  'settings.setup': ['query', STAFF],
  'settings.backupStatus': ['query', ['admin']],
  'stock.receive': ['mutation', STAFF],
  'stock.adjust': ['mutation', STAFF],
  'stock.setLowStockAt': ['mutation', STAFF],
  'stock.lowStock': ['query', STAFF],
  'stock.movements': ['query', STAFF],
  'stock.settings': ['query', STAFF],
  'stock.updateSettings': ['mutation', STAFF],
  'wishlist.list': ['query', ['customer']],
  'wishlist.add': ['mutation', ['customer']],
  'wishlist.remove': ['mutation', ['customer']],
  'standing.usual': ['query', ['customer']],
  'standing.setUsual': ['mutation', ['customer']],
  'standing.pauses': ['query', ['customer']],
  'standing.addPause': ['mutation', ['customer']],
  'standing.removePause': ['mutation', ['customer']],
  'standing.upcoming': ['query', ['customer']],
  'standing.updateDraft': ['mutation', ['customer']],
  'standing.updateDraftFor': ['mutation', STAFF],
  'standing.usualFor': ['query', STAFF],
  'standing.setUsualFor': ['mutation', STAFF],
  'standing.orderSheetFor': ['query', STAFF],
  'standing.pausesFor': ['query', STAFF],
  'standing.addPauseFor': ['mutation', STAFF],
  'standing.removePauseFor': ['mutation', STAFF],
  'standing.upcomingFor': ['query', STAFF],
  'standing.forDate': ['query', STAFF],
  'standing.settings': ['query', STAFF],
  'standing.updateSettings': ['mutation', STAFF],
  'priceLists.list': ['query', STAFF],
  'priceLists.byId': ['query', STAFF],
  'priceLists.create': ['mutation', STAFF],
  'priceLists.rename': ['mutation', STAFF],
  'priceLists.remove': ['mutation', STAFF],
  'priceLists.setPrices': ['mutation', STAFF],
  'priceLists.importCsv': ['mutation', STAFF],
  'priceLists.exportCsv': ['query', STAFF],
  'priceLists.customerTerms': ['query', STAFF],
  'priceLists.setCustomerTerms': ['mutation', STAFF],
  'priceLists.setOverride': ['mutation', STAFF],
  'priceLists.productTerms': ['query', STAFF],
  'priceLists.setHidden': ['mutation', STAFF],
};

/** The procedure paths of a router: its keys, walked down through nested routers. */
function pathsOf(node: object, prefix = ''): string[] {
  return Object.entries(node).flatMap(([key, value]) => {
    if (key === '_def' || key === 'createCaller') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'function' ? [path] : pathsOf(value as object, path);
  });
}
const procedures = Object.entries(MATRIX);

/** The callers: a role each, and the account whose session they use (none for anonymous). */
const CALLERS = [
  'anonymous',
  'customer',
  'another customer',
  'driver',
  'manager',
  'admin',
] as const;
type Caller = (typeof CALLERS)[number];
const roleOf = (caller: Caller): Role => (caller === 'another customer' ? 'customer' : caller);

let t: TestApp;
const accounts: Partial<Record<Caller, string>> = {};

beforeAll(async () => {
  t = await startTestApp();
  accounts.customer = (await makeCustomer(t.db)).accountId;
  accounts['another customer'] = (await makeCustomer(t.db)).accountId;
  accounts.driver = (await makeEmployee(t.db, 'driver')).id;
  accounts.manager = (await makeEmployee(t.db, 'manager')).id;
  accounts.admin = (await makeAdmin(t.db)).id;
});
afterAll(() => t.close());

/** Calls a procedure with no input as `caller`; returns the HTTP status. */
async function statusOf(caller: Caller, path: string, type: string): Promise<number> {
  const accountId = accounts[caller];
  const bearer = accountId ? createSession(t.db, accountId).token : undefined;
  const c = new ApiClient(t.url, bearer ? { bearer } : {});
  const r = type === 'query' ? await c.get(`/trpc/${path}`) : await c.post(`/trpc/${path}`);
  return r.status;
}

describe('access matrix', () => {
  it('names every procedure of the router, and only those', () => {
    const paths = pathsOf(appRouter);
    for (const known of ['auth.login', 'orders.place', 'orders.byId', 'orders.pendingWebCount'])
      expect(paths).toContain(known);
    expect(
      paths.filter((p) => !(p in MATRIX)),
      'procedures missing from MATRIX',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((p) => !paths.includes(p)),
      'gone from the router',
    ).toEqual([]);
  });

  for (const [path, [type, roles]] of procedures) {
    describe(path, () => {
      for (const caller of CALLERS) {
        it(`answers ${caller} by its rule`, async () => {
          const allowed = roles.includes(roleOf(caller));
          const status = await statusOf(caller, path, type);
          if (allowed) {
            // Missing input may be refused (400) or name nothing (404); never 401/403 or 500.
            expect([401, 403], `${caller} on ${path}`).not.toContain(status);
            expect(status, `${caller} on ${path}`).toBeLessThan(500);
          } else {
            expect(status, `${caller} on ${path}`).toBe(caller === 'anonymous' ? 401 : 403);
          }
        });
      }
    });
  }
});

describe("another account's order", () => {
  const as = (caller: Caller) => {
    const accountId = accounts[caller];
    return new ApiClient(t.url, accountId ? { bearer: createSession(t.db, accountId).token } : {});
  };
  const input = (id: string) => encodeURIComponent(JSON.stringify({ id }));

  it('answers 404 to another customer, as for a missing one, on both doors; staff see it', async () => {
    const product = makeProduct(t.db);
    const placed = await as('customer').post<{ _id: string }>('/api/orders', {
      orderItems: [{ product: product.id, quantity: 1 }],
      deliveryDate: deliveryCalendar(t.db, t.config.timeZone).earliest,
    });
    expect(placed.status).toBe(201);
    const id = placed.body._id;

    for (const asked of [id, 'no-such-order']) {
      const rest = await as('another customer').get(`/api/orders/${asked}`);
      expect(rest.status).toBe(404);
      expect(rest.body).toEqual({ message: 'Order not found.', code: 'order.notFound' });
      const trpc = await as('another customer').get<{ error: { data: { appCode: string } } }>(
        `/trpc/orders.byId?input=${input(asked)}`,
      );
      expect(trpc.status).toBe(404);
      expect(trpc.body.error.data.appCode).toBe('order.notFound');
    }

    for (const caller of ['customer', 'manager', 'admin'] as const) {
      const rest = await as(caller).get<{ _id: string }>(`/api/orders/${id}`);
      expect(rest.status, caller).toBe(200);
      expect(rest.body._id).toBe(id);
      const trpc = await as(caller).get<{ result: { data: { _id: string } } }>(
        `/trpc/orders.byId?input=${input(id)}`,
      );
      expect(trpc.status, caller).toBe(200);
      expect(trpc.body.result.data._id).toBe(id);
    }
    expect((await as('driver').get(`/api/orders/${id}`)).status).toBe(403);
    expect((await as('anonymous').get(`/api/orders/${id}`)).status).toBe(401);
  });
});
