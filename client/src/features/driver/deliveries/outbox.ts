import { createStore, del, get, set, values } from 'idb-keyval';
import { formatYen } from '../../../../../shared/format';
import type { DeliveredLineInput } from '../../../../../shared/schemas/billing';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import { isNetworkFailure, keyedClient, newKey, withKey } from '../../../keyed';
import { UploadError, uploadedName, uploadImage } from '../../../upload';

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
  /**
   * The proof-of-delivery photo taken without signal, kept as it is (IndexedDB stores files)
   * and uploaded just before the delivery is sent (ADR 038).
   */
  photo?: File;
  /**
   * The server refused it (not a lost connection): it is kept, not sent again, until the driver
   * corrects it (sent anew with a new key) or discards it. The server's code and parameters,
   * so the reason reads in the driver's language (`errorMessage(t, refused)`).
   */
  refused?: StoredRefusal;
}

/** A refusal as kept on the phone: the shape `failureOf` reads (client/src/errors.ts). */
export interface StoredRefusal {
  at: string;
  data: { appCode?: string; params?: Record<string, unknown>; httpStatus?: number };
}

export interface Refusal {
  jobId: string;
  restaurantName: string;
  error: unknown;
}

/** Only what names the refusal, so IndexedDB can keep it (no class instances). */
/**
 * Why a send is kept, or null when it is done: an error other than "already delivered", or an
 * already delivered job whose recorded cash is not the cash this send took (ADR 058).
 */
function refusalOf(error: unknown, cashTaken: number): unknown {
  const data = (error as { data?: { appCode?: string; params?: Record<string, unknown> } } | null)
    ?.data;
  if (data?.appCode !== 'delivery.alreadyDelivered') return error;
  const recorded = Number(data.params?.cashRecorded ?? 0);
  if (cashTaken <= 0 || cashTaken === recorded) return null;
  return {
    data: {
      appCode: 'delivery.cashNotRecorded',
      params: { cash: formatYen(cashTaken) },
      httpStatus: 409,
    },
  };
}

/**
 * True when a kept refusal says the server has the job as delivered already (by the office or
 * another phone) and only the cash this phone took is left unrecorded: nothing is left to send,
 * so the job is off the driver's list, and the refusal stays only to be read until discarded.
 */
export function deliveredElsewhere(refusal: unknown): boolean {
  const data = (refusal as { data?: { appCode?: unknown } } | null | undefined)?.data;
  return data?.appCode === 'delivery.cashNotRecorded';
}

function storedRefusal(error: unknown): StoredRefusal {
  const data = (error as { data?: Record<string, unknown> } | null)?.data ?? {};
  const params = data.params;
  return {
    at: new Date().toISOString(),
    data: {
      appCode: typeof data.appCode === 'string' ? data.appCode : undefined,
      params:
        params && typeof params === 'object'
          ? (JSON.parse(JSON.stringify(params)) as Record<string, unknown>)
          : undefined,
      httpStatus: typeof data.httpStatus === 'number' ? data.httpStatus : undefined,
    },
  };
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

/** True while something waits to be sent (refused deliveries wait for the driver instead). */
export function hasSendable(): boolean {
  return queued.some((q) => !q.refused);
}

/** The driver chose to drop a delivery the server refused (after being asked). */
export async function discard(jobId: string): Promise<void> {
  await idb.del(jobId);
  await reload();
}

/**
 * Keeps the tap on the phone first; a second tap on the same job keeps the first, unless the
 * first was refused: the corrected delivery replaces it, with a new key (a key belongs to one
 * request, and the refused one may not be answered again).
 */
export async function enqueue(
  job: Pick<JobOut, '_id' | 'restaurantName'>,
  recipientName?: string,
  extra: {
    proofImage?: string;
    tappedAt?: string;
    lines?: DeliveredLineInput[];
    cashTaken?: number;
    photo?: File;
  } = {},
): Promise<void> {
  const existing = await idb.get(job._id);
  if (!existing || existing.refused) {
    await idb.set(job._id, {
      jobId: job._id,
      key: newKey(),
      deliveredAt: extra.tappedAt ?? new Date().toISOString(),
      recipientName: recipientName?.trim() || undefined,
      proofImage: extra.proofImage,
      restaurantName: job.restaurantName,
      lines: extra.lines?.length ? extra.lines : undefined,
      cashTaken: extra.cashTaken || undefined,
      photo: extra.proofImage ? undefined : extra.photo,
    });
  }
  await reload();
}

let flushing: Promise<FlushResult> | null = null;
let again: Promise<FlushResult> | null = null;

/**
 * Jobs this page has sent and the server accepted: hidden from the pending list until the
 * server's own list no longer has them (a refetch that started before the send can still
 * carry them). Kept in memory only; after a reload the server's list is the truth.
 */
const sentHere = new Set<string>();

export function wasSentHere(jobId: string): boolean {
  return sentHere.has(jobId);
}

/** Forgets the sent jobs the server's list no longer carries. */
export function forgetSent(stillPending: string[]): void {
  const keep = new Set(stillPending);
  for (const id of sentHere) if (!keep.has(id)) sentHere.delete(id);
}

export interface FlushResult {
  sent: number;
  refused: Refusal[];
  /** True when the connection failed and something is still waiting. */
  waiting: boolean;
  /** The jobs the server now has as delivered (sent now, or found already delivered). */
  delivered: string[];
  /** Photos the server refused (not an image, too large): the delivery went without them. */
  photoRefused: { restaurantName: string; code: string }[];
}

/**
 * The photo kept with a queued delivery, uploaded before it. Undefined: no photo, or the server
 * refused it for good (reported); throws when there was no connection (the delivery waits).
 */
async function uploadKeptPhoto(item: QueuedDelivery, result: FlushResult) {
  if (item.proofImage || !item.photo) return item.proofImage;
  try {
    const name = uploadedName((await uploadImage(item.photo, { purpose: 'proof' })).imageUrl);
    return name ?? undefined;
  } catch (error) {
    const code = error instanceof UploadError ? error.code : 'upload.failed';
    // 'upload.failed' is what a fetch without an answer gives: try again later.
    if (code === 'upload.failed') throw error;
    result.photoRefused.push({ restaurantName: item.restaurantName, code });
    return undefined;
  }
}

/**
 * Sends what is waiting, oldest first. A delivery the server accepted (or already has) leaves
 * the queue; one it refused stays, marked refused with the server's reason, for the driver to
 * correct or discard (nothing entered is lost silently); one that got no answer stays for later.
 */
export function flush(): Promise<FlushResult> {
  // A delivery queued while a send runs goes in the next one, right after it.
  if (flushing) {
    again ??= flushing.then(() => {
      again = null;
      return flush();
    });
    return again;
  }
  flushing = (async () => {
    const result: FlushResult = {
      sent: 0,
      refused: [],
      waiting: false,
      delivered: [],
      photoRefused: [],
    };
    try {
      await reload();
      for (const item of queued) {
        if (item.refused) continue;
        let proofImage: string | undefined;
        try {
          proofImage = await uploadKeptPhoto(item, result);
        } catch {
          result.waiting = true;
          break;
        }
        try {
          await keyedClient.ordertrack.deliver.mutate(
            {
              id: item.jobId,
              deliveredAt: item.deliveredAt,
              recipientName: item.recipientName,
              proofImage,
              lines: item.lines,
              cashTaken: item.cashTaken,
            },
            withKey(item.key),
          );
          result.sent++;
          result.delivered.push(item.jobId);
          sentHere.add(item.jobId);
        } catch (error) {
          if (isNetworkFailure(error)) {
            // The photo, if it went up, is not uploaded again.
            if (proofImage && !item.proofImage) {
              await idb.set(item.jobId, { ...item, proofImage, photo: undefined });
            }
            result.waiting = true;
            break;
          }
          // Already delivered by an earlier send whose answer was lost before the key was kept
          // (the server holds the same cash): done. Already delivered by the office or another
          // phone, with cash this send took that is not recorded: kept, saying so, for the
          // driver to record it on Payments. Refused (removed, too old, cash above the
          // invoice): kept with the reason, the photo kept as uploaded, until the driver acts.
          const refusal = refusalOf(error, item.cashTaken ?? 0);
          if (refusal) {
            result.refused.push({
              jobId: item.jobId,
              restaurantName: item.restaurantName,
              error: refusal,
            });
            await idb.set(item.jobId, {
              ...item,
              ...(proofImage ? { proofImage, photo: undefined } : {}),
              refused: storedRefusal(refusal),
            });
            // The server has it delivered: it leaves the pending list like a sent one (a list
            // fetched before may still carry it), while its kept refusal says what to do.
            if (deliveredElsewhere(refusal)) {
              result.delivered.push(item.jobId);
              sentHere.add(item.jobId);
            }
            continue;
          }
          result.sent++;
          result.delivered.push(item.jobId);
          sentHere.add(item.jobId);
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
