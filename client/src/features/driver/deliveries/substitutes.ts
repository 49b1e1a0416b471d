import { createStore, get, set } from 'idb-keyval';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { SubstituteChoicesOut } from '../../../../../shared/schemas/billing';
import { type PriceBasis, priceInBasis, type TaxRate } from '../../../../../shared/tax';
import { trpc } from '../../../trpc';

// The products a driver may hand over instead of an ordered line (ADR 050), kept on the phone
// as the pending list is (outbox.ts saveList): fetched while there is signal, written to
// IndexedDB, and read back from there when the server cannot be reached, so a substitute can be
// recorded in a cellar without signal. Without IndexedDB (a test, a locked-down browser) the
// last list lives in memory for the page's life.

/** The list as kept, with when the server answered it. */
export interface KeptChoices {
  choices: SubstituteChoicesOut;
  /** ISO time of the answer. */
  syncedAt: string;
}

export type SubstituteProduct = SubstituteChoicesOut['products'][number];

/** Refreshed this often while a driver screen is open (also when a new restaurant appears). */
const REFRESH_MS = 10 * 60_000;

const hasIdb = typeof indexedDB !== 'undefined';
let store: ReturnType<typeof createStore> | null = null;
const kept = () => {
  store ??= createStore('wholesale-driver-substitutes', 'lists');
  return store;
};

const memory = new Map<string, KeptChoices>();
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Keeps the server's answer for this driver: in memory at once, on the phone for later. */
export function keepChoices(driverId: string, choices: SubstituteChoicesOut, at = new Date()) {
  const value = { choices, syncedAt: at.toISOString() };
  memory.set(driverId, value);
  emit();
  if (hasIdb) void set(`substitutes:${driverId}`, value, kept()).catch(() => {});
}

/** The list kept on the phone, read once per page (the memory copy is newer when there is one). */
async function loadKept(driverId: string): Promise<void> {
  if (!hasIdb || memory.has(driverId)) return;
  const value = await get<KeptChoices>(`substitutes:${driverId}`, kept()).catch(() => undefined);
  if (value && !memory.has(driverId)) {
    memory.set(driverId, value);
    emit();
  }
}

/** Forgets the memory copies (tests). */
export function forgetChoices(): void {
  memory.clear();
  emit();
}

/**
 * The substitute choices for a driver: from the server while there is signal, else as last kept
 * on this phone; null when this phone has never had them. Called by the pending list (so the
 * list is fetched and kept before the van leaves) and by the delivery dialog. `customerId`: a
 * restaurant the list must price; one it lacks (a job given since) makes it fetch again.
 * `fetchNow` false: not asked for yet (the lists ask once their jobs are drawn: the catalogue
 * is most of a large wholesaler's download and would hold the jobs back in the same batch).
 */
export function useSubstituteChoices(
  driverId: string,
  customerId?: string,
  fetchNow = true,
): KeptChoices | null {
  const query = trpc.products.forDriver.useQuery(undefined, {
    enabled: driverId !== '' && fetchNow,
    staleTime: 60_000,
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  const { data, dataUpdatedAt, refetch } = query;
  useEffect(() => {
    if (driverId) void loadKept(driverId);
  }, [driverId]);
  useEffect(() => {
    if (data && driverId) keepChoices(driverId, data, new Date(dataUpdatedAt || Date.now()));
  }, [data, dataUpdatedAt, driverId]);
  const value = useSyncExternalStore(
    subscribe,
    () => memory.get(driverId) ?? null,
    () => memory.get(driverId) ?? null,
  );
  const missing =
    !!customerId && !!data && !data.customers.some((c) => c.customerId === customerId);
  // Once per restaurant the answer lacks: a second answer without it stays as it is.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!missing || !customerId || asked.current === customerId) return;
    asked.current = customerId;
    void refetch();
  }, [missing, customerId, refetch]);
  return value;
}

/**
 * True from the render after `drawn` first held: what the screen asks for then goes in a
 * request of its own, after the jobs it shows.
 */
export function useAfterDrawn(drawn: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (drawn) setAfter(true);
  }, [drawn]);
  return after;
}

/** What a restaurant may be handed and at what price, from the kept list. */
export function choicesFor(
  kept: KeptChoices | null,
  customerId: string | null | undefined,
  /** The basis the order records (ADR 053): the prices are read in it. */
  orderBasis: PriceBasis,
): {
  products: SubstituteProduct[];
  priceOf: (p: SubstituteProduct) => number;
  find: (productId: string) => SubstituteProduct | undefined;
} | null {
  if (!kept) return null;
  const own = kept.choices.customers.find((c) => c.customerId === customerId);
  const hidden = new Set(own?.hidden ?? []);
  const products = kept.choices.products.filter((p) => !hidden.has(p._id));
  return {
    products,
    // The restaurant's price (its list, its own), in the order's basis, as the server will price
    // the line. A list kept before it carried its basis is read as the order's.
    priceOf: (p) =>
      priceInBasis(
        own?.prices[p._id] ?? p.price,
        p.taxRate,
        kept.choices.basis ?? orderBasis,
        orderBasis,
      ),
    find: (productId) => products.find((p) => p._id === productId),
  };
}

/** A substitute's price and rate as the phone shows them (the server prices it again). */
export interface Priced {
  unitPrice: number;
  taxRate: TaxRate;
}
