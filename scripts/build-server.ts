// `npm run build:server`: the server as `npm start` runs it (ADR 009, 019, 022).
//   dist/server/server.cjs  server/main.ts bundled: our code, the locale texts and the
//                           pure-JavaScript packages; the native packages and the ones loaded
//                           on first use (ADR 019) stay in node_modules.
//   dist/server/main.js     server/launcher.ts: runs server.cjs with V8's code cache.
//   dist/server/server.<hash>.codecache
//                           made here by starting the built server once, as `npm start` does,
//                           asking it a few things and stopping it.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { startCommand } from './start-command';

const out = 'dist/server';

/**
 * Modules that packages require at load but the server never uses, made to load on first use
 * instead: Fastify requires https, http2 and dns for servers this one never creates (~18 ms
 * of a start), @fastify/static requires glob for the directory walk it skips here (ADR 022).
 * Each edit names the exact text it replaces; a package update that changes it fails the build.
 */
const LAZY_REQUIRES: Record<string, [string, string][]> = {
  'node_modules/fastify/lib/server.js': [
    ["const https = require('node:https')", "const https = lazyRequire('node:https')"],
    ["const http2 = require('node:http2')", "const http2 = lazyRequire('node:http2')"],
    ["const dns = require('node:dns')", "const dns = lazyRequire('node:dns')"],
  ],
  'node_modules/@fastify/static/index.js': [
    ["const { glob } = require('glob')", "const glob = (...args) => require('glob').glob(...args)"],
  ],
};
const LAZY_REQUIRE_FN =
  '\nfunction lazyRequire(id) { let m; return new Proxy({}, { get: (_, key) => (m ??= require(id))[key] }) }\n';

const lazyRequires: Plugin = {
  name: 'lazy-requires',
  setup(b) {
    b.onLoad(
      {
        filter: /node_modules[\\/](fastify[\\/]lib[\\/]server|@fastify[\\/]static[\\/]index)\.js$/,
      },
      (args) => {
        const key = path.relative(process.cwd(), args.path).split(path.sep).join('/');
        const edits = LAZY_REQUIRES[key];
        let text = fs.readFileSync(args.path, 'utf8');
        if (!edits) return { contents: text, loader: 'js' };
        for (const [from, to] of edits) {
          if (!text.includes(from))
            throw new Error(`${key}: "${from}" not found (package updated?)`);
          text = text.replace(from, to);
        }
        if (text.includes('lazyRequire(')) text += LAZY_REQUIRE_FN;
        return { contents: text, loader: 'js' };
      },
    );
  },
};

async function bundle(): Promise<void> {
  fs.rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: ['server/main.ts'],
    outfile: `${out}/server.cjs`,
    bundle: true,
    platform: 'node',
    // CommonJS: V8's code cache is reachable from vm.Script, not from ES modules (Node 20).
    format: 'cjs',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    charset: 'ascii',
    legalComments: 'none',
    // Whitespace and comments out (names kept, so a stack trace still names each function;
    // server.cjs.map maps it to the sources): a third less to read, decode and keep in memory.
    minifyWhitespace: true,
    external: ['better-sqlite3', '@node-rs/argon2', 'sharp', 'file-type', 'xlsx'],
    // The sources are ES modules: import.meta in CommonJS terms (the launcher passes the
    // bundle's own path as __filename).
    inject: ['scripts/build/import-meta.js'],
    define: { 'import.meta.url': 'import_meta_url', 'import.meta.dirname': 'import_meta_dirname' },
    plugins: [lazyRequires],
  });
  // V8 keeps a script's source in memory while it runs, and one character outside Latin-1
  // (a dash in a comment esbuild kept) makes all 3.7 MB of it a two-byte string: 7.5 MB of
  // the idle heap instead of 3.7. `charset: 'ascii'` escaped the code; the comments are made
  // ASCII here, one character for one so that the source map still lines up.
  const file = `${out}/server.cjs`;
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/[\u0080-\uffff]/g, '?'));

  await build({
    entryPoints: ['server/launcher.ts'],
    outfile: `${out}/main.js`,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
  });
  // dist/server is CommonJS (the checkout is ES modules): `node dist/server/main.js` then
  // starts without Node's ES module loader, which cost ~20 ms of every start.
  fs.writeFileSync(`${out}/package.json`, '{ "type": "commonjs" }\n');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Starts the built server as `npm start` does on a scratch database, asks, stops. */
async function warmCodeCache(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-build-'));
  const start = startCommand();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  try {
    child = spawn(process.execPath, [...start.nodeArgs, start.script], {
      env: {
        ...process.env,
        ...start.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        BACKUP_HOUR: 'off',
        LOG_LEVEL: 'error',
        ADMIN_USERNAME: 'build',
        ADMIN_PASSWORD: 'build-only-password',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    let exitCode: number | null | undefined;
    const exited = new Promise<number | null>((r) =>
      child?.once('exit', (code) => {
        exitCode = code;
        r(code);
      }),
    );
    const until = Date.now() + 20_000;
    for (;;) {
      if (exitCode !== undefined) throw new Error(`the built server exited (${exitCode})`);
      if (Date.now() > until) throw new Error('the built server did not answer within 20 s');
      const ok = await fetch(`${base}/api/category`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const headers = { 'accept-encoding': 'br, gzip' };
    for (const p of ['/api/products', '/trpc/products.list,categories.list?batch=1&input=%7B%7D']) {
      await fetch(base + p, { headers }).then((r) => r.arrayBuffer());
    }
    child.kill('SIGTERM');
    if ((await exited) !== 0) throw new Error('the built server did not stop cleanly');
    child = null;
    if (!fs.readdirSync(out).some((n) => n.endsWith('.codecache'))) {
      throw new Error('the built server wrote no code cache');
    }
  } finally {
    child?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await bundle();
await warmCodeCache();
