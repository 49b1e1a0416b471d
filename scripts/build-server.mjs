// `npm run build:server`: bundles server/main.ts into dist/server/main.js (ADR 009, 022).
// Our code, the locale texts and the pure-JavaScript packages go inside; the native packages
// and the ones loaded on first use (ADR 019) stay in node_modules.
//
// The bundle is kept ASCII: V8 holds a script's source in memory for as long as the script
// lives, and one character outside Latin-1 anywhere in it (a dash in a comment, a Nepali
// word) makes the whole 3.7 MB source a two-byte string, 7.5 MB of the idle heap instead of
// 3.7. `charset: 'ascii'` escapes such characters in code; the comments esbuild keeps are
// made ASCII here, one character for one so that the source map still lines up.
import fs from 'node:fs';
import { build } from 'esbuild';

const outfile = 'dist/server/main.js';

await build({
  entryPoints: { main: 'server/main.ts' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  outdir: 'dist/server',
  logLevel: 'warning',
  charset: 'ascii',
  legalComments: 'none',
  external: ['better-sqlite3', '@node-rs/argon2', 'sharp', 'file-type', 'xlsx'],
  // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

const source = fs.readFileSync(outfile, 'utf8');
// Every UTF-16 unit outside ASCII becomes one '?': comments only (code was escaped above).
const ascii = source.replace(/[\u0080-\uffff]/g, '?');
fs.writeFileSync(outfile, ascii);
