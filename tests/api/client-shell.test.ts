import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/platform/config';
import { closeDb, type Db, openDb } from '../../server/platform/db';

// The built client as the server sends it: the app shell for client-side routes, the hashed
// assets for good, and a plain 404 for a file that is not there.

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let dir: string;
let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-shell-'));
  const clientDir = path.join(dir, 'client');
  fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), SCRIPT);
  // As the build writes them (vite.config.ts): each text asset also as .br and .gz.
  fs.writeFileSync(
    path.join(clientDir, 'assets', 'index-abc123.js.br'),
    brotliCompressSync(SCRIPT),
  );
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
  const config = { ...configFromEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), clientDir };
  db = openDb(config.dbPath);
  app = await buildApp({ db, config, logger: false });
});
afterAll(async () => {
  await app.close();
  closeDb(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the built client', () => {
  it('answers client-side routes with the app shell, not cached', async () => {
    for (const url of ['/', '/customer/myorderlist', '/admin/orders/abc']) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type'], url).toMatch(/text\/html/);
      expect(r.body, url).toContain('id="root"');
    }
  });

  it('sends hashed assets with a long cache', async () => {
    const r = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toContain('immutable');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body).toBe(SCRIPT);
  });

  it('sends the pre-compressed copy a browser asks for: brotli first, else gzip', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
  });

  it('does not expose the compressed copies as files of their own', async () => {
    const r = await app.inject({ method: 'GET', url: '/assets/index-abc123.js.br' });
    expect(r.statusCode).toBe(404);
  });

  it('sends the shell to be revalidated every time', async () => {
    const r = await app.inject({
      method: 'GET',
      url: '/customer',
      headers: { 'accept-encoding': 'br' },
    });
    expect(r.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset or file with 404, never the HTML shell', async () => {
    for (const url of ['/assets/index-old999.js', '/favicon.ico', '/logo.png?v=2']) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
      expect(r.json(), url).toEqual({ message: 'Not found', code: 'common.notFound' });
    }
  });
});
