import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ThrottleOptions } from '../../server/accounts/throttle';
import { buildApp } from '../../server/app';
import { type Config, configFromEnv } from '../../server/platform/config';
import { closeDb, type Db, openDb } from '../../server/platform/db';

export interface TestApp {
  url: string;
  origin: string;
  db: Db;
  config: Config;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The real app on a fresh, migrated SQLite file in a temp dir, listening on a free port. */
export async function startTestApp(
  opts: {
    throttle?: ThrottleOptions;
    env?: Record<string, string>;
    /** Receives the server's log lines (JSON, one per write) at `env.LOG_LEVEL` or info. */
    log?: (line: string) => void;
    /** The business's clock (cut-offs); the real time by default. */
    clock?: () => Date;
  } = {},
): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-test-'));
  const config = configFromEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent', ...opts.env });
  // As the server opens it (server/main.ts), so the tests go through group commit.
  const db = openDb(config.dbPath, { groupCommit: true });
  const logger = opts.log
    ? {
        level: opts.env?.LOG_LEVEL ?? 'info',
        stream: { write: (line: string) => opts.log?.(line) },
      }
    : false;
  const app = await buildApp({ db, config, throttle: opts.throttle, logger, clock: opts.clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    origin: url,
    db,
    config,
    app,
    async close() {
      await app.close();
      closeDb(db);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
