// The catalogue's first screen, sent in the HTML by the server for a signed-in customer
// (server/doors/first-screen.ts, ADR 021): a picture of the screen, not interactive, shown while
// the app loads, with #root hidden behind it. The app removes it in the commit that shows
// its own cards, so the two are never both on screen and nothing moves; and at once whenever
// it will show anything else (another page, the login screen, an error).

/** Removes the server's first screen, if it is there (then #root shows). */
export function releaseFirstScreen(): void {
  if (typeof document === 'undefined') return;
  document.getElementById('first-screen')?.remove();
  // Its style too: its theme variables outrank the language's font stack (nepaliFont.css), so
  // left in place the app's Nepali headings kept a system font first, drawn as empty boxes
  // where the system has no Devanagari.
  document.getElementById('first-screen-style')?.remove();
}

/** The catalogue's path, the only one the server renders a first screen for. */
export function isCataloguePath(pathname: string): boolean {
  return /^\/customer\/regularorder\/?$/.test(pathname);
}

/** What the login screen drawn by the server holds (server/doors/login-screen.ts, ADR 086). */
export interface DrawnLogin {
  username: string;
  password: string;
  /** The field the person was in, with the caret, so typing goes on where it was. */
  focus: { field: 'username' | 'password'; start: number | null; end: number | null } | null;
  /** The refusal the server drew on the form (a wrong password, fields left empty). */
  failure: { code?: string; params?: Record<string, string | number>; required?: string[] } | null;
}

/**
 * The drawn login form's contents, or null when the page has none: the app's form starts from
 * them, so nothing typed before the script arrived is lost.
 */
export function drawnLogin(): DrawnLogin | null {
  if (typeof document === 'undefined') return null;
  const form = document.querySelector<HTMLFormElement>('#first-screen[data-screen="login"] form');
  if (!form) return null;
  const value = (name: string) =>
    form.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? '';
  const active = document.activeElement;
  const field =
    active instanceof HTMLInputElement && form.contains(active) && active.name === 'password'
      ? 'password'
      : active instanceof HTMLInputElement && form.contains(active) && active.name === 'username'
        ? 'username'
        : null;
  let failure: DrawnLogin['failure'] = null;
  try {
    failure = form.dataset.failure
      ? (JSON.parse(form.dataset.failure) as DrawnLogin['failure'])
      : null;
  } catch {
    failure = null;
  }
  return {
    username: value('username'),
    password: value('password'),
    focus:
      field && active instanceof HTMLInputElement
        ? { field, start: active.selectionStart, end: active.selectionEnd }
        : null,
    failure,
  };
}
