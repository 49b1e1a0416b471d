// The first requests of a page, started by index.html before the app's script has arrived
// (ADR 017). On a slow phone the script takes a second or more to download and run; without
// this, the session check, the signed-in frame's and area's chunks and the catalogue would
// each start only after it, one after another. The app takes these answers instead of asking
// again (client/src/early.ts); when this file did not run, it simply asks itself.
// A file, not an inline script: the Content-Security-Policy allows only our own scripts.
(() => {
  /** The card-sized copy of an uploaded picture, as client/src/components/cardImage.ts. */
  const cardImage = (url) => url.replace(/^(\/uploads\/[0-9a-f]{32})\.(jpg|png)$/, '$1-card.$2');
  /** URL -> the started fetch; client/src/early.ts takes each answer once. */
  const started = {};
  window.__early = started;
  const start = (url) => {
    started[url] = fetch(url, { credentials: 'same-origin' });
    // A failed early request is not reported here: the app's own request reports it.
    started[url].catch(() => {});
  };
  // Exactly the URLs the app's client asks for these calls (checked by early.test.ts); the
  // catalogue is read from the REST door (client/src/catalogueLink.ts).
  start('/trpc/auth.session');
  // A customer's page (the catalogue, the cart, the home): all need the signed-in frame and the
  // customer's area, so fetch those too. Not the home: its tiles need neither the catalogue nor
  // the other screens' code, which on a poor line shared it and held them back (ADR 096); the
  // home asks for both once its tiles are drawn.
  if (!/^\/(customer|cart)(\/|$)/.test(location.pathname)) return;
  const script = document.currentScript;
  const home = /^\/customer\/?$/.test(location.pathname);
  const preload = (files) => {
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
  };
  if (home) {
    preload(JSON.parse(script?.dataset.customer || '[]'));
    return;
  }
  start('/api/products');
  // The catalogue's first row of pictures is its largest paint: ask for them as soon as the
  // list is here, not after the app has arrived and drawn the cards (ProductGrid, EAGER_CARDS).
  // Not when the server sent the first screen (ADR 021): its cards already ask for them.
  if (/^\/customer\/regularorder\/?$/.test(location.pathname) && !script?.dataset.firstScreen) {
    started['/api/products']
      .then((answer) => (answer.ok ? answer.clone().json() : null))
      .then((body) => {
        const products = body;
        if (!Array.isArray(products)) return;
        for (const product of products.slice(0, 4 /* ProductGrid's EAGER_CARDS */)) {
          if (typeof product?.image !== 'string') continue;
          const link = document.createElement('link');
          link.rel = 'preload';
          link.setAttribute('as', 'image');
          link.setAttribute('fetchpriority', 'high');
          link.href = cardImage(product.image);
          document.head.appendChild(link);
        }
      })
      .catch(() => {});
  }
  preload(JSON.parse(script?.dataset.customer || '[]'));
  preload(JSON.parse(script?.dataset.screens || '[]'));
})();
