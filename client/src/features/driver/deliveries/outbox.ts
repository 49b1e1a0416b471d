import { createStore, del, get, set, values } from 'idb-keyval';
import type { DeliveredLineInput } from '../../../../../shared/schemas/billing';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import { isNetworkFailure, keyedClient, newKey, withKey } from '../../../keyed';

// The driver's phone keeps every 'Mark As Delivered' here (IndexedDB) before sending it, with
// its idempotency key and the time of the tap: a delivery made without signal is sent when the
// connection returns, and a retry of a send whose answer was lost is applied once by the server.
// Nothing here needs a service worker, so it works over plain http on a shop's network too.

export interface QueuedDelivery {
  jobId: string;
  /** Idempotency-Key of this delivery: the same for every retry. */
  key: string;
  /** ISO time of the tap. */
  deliveredAt: string;
  recipientName?: string;
  /** The uploaded proof-of-delivery photo's name, when it could be sent before queueing. */
  proofImage?: string;
  restaurantName: string;
  /** Lines delivered short, refused or substituted (ADR 033). */
  lines?: DeliveredLineInput[];
  /** The cash taken at the door: a payment on the delivery's invoice. */
  cashTaken?: number;
}

export interface Refusal {
  restaurantName: string;
  error: unknown;
}

const outboxStore = () => createStore('wholesale-driver-outbox', 'deliveries');
const cacheStore = () => createStore('wholesale-driver-cache', 'lists');

/** Without IndexedDB (a test environment, a locked-down browser) the queue lives in memory. */
const hasIdb = typeof indexedDB !== 'undefined';
const memory = new Map<string, QueuedDelivery>();
const idb = {
  get: (key: string) =>
    hasIdb ? get<QueuedDelivery>(key, ob()) : Promise.resolve(memory.get(key)),
  set: (key: string, value: QueuedDelivery) =>
    hasIdb ? set(key, value, ob()) : Promise.resolve(void memory.set(key, value)),
  del: (key: string) => (hasIdb ? del(key, ob()) : Promise.resolve(void memory.delete(key))),
  values: () => (hasIdb ? values<QueuedDelivery>(ob()) : Promise.resolve([...memory.values()])),
};

let outbox: ReturnType<typeof createStore> | null = null;
let cache: ReturnType<typeof createStore> | null = null;
const ob = () => {
  outbox ??= outboxStore();
  return outbox;
};
const cs = () => {
  cache ??= cacheStore();
  return cache;
};

type Listener = () => void;
const listeners = new Set<Listener>();
let queued: QueuedDelivery[] = [];
let loaded = false;

function emit() {
  for (const l of listeners) l();
}

async function reload(): Promise<void> {
  queued = (await idb.values()).sort((a, b) => a.deliveredAt.localeCompare(b.deliveredAt));
  loaded = true;
  emit();
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  if (!loaded) void reload();
  return () => listeners.delete(listener);
}

export function queuedNow(): QueuedDelivery[] {
  return queued;
}

/** Keeps the tap on the phone first; a second tap on the same job keeps the first. */
export async function enqueue(
  job: Pick<JobOut, '_id' | 'restaurantName'>,
  recipientName?: string,
  extra: {
    proofImage?: string;
    tappedAt?: string;
    lines?: DeliveredLineInput[];
    cashTaken?: number;
  } = {},
): Promise<void> {
  const existing = await idb.get(job._id);
  if (!existing) {
    await idb.set(job._id, {
      jobId: job._id,
      key: newKey(),
      deliveredAt: extra.tappedAt ?? new Date().toISOString(),
      recipientName: recipientName?.trim() || undefined,
      proofImage: extra.proofImage,
      restaurantName: job.restaurantName,
      lines: extra.lines?.length ? extra.lines : undefined,
      cashTaken: extra.cashTaken || undefined,
    });
  }
  await reload();
}

let flushing: Promise<FlushResult> | null = null;

export interface FlushResult {
  sent: number;
  refused: Refusal[];
  /** True when the connection failed and something is still waiting. */
  waiting: boolean;
}

/**
 * Sends what is waiting, oldest first. A send that got an answer leaves the queue (delivered,
 * or refused for good: already delivered, gone, too old); one that got none stays for later.
 */
export function flush(): Promise<FlushResult> {
  flushing ??= (async () => {
    const result: FlushResult = { sent: 0, refused: [], waiting: false };
    try {
      await reload();
      for (const item of queued) {
        try {
          await keyedClient.ordertrack.deliver.mutate(
            {
              id: item.jobId,
              deliveredAt: item.deliveredAt,
              recipientName: item.recipientName,
              proofImage: item.proofImage,
              lines: item.lines,
              cashTaken: item.cashTaken,
            },
            withKey(item.key),
          );
          result.sent++;
        } catch (error) {
          if (isNetworkFailure(error)) {
            result.waiting = true;
            break;
          }
          // Already delivered (by the office, or by an earlier send whose answer was lost
          // before the key was kept), removed, or refused: nothing to retry.
          if (
            (error as { data?: { appCode?: string } }).data?.appCode !== 'delivery.alreadyDelivered'
          ) {
            result.refused.push({ restaurantName: item.restaurantName, error });
          } else {
            result.sent++;
          }
        }
        await idb.del(item.jobId);
      }
    } finally {
      await reload();
      flushing = null;
    }
    return result;
  })();
  return flushing;
}

// --- The last pending list, readable offline ----------------------------------------------------

export interface CachedList {
  jobs: JobOut[];
  /** ISO time of the answer. */
  syncedAt: string;
}

export function saveList(driverId: string, jobs: JobOut[]): Promise<void> {
  if (!hasIdb) return Promise.resolve();
  return set(`pending:${driverId}`, { jobs, syncedAt: new Date().toISOString() }, cs());
}

export function loadList(driverId: string): Promise<CachedList | undefined> {
  if (!hasIdb) return Promise.resolve(undefined);
  return get<CachedList>(`pending:${driverId}`, cs());
}
