// When an order really reached the restaurant. customer_order.is_delivered and delivered_at
// are the spec's names for "handed over" (dispatched to a driver, or delivered by the office);
// when a driver carries the order, its delivery_job says when it was delivered. As SQL over an
// order aliased `o`: the driver's delivery time, else the office's; NULL while a job is pending.
export const DELIVERED_AT_SQL = `CASE
    WHEN o.is_delivered = 0 THEN NULL
    WHEN EXISTS (SELECT 1 FROM delivery_job j WHERE j.order_id = o.id AND j.is_delivered = 0) THEN NULL
    ELSE COALESCE((SELECT MAX(j.delivered_at) FROM delivery_job j
                    WHERE j.order_id = o.id AND j.is_delivered = 1), o.delivered_at)
  END`;
