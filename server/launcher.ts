import { hash } from 'node:crypto';
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

// dist/server/main.js, what `npm start` runs (ADR 022): it runs the server's bundle
// (dist/server/server.cjs) with V8's code cache. Most of a start was V8 parsing and compiling
// the 3.7 MB bundle and the functions the first requests call; the code cache holds that
// work from an earlier run, so a start reads it back instead of doing it again.
//
// - The cache is named by a hash of the bundle's text: a new build never meets an old cache.
// - V8 itself refuses a cache made by another V8 or with other flags; the server then runs as
//   without one.
// - Whenever there was no cache or V8 refused it, one is written after the server has served
//   for a while, and at a clean stop: `npm run build` starts the built server once, asks it a
//   few things and stops it, so the first real start finds one. A write that fails (a
//   read-only directory) only costs the speed.

// Built as CommonJS (dist/server/package.json says so): Node then starts without its ES module
// loader, ~20 ms of a start (it loads on demand, for the first import() below).
const dir = __dirname;
const bundle = path.join(dir, 'server.cjs');
const bytes = fs.readFileSync(bundle);
// The bundle is ASCII (scripts/build-server.ts): latin1 makes it a one-byte string.
const source = bytes.toString('latin1');
const cacheName = `server.${hash('sha1', bytes).slice(0, 16)}.codecache`;
const cacheFile = path.join(dir, cacheName);

let cachedData: Buffer | undefined;
try {
  cachedData = fs.readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}

// The packages the server loads on first use come through this module's import(): a script
// compiled from a code cache cannot import() itself in Node 20 (server/platform/import-package.ts).
(globalThis as Record<symbol, unknown>)[Symbol.for('wholesale.importPackage')] = (name: string) =>
  import(name);

const script = new vm.Script(Module.wrap(source), {
  filename: bundle,
  cachedData,
});

let written = false;
function writeCache(): void {
  if (written) return;
  written = true;
  try {
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, script.createCachedData());
    fs.renameSync(tmp, cacheFile);
    for (const name of fs.readdirSync(dir)) {
      if (/^server\.[0-9a-f]+\.codecache$/.test(name) && name !== cacheName) {
        fs.rmSync(path.join(dir, name), { force: true });
      }
    }
  } catch {
    // Not writable: the next start compiles as this one did.
  }
}

if (cachedData === undefined || script.cachedDataRejected) {
  // After the first requests (their functions are compiled by then), and at a clean stop.
  setTimeout(writeCache, 30_000).unref();
  process.once('exit', writeCache);
}

const module = { exports: {} };
const run = script.runInThisContext() as (
  exports: unknown,
  require: NodeJS.Require,
  module: unknown,
  filename: string,
  dirname: string,
) => void;
run(module.exports, createRequire(bundle), module, bundle, dir);
