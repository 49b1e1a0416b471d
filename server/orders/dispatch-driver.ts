import { z } from 'zod';
import { idParam } from '../../shared/schemas/catalogue';
import type { Db } from '../platform/db';
import { prepared } from '../platform/prepared';

// Who should carry these orders (ADR 056): the dispatch dialog preselects a driver only when the
// data names one, so that "no driver" is never what one click on Yes does by default. The
// driver of the latest delivery job for one of these orders' customers, else of the latest job
// on one of their routes; jobs of accounts that are no longer drivers are passed over. Nothing
// (null) on a new database, for a new customer on a new route, or when no driver is left.

export const suggestDriverInput = z.object({
  ids: z.array(idParam).min(1, 'delivery.nothingSelected').max(500),
});

export const suggestDriverOut = z.object({
  driverId: z.string().nullable(),
  /** Why this driver: the customer's own latest job, or its route's. */
  basis: z.enum(['customer', 'route']).nullable(),
});
export type SuggestDriverOut = z.infer<typeof suggestDriverOut>;

// The latest job by serial number (given in increasing order when the job is made): the
// office's most recent choice, delivered or still on its way. Each reads a few rows through
// delivery_job_customer_id_idx per customer of the orders (a handful).
const BY_CUSTOMER = `
  SELECT j.delivered_by FROM delivery_job j
    JOIN account a ON a.id = j.delivered_by AND a.kind = 'employee' AND a.role = 'driver'
   WHERE j.customer_id IN (SELECT o.customer_id FROM customer_order o
                            WHERE o.id IN (SELECT value FROM json_each(?)))
   ORDER BY j.serial_no DESC LIMIT 1`;

const BY_ROUTE = `
  SELECT j.delivered_by FROM delivery_job j
    JOIN account a ON a.id = j.delivered_by AND a.kind = 'employee' AND a.role = 'driver'
    JOIN customer c ON c.id = j.customer_id
   WHERE c.route_id IN (SELECT c2.route_id FROM customer_order o JOIN customer c2 ON c2.id = o.customer_id
                         WHERE o.id IN (SELECT value FROM json_each(?)) AND c2.route_id IS NOT NULL)
   ORDER BY j.serial_no DESC LIMIT 1`;

export function suggestDriver(db: Db, ids: string[]): SuggestDriverOut {
  const json = JSON.stringify([...new Set(ids)]);
  const s = prepared(db, 'orders.suggestDriver', () => ({
    byCustomer: db.$client.prepare<[string], string>(BY_CUSTOMER).pluck(),
    byRoute: db.$client.prepare<[string], string>(BY_ROUTE).pluck(),
  }));
  const customer = s.byCustomer.get(json);
  if (customer) return { driverId: customer, basis: 'customer' };
  const route = s.byRoute.get(json);
  if (route) return { driverId: route, basis: 'route' };
  return { driverId: null, basis: null };
}
