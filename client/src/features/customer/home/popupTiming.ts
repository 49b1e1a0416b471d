// The promotional popup's timing (spec §4 Popup, §9): it appears 800 ms after it becomes
// eligible, at most once per 15 minutes, and closes itself after a 10-second countdown.

export const POPUP_DELAY_MS = 800;
export const POPUP_REPEAT_MS = 15 * 60 * 1000;
export const POPUP_COUNTDOWN_S = 10;

/** localStorage key holding when the popup was last shown (ms since the epoch). */
export const POPUP_SHOWN_KEY = 'popupLastShown';

/** True when the popup has not been shown within the last 15 minutes. */
export function popupDue(lastShown: number | null, now: number): boolean {
  if (lastShown === null || !Number.isFinite(lastShown)) return true;
  // A time in the future (clock changed) counts as long ago rather than blocking forever.
  if (lastShown > now) return true;
  return now - lastShown >= POPUP_REPEAT_MS;
}

export function readLastShown(): number | null {
  try {
    const raw = localStorage.getItem(POPUP_SHOWN_KEY);
    if (!raw) return null;
    const value = Number(raw);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberShown(now: number): void {
  try {
    localStorage.setItem(POPUP_SHOWN_KEY, String(now));
  } catch {
    // Without storage the popup may show again on the next visit: harmless.
  }
}
