import { useSyncExternalStore } from 'react';

// How the catalogue's products are laid out (ADR 045): cards in a grid (the default) or one
// compact row each, about eight to a phone's screen. The choice is this device's, kept in
// localStorage, and shared by the three product screens and every open tab.

export const CATALOGUE_VIEWS = ['grid', 'list'] as const;
export type CatalogueView = (typeof CATALOGUE_VIEWS)[number];

export const CATALOGUE_VIEW_KEY = 'catalogue-view';
const listeners = new Set<() => void>();

export function readCatalogueView(): CatalogueView {
  try {
    return localStorage.getItem(CATALOGUE_VIEW_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

export function setCatalogueView(view: CatalogueView): void {
  try {
    localStorage.setItem(CATALOGUE_VIEW_KEY, view);
  } catch {
    // Storage refused (private mode): the choice lasts until the page is left.
    fallback = view;
  }
  for (const listener of listeners) listener();
}

let fallback: CatalogueView | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === CATALOGUE_VIEW_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useCatalogueView(): CatalogueView {
  return useSyncExternalStore(
    subscribe,
    () => fallback ?? readCatalogueView(),
    () => 'grid',
  );
}
