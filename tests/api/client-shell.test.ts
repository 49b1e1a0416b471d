import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { closeDb, type Db, openDb } from '../../server/db';

// The built client as the server sends it: the app shell for client-side routes, the hashed
// assets for good, and a plain 404 for a file that is not there.

let dir: string;
let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-shell-'));
  const clientDir = path.join(dir, 'client');
  fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)');
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
  });

  it('answers a missing asset or file with 404, never the HTML shell', async () => {
    for (const url of ['/assets/index-old999.js', '/favicon.ico', '/logo.png?v=2']) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
      expect(r.json(), url).toEqual({ message: 'Not found' });
    }
  });
});
