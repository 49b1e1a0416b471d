import { createStore, del, get, set, values } from 'idb-keyval';
import { isNetworkFailure, keyedClient, withKey } from '../../../keyed';

// The driver's payments taken without signal wait here (IndexedDB), like deliveries do
// (../deliveries/outbox.ts): each with its idempotency key and `takenAt`, the moment the
// driver took the money. The server dates the payment by that moment's day in the business's
// time zone (ADR 023), so a payment sent the next morning still lands on the day it was taken;
// it refuses one sent more than 3 days later (the office records that one).

export interface QueuedPayment {
  /** Idempotency-Key of this payment: the same for every retry; also its place in the queue. */
  key: string;
  invoiceId: string;
  /** Whole yen; a 'Pay Full Amount' is queued as the pending amount the driver saw. */
  amount: number;
  /** ISO instant of the first tap. */
  takenAt: string;
  restaurantName: string;
}

export interface PaymentRefusal {
  restaurantName: string;
  error: unknown;
}

export interface PaymentFlushResult {
  sent: number;
  refused: PaymentRefusal[];
  /** True when the connection failed and something is still waiting. */
  waiting: boolean;
}

/** Without IndexedDB (a test environment, a locked-down browser) the queue lives in memory. */
const hasIdb = typeof indexedDB !== 'undefined';
const memory = new Map<string, QueuedPayment>();
let store: ReturnType<typeof createStore> | null = null;
const st = () => {
  store ??= createStore('wholesale-driver-payments', 'payments');
  return store;
};
const idb = {
  set: (key: string, value: QueuedPayment) =>
    hasIdb ? set(key, value, st()) : Promise.resolve(void memory.set(key, value)),
  del: (key: string) => (hasIdb ? del(key, st()) : Promise.resolve(void memory.delete(key))),
  values: () => (hasIdb ? values<QueuedPayment>(st()) : Promise.resolve([...memory.values()])),
};

type Listener = () => void;
const listeners = new Set<Listener>();
let queued: QueuedPayment[] = [];
let loaded = false;

async function reload(): Promise<void> {
  queued = (await idb.values()).sort((a, b) => a.takenAt.localeCompare(b.takenAt));
  loaded = true;
  for (const l of listeners) l();
}

export function subscribePayments(listener: Listener): () => void {
  listeners.add(listener);
  if (!loaded) void reload();
  return () => listeners.delete(listener);
}

export function queuedPayments(): QueuedPayment[] {
  return queued;
}

/** Keeps a payment that got no answer on the phone, to be sent with its key and time later. */
export async function enqueuePayment(payment: QueuedPayment): Promise<void> {
  await idb.set(payment.key, payment);
  await reload();
}

/** Sends one payment with the time it was taken; the server dates it (never the phone). */
export function sendPayment(p: Pick<QueuedPayment, 'key' | 'invoiceId' | 'amount' | 'takenAt'>) {
  return keyedClient.invoices.pay.mutate(
    { invoiceId: p.invoiceId, amount: p.amount, takenAt: p.takenAt },
    withKey(p.key),
  );
}

let flushing: Promise<PaymentFlushResult> | null = null;

/**
 * Sends what waits, oldest first. A send that got an answer leaves the queue (recorded, or
 * refused for good: too old, overpaid, the day closed); one that got none stays for later.
 */
export function flushPayments(): Promise<PaymentFlushResult> {
  flushing ??= (async () => {
    const result: PaymentFlushResult = { sent: 0, refused: [], waiting: false };
    try {
      await reload();
      for (const item of queued) {
        try {
          await sendPayment(item);
          result.sent++;
        } catch (error) {
          if (isNetworkFailure(error)) {
            result.waiting = true;
            break;
          }
          result.refused.push({ restaurantName: item.restaurantName, error });
        }
        await idb.del(item.key);
      }
    } finally {
      await reload();
      flushing = null;
    }
    return result;
  })();
  return flushing;
}

// --- The driver's last invoice list, readable offline -------------------------------------------

let cacheStore: ReturnType<typeof createStore> | null = null;
const cs = () => {
  cacheStore ??= createStore('wholesale-driver-invoices', 'lists');
  return cacheStore;
};

export interface CachedInvoices<T> {
  data: T;
  /** ISO time of the answer. */
  syncedAt: string;
}

/** Keeps the driver's invoice list (GET invoices.mine) on the phone for a visit without signal. */
export function saveInvoices<T>(driverId: string, data: T, syncedAt: string): Promise<void> {
  if (!hasIdb) return Promise.resolve();
  return set(`mine:${driverId}`, { data, syncedAt }, cs()).catch(() => {});
}

export function loadInvoices<T>(driverId: string): Promise<CachedInvoices<T> | undefined> {
  if (!hasIdb) return Promise.resolve(undefined);
  return get<CachedInvoices<T>>(`mine:${driverId}`, cs()).catch(() => undefined);
}
