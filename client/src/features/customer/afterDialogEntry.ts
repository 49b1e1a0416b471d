/** The mark useBackCloses (components/useBackCloses.ts) puts on a dialog's history entry. */
const MARKER = 'backCloses';

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
