// The first requests of a page, started by index.html before the app's script has arrived
// (ADR 017). On a slow phone the script takes a second or more to download and run; without
// this, the session check, the signed-in frame's and area's chunks and the catalogue would
// each start only after it, one after another. The app takes these answers instead of asking
// again (client/src/early.ts); when this file did not run, it simply asks itself.
// A file, not an inline script: the Content-Security-Policy allows only our own scripts.
(() => {
  /** URL -> the started fetch; client/src/early.ts takes each answer once. */
  const started = {};
  window.__early = started;
  const start = (url) => {
    started[url] = fetch(url, { credentials: 'same-origin' });
    // A failed early request is not reported here: the app's own request reports it.
    started[url].catch(() => {});
  };
  // Exactly the URLs the app's tRPC client builds for these calls (checked by early.test.ts).
  start('/trpc/auth.session');
  // A customer's page (the catalogue, the cart, the home): most of them start from the
  // catalogue, and all need the signed-in frame and the customer's area, so fetch those too.
  if (!/^\/(customer|cart)(\/|$)/.test(location.pathname)) return;
  start('/trpc/products.list');
  const files = JSON.parse(document.currentScript?.dataset.customer || '[]');
  for (const href of files) {
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'stylesheet';
    } else {
      link.rel = 'modulepreload';
      link.crossOrigin = '';
    }
    link.href = href;
    document.head.appendChild(link);
  }
})();
