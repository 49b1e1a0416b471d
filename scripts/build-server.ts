// `npm run build:server`: the server as `npm start` runs it (docs/decisions/027).
//   dist/server/main.js   server/main.ts and everything it imports from this checkout (our
//                         code and the locale texts), bundled by esbuild as an ES module with
//                         a source map. Every package stays in node_modules, loaded by Node
//                         as it is: nothing of a dependency is rewritten or copied.
import fs from 'node:fs';
import { build } from 'esbuild';

const out = 'dist/server';

fs.rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: ['server/main.ts'],
  outfile: `${out}/main.js`,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
