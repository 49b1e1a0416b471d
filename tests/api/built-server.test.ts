import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { startCommand } from '../../scripts/start-command';

// What `npm start` runs: the server bundled by `npm run build:server` (part of `npm run
// build`), on a fresh data directory. It must find the migrations and, when built, the client
// from dist/server/, and carry the locale texts inside.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-built-'));
let server: ChildProcess | null = null;
afterAll(() => {
  server?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function run(cmd: string, args: string[]) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(cmd, args, { env: process.env });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address() as net.AddressInfo;
      s.close(() => resolve(address.port));
    });
  });
}

it('serves from dist/server/main.js on a fresh data directory and stops cleanly', async () => {
  const built = await run('npm', ['run', '-s', 'build:server']);
  expect(built.code, built.out).toBe(0);
  const bundle = fs.readFileSync('dist/server/main.js', 'utf8');
  // Our TypeScript and the locale JSON are inside; every package stays in node_modules, loaded
  // by Node as it is (ADR 027): nothing of a dependency is copied or rewritten.
  expect(bundle).toContain('Invalid username or password');
  expect(bundle).toMatch(/from "fastify"/);
  expect(bundle).toMatch(/from "@trpc\/server\/adapters\/fastify"/);
  expect(bundle).not.toMatch(/node_modules/);
  expect(fs.existsSync('dist/server/main.js.map')).toBe(true);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  // Exactly `npm start`'s command line: its flags and environment from package.json.
  const start = startCommand();
  expect(start.script).toBe('dist/server/main.js');
  server = spawn(process.execPath, [...start.nodeArgs, start.script], {
    env: {
      ...process.env,
      ...start.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'owner-pass-1',
      BACKUP_HOUR: 'off',
    },
  });
  server.stdout?.on('data', (d) => {
    log += d;
  });
  server.stderr?.on('data', (d) => {
    log += d;
  });
  const exited = new Promise<number | null>((resolve) => server!.once('exit', resolve));

  let products: Response | null = null;
  const until = Date.now() + 20_000;
  while (!products) {
    if (Date.now() > until || server.exitCode !== null) {
      throw new Error(`the built server did not answer:\n${log}`);
    }
    products = await fetch(`${url}/api/products`).catch(() => null);
    if (!products) await new Promise((r) => setTimeout(r, 50));
  }
  // Migrated: the catalogue's tables exist.
  expect(products.status, log).toBe(200);
  expect(await products.json()).toEqual(expect.any(Array));

  // The first admin from the environment signs in; a wrong password gets the coded error
  // with its English text from the bundled locales.
  const login = (password: string) =>
    fetch(`${url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ username: 'owner', password }),
    });
  const wrong = await login('not-the-password');
  expect(wrong.status).toBe(401);
  expect(await wrong.json()).toMatchObject({
    code: 'auth.invalidLogin',
    message: 'Invalid username or password',
  });
  const signedIn = await login('owner-pass-1');
  expect(signedIn.status).toBe(200);
  const cookie = (signedIn.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';

  // The packages loaded on first use load from it: xlsx for the export, sharp and file-type
  // for an upload.
  const exported = await fetch(`${url}/api/data/all`, { headers: { cookie } });
  expect(exported.status).toBe(200);
  expect(
    Buffer.from(await exported.arrayBuffer())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');
  const png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: '#2f9e44' },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)]), 'green.png');
  const uploaded = await fetch(`${url}/api/upload`, {
    method: 'POST',
    body: form,
    headers: { cookie, origin: url },
  });
  expect(uploaded.status).toBe(201);

  // The built client, when there is one, is found from dist/server/ too.
  if (fs.existsSync('dist/client/index.html')) {
    const shell = await fetch(`${url}/customer`);
    expect(shell.status).toBe(200);
    expect(await shell.text()).toContain('<div id="root">');
  }

  const pidFile = path.join(dataDir, 'app.db.pid');
  expect(fs.readFileSync(pidFile, 'utf8').trim()).toBe(String(server.pid));
  server.kill('SIGTERM');
  expect(await exited).toBe(0);
  server = null;
  expect(fs.existsSync(pidFile)).toBe(false);
  // Warnings and errors only: no experimental-feature notice.
  expect(log).not.toMatch(/ExperimentalWarning/);
});
