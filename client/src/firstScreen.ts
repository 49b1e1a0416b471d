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
