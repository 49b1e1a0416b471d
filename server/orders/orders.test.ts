import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer, makeProduct } from '../../tests/helpers/factories';
import { businessInfoOf } from '../accounts/auth';
import { loadCustomerForAccount } from '../context';
import { closeDb, type Db, openDb } from '../platform/db';
import type { AppError } from '../platform/errors';
import { type Placer, placeOrder } from './orders';

// The delivery-date rule around midnight in the business's time zone, with an injected clock:
// Asia/Tokyo is UTC+9, so from 00:00 to 09:00 in Tokyo the UTC date is still yesterday's.

const ZONE = 'Asia/Tokyo';
/** 23:59 on 23 November in Tokyo: 14:59 UTC, the same date. */
const BEFORE_MIDNIGHT = new Date('2026-11-23T14:59:00Z');
/** 00:01 on 24 November in Tokyo: 15:01 UTC, still 23 November in UTC. */
const AFTER_MIDNIGHT = new Date('2026-11-23T15:01:00Z');

let db: Db;
let placer: Placer;
let productId = '';

beforeAll(async () => {
  db = openDb(':memory:');
  const c = await makeCustomer(db);
  const customer = loadCustomerForAccount(db, c.accountId);
  if (!customer) throw new Error('no customer');
  placer = { accountId: c.accountId, username: c.username, customer };
  productId = makeProduct(db, { price: 1000 }).id;
});
afterAll(() => closeDb(db));

function placeFor(deliveryDate: string, now: Date): string {
  try {
    const order = placeOrder(
      db,
      placer,
      { orderItems: [{ product: productId, quantity: 1 }], customMessage: '', deliveryDate },
      { timeZone: ZONE, now },
    );
    return `placed ${order.deliveryDate}`;
  } catch (err) {
    return (err as AppError).appCode;
  }
}

describe('delivery date around midnight in the business time zone', () => {
  it('at 23:59 in Tokyo, today is still the 23rd but past the 04:00 cut-off: tomorrow is the earliest', () => {
    expect(placeFor('2026-11-22', BEFORE_MIDNIGHT)).toBe('order.deliveryDatePast');
    expect(placeFor('2026-11-23', BEFORE_MIDNIGHT)).toBe('order.deliveryDateTooEarly');
    expect(placeFor('2026-11-24', BEFORE_MIDNIGHT)).toBe('placed 2026-11-24');
  });

  it('at 00:01 in Tokyo, today is the 24th although UTC still says the 23rd, and before the cut-off', () => {
    expect(placeFor('2026-11-23', AFTER_MIDNIGHT)).toBe('order.deliveryDatePast');
    expect(placeFor('2026-11-24', AFTER_MIDNIGHT)).toBe('placed 2026-11-24');
  });

  it('at 04:00 in Tokyo the cut-off closes today', () => {
    const atCutoff = new Date('2026-11-23T19:00:00Z');
    expect(placeFor('2026-11-24', atCutoff)).toBe('order.deliveryDateTooEarly');
    expect(placeFor('2026-11-25', atCutoff)).toBe('placed 2026-11-25');
  });

  it('the session tells the client the same today as the rule uses', () => {
    expect(businessInfoOf(ZONE, BEFORE_MIDNIGHT)).toEqual({ timeZone: ZONE, today: '2026-11-23' });
    expect(businessInfoOf(ZONE, AFTER_MIDNIGHT)).toEqual({ timeZone: ZONE, today: '2026-11-24' });
    expect(businessInfoOf('UTC', AFTER_MIDNIGHT).today).toBe('2026-11-23');
  });
});
