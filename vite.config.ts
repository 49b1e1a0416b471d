import { type InputType, constants as zlib } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

// In development (scripts/dev.ts) the API server listens on 127.0.0.1:3001; the browser only
// talks to Vite on 3000, so cookies and the same-origin check see one origin, as in production.
// An IP, not "localhost": Node may resolve that to ::1, where the server does not listen.
// The object form, because Vite turns a bare target string into changeOrigin: true, which
// rewrites Host to 127.0.0.1:3001 and makes the same-origin check refuse every change.
const api = { target: 'http://127.0.0.1:3001', changeOrigin: false };

/** gzip by Zopfli (vite-plugin-compression2 names a custom algorithm's output `.gz`). */
async function zopfliGzip(buf: InputType, options: { [key: string]: unknown }) {
  const bytes =
    typeof buf === 'string'
      ? Buffer.from(buf)
      : ArrayBuffer.isView(buf)
        ? new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength)
        : new Uint8Array(buf);
  return Buffer.from(await gzipAsync(bytes, options));
}

/** The lazily loaded modules every customer page needs: the signed-in frame and the area (its home). */
const CUSTOMER_MODULES = [
  'client/src/shell/SignedInFrame.tsx',
  'client/src/features/customer/routes.tsx',
];
/** The customer's other screens (ADR 096): every customer page but the home needs them too. */
const SCREEN_MODULES = ['client/src/features/customer/screens.tsx'];

/**
 * Writes into index.html's early script (client/public/early.js) the files of the customer's
 * first screen that the HTML does not already load: the chunks of CUSTOMER_MODULES with
 * everything they import, and their CSS (`data-customer`); and those of SCREEN_MODULES not
 * already among them (`data-screens`). early.js preloads the first on a customer's page and the
 * second on any but the home, so they download beside the app's own script instead of after the
 * session check, and the home's tiles do not wait for the other screens' code.
 */
function earlyStart(): Plugin {
  return {
    name: 'early-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter(
          (file): file is Rolldown.OutputChunk => file.type === 'chunk',
        );
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (roots: Rolldown.OutputChunk[]) => {
          const seen = new Set<string>();
          const visit = (chunk: Rolldown.OutputChunk | undefined) => {
            if (!chunk || seen.has(chunk.fileName)) return;
            seen.add(chunk.fileName);
            for (const name of chunk.imports) visit(byName.get(name));
          };
          for (const root of roots) visit(root);
          return seen;
        };
        const chunkOf = (module: string) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`early-start: no chunk for ${module}`);
          return chunk;
        };
        const filesOf = (names: Set<string>, skip: Set<string>) => {
          const files: string[] = [];
          const skipCss = new Set(
            [...skip].flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]),
          );
          for (const name of names) {
            if (skip.has(name)) continue;
            for (const css of byName.get(name)?.viteMetadata?.importedCss ?? [])
              if (!skipCss.has(css)) files.push(`/${css}`);
            files.push(`/${name}`);
          }
          // CSS first: it is what the first paint of the frame waits for.
          files.sort((a, b) => Number(b.endsWith('.css')) - Number(a.endsWith('.css')));
          return [...new Set(files)];
        };
        const inHtml = closure(chunks.filter((chunk) => chunk.isEntry));
        const customer = closure(CUSTOMER_MODULES.map(chunkOf));
        const screens = closure(SCREEN_MODULES.map(chunkOf));
        const marker = 'data-customer="[]"';
        if (!html.includes(marker)) throw new Error('early-start: index.html has no early script');
        const json = (files: string[]) => JSON.stringify(files);
        return html.replace(
          marker,
          `data-customer='${json(filesOf(customer, inHtml))}' data-screens='${json(filesOf(screens, new Set([...inHtml, ...customer])))}'`,
        );
      },
    },
  };
}

export default defineConfig({
  root: 'client',
  plugins: [
    react(),
    earlyStart(),
    // The driver area is an installable app that opens without signal (docs/decisions/014).
    // The worker is registered by the driver screens only, with scope /driver, so the rest
    // of the app is never served from its cache; API calls always go to the network.
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      filename: 'sw.js',
      manifestFilename: 'driver.webmanifest',
      manifest: {
        name: 'Wholesale Orders: Driver',
        short_name: 'Deliveries',
        id: '/driver',
        start_url: '/driver/ordertrack',
        scope: '/driver',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#2f9e44',
        icons: [
          { src: '/driver-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/driver-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/driver-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        // The spreadsheet reader serves only the office's product import: a driver's phone
        // would otherwise download it (424 KB) with the app it keeps offline.
        globIgnores: ['**/xlsx-*.js'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackAllowlist: [/^\/driver/],
        navigateFallbackDenylist: [/^\/api\//, /^\/trpc/, /^\/uploads\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
      },
    }),
    // Every text asset also as .br (best quality: done once, at build) and .gz, sent as they
    // are by the server's static plugin (`preCompressed`); nothing is compressed per request.
    // The .gz by Zopfli: a gzip stream any browser reads, ~3 % smaller than zlib's level 9,
    // for a browser that gets no brotli (plain http on the LAN). 5 iterations: the build takes
    // ~10 s longer; 15 saved 0.1 % more for four times that.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        // A tuple, as defineAlgorithm would return it (its types do not take a function).
        [zopfliGzip, { numiterations: 5 }] as const,
      ],
      threshold: 1024,
    }),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Which file each source became: the journeys check a customer never downloads the office's.
    manifest: true,
  },
  server: {
    port: 3000,
    strictPort: true,
    // The server compares Origin with Host, and both must stay localhost:3000.
    proxy: {
      '/api': api,
      '/trpc': api,
      '/uploads': api,
    },
  },
});
