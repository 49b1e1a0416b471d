import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/platform/config';
import { closeDb, type Db, openDb } from '../../server/platform/db';
import { isoDateInZone } from '../../shared/format';
import { seedDemo } from './seed-demo';

/** The app on the demo data, in this process, on a free port of a fresh temp directory. */
export interface DemoServer {
  url: string;
  db: Db;
  app: FastifyInstance;
  /** Stops the app, closes the database and removes the directory. */
  close(): Promise<void>;
}

/**
 * For the browser journeys, the phone bench and the first-screen check. `env` adds settings a
 * journey needs (a mail server the test started: SMTP_URL, MAIL_FROM); `clientDir` serves
 * another built client than dist/client (the phone bench's before and after side by side).
 */
export async function serveDemo(
  prefix: string,
  env: Record<string, string> = {},
  options: { clientDir?: string } = {},
): Promise<DemoServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const fromEnv = configFromEnv({ ...env, DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const config = options.clientDir
    ? { ...fromEnv, clientDir: path.resolve(options.clientDir) }
    : fromEnv;
  const db = openDb(config.dbPath);
  await seedDemo(db, {
    uploadsDir: config.uploadsDir,
    today: isoDateInZone(new Date(), config.timeZone),
  });
  const app = await buildApp({ db, config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    db,
    app,
    async close() {
      await app.close();
      closeDb(db);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
