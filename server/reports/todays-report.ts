import type { ReportOut } from '../../shared/schemas/doorstep';
import { listDeliveredBetween } from '../deliveries/job-lists';
import { dayRange } from '../platform/business-day';
import type { Db } from '../platform/db';

// The day's report (`/admin/reports/todays`, `GET /api/ordertrack/report/{date}`): delivered
// jobs of a business day grouped by driver.

export function deliveriesReport(db: Db, date: string, timeZone: string): ReportOut {
  const [from, to] = dayRange(date, timeZone);
  const jobs = listDeliveredBetween(db, from, to);
  const groups = new Map<string, ReportOut['orderTrack'][number]>();
  for (const j of jobs) {
    const key = j.deliveredBy?._id ?? '';
    let g = groups.get(key);
    if (!g) {
      g = {
        _id: j.deliveredBy?._id ?? null,
        deliveredBy: j.deliveredBy ? { username: j.deliveredBy.username } : null,
        count: 0,
        orders: [],
      };
      groups.set(key, g);
    }
    g.count++;
    g.orders.push({
      _id: j._id,
      serialNo: j.serialNo,
      restaurantName: j.customer?.restaurantName ?? j.restaurantName,
      paymentMethod: j.customer?.paymentMethod ?? null,
      deliveredAt: j.deliveredAt ?? '',
    });
  }
  const orderTrack = [...groups.values()].sort((a, b) =>
    (a.deliveredBy?.username ?? '\uffff').localeCompare(b.deliveredBy?.username ?? '\uffff'),
  );
  return { date, totalOrders: jobs.length, orderTrack };
}
