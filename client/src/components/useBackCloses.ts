import { useEffect, useRef, useState } from 'react';

/*
 * The phone's Back button closes an open dialog instead of leaving the page (and what was
 * typed in it). While a dialog is open, one history entry of its own sits on top: the same
 * URL, with the router's state kept as it is and a marker added. Back takes that entry away
 * and the dialog closes; the page stays. A dialog closed by its own buttons takes its entry
 * away itself (history.back(), only while the entry is still on top), so opening and closing
 * never grows the history.
 *
 * Why the History API and not the router's navigate(to, { state }): the entry must be removed
 * only while it is still on top, and a new one pushed only once that removal has landed.
 * Both are known exactly from `history.state` and the `popstate` event, while the router's
 * location reaches a component a render later (React's StrictMode mounts every effect twice,
 * which is that very close-and-open-again race). The router is not confused: the pushed entry
 * carries the router's own state object (its key and index) unchanged, so to the router Back
 * is a return to the same location, and the page is not rendered away.
 */

const MARKER = 'backCloses';

/** Markers of this page load only: an entry left from before a reload is never taken as live. */
const LOAD = Math.random().toString(36).slice(2, 10);
let made = 0;

interface Entry {
  id: string;
  /** Back took this dialog's entry away. */
  back(): void;
}

/** The dialogs whose entry is in the history, the lowest first. */
const open: Entry[] = [];
/** Dialogs opened while a removal of ours was still on its way: pushed once it has landed. */
let waiting: Entry[] = [];
/** The marker of the entry our history.back() is taking away, until its popstate comes. */
let removingFrom: string | null = null;
let listening = false;

function markerOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const marker = (state as Record<string, unknown>)[MARKER];
  return typeof marker === 'string' ? marker : undefined;
}

function push(entry: Entry) {
  open.push(entry);
  const state = window.history.state;
  const kept = typeof state === 'object' && state !== null ? state : {};
  // No URL: the same one. The router's key and index stay, so it sees the same location.
  window.history.pushState({ ...kept, [MARKER]: entry.id }, '');
}

function removeOurs() {
  removingFrom = markerOf(window.history.state) ?? null;
  window.history.back();
}

/**
 * Our removal is still on its way: the entry it takes away is still on top. (Were it dropped,
 * e.g. by a page pushed in the meantime, another entry is on top and nothing waits for it.)
 */
function removalPending() {
  return removingFrom !== null && markerOf(window.history.state) === removingFrom;
}

function flushWaiting() {
  const next = waiting;
  waiting = [];
  for (const entry of next) push(entry);
}

function onPopState() {
  removingFrom = null;
  const landed = markerOf(window.history.state);
  const at = landed === undefined ? -1 : open.findIndex((o) => o.id === landed);
  if (landed !== undefined && at === -1) {
    // The entry of a dialog closed since (another page was opened over it, or a reload): it
    // shows the same page, so step over it rather than make Back seem to do nothing.
    removeOurs();
    return;
  }
  // Back left the entries of the dialogs above where it landed: they close, the top first.
  const left = open.splice(at + 1);
  for (const entry of left.reverse()) entry.back();
  flushWaiting();
}

function claim(entry: Entry) {
  if (!listening) {
    window.addEventListener('popstate', onPopState);
    listening = true;
  }
  // A push now would race the removal still on its way (a browser may drop either one).
  if (removalPending()) {
    waiting.push(entry);
    return;
  }
  flushWaiting();
  push(entry);
}

function release(id: string) {
  const queued = waiting.findIndex((w) => w.id === id);
  if (queued !== -1) {
    waiting.splice(queued, 1);
    return;
  }
  const at = open.findIndex((o) => o.id === id);
  // Not there: Back has already taken it away.
  if (at === -1) return;
  open.splice(at, 1);
  // Still on top: take it away. Otherwise something was pushed over it (another page): it
  // stays, and is stepped over when Back reaches it.
  if (markerOf(window.history.state) === id && !removalPending()) removeOurs();
}

/**
 * While `opened`, the phone's Back button calls `onClose` instead of leaving the page. If the
 * dialog stays open (e.g. `onClose` is refused while a delivery is being sent), Back is held
 * again for the next press. Closing by the dialog's own buttons, or unmounting it, removes
 * the history entry it added.
 */
export function useBackCloses(opened: boolean, onClose: () => void): void {
  const latest = useRef(onClose);
  useEffect(() => {
    latest.current = onClose;
  });
  // Bumped when Back took the entry: a dialog still open then takes a new one.
  const [taken, setTaken] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `taken` re-runs it after Back
  useEffect(() => {
    if (!opened || typeof window === 'undefined') return;
    made += 1;
    const entry: Entry = {
      id: `${LOAD}-${made}`,
      back: () => {
        latest.current();
        setTaken((n) => n + 1);
      },
    };
    claim(entry);
    return () => release(entry.id);
  }, [opened, taken]);
}

/** Whether the history entry on top is a dialog's (one this hook pushed). */
const marked = () => {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && MARKER in state;
};

/**
 * Resolves once no dialog's history entry is on top. A dialog closed just now has its entry
 * taken away with history.back(), which lands a moment later; a screen that then leaves with
 * navigate(..., { replace: true }) waits for it first. Otherwise the new page would replace the
 * dialog's entry, the page it left would stay behind it in the history, and the removal still
 * on its way would take the new page away again. Never waits longer than `timeoutMs`.
 */
export function afterDialogEntry(timeoutMs = 1000): Promise<void> {
  if (typeof window === 'undefined' || !marked()) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      window.removeEventListener('popstate', landed);
      clearTimeout(timer);
      resolve();
    };
    // Landed on another dialog's entry (one under it): that one is still open, so wait on.
    const landed = () => {
      if (!marked()) finish();
    };
    window.addEventListener('popstate', landed);
    const timer = setTimeout(finish, timeoutMs);
  });
}
