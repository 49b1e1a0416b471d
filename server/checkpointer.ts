import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './db';

/**
 * WAL checkpoints off the event loop. SQLite copies the write-ahead log back into the database
 * file (and fsyncs it) every `wal_autocheckpoint` pages, inside whichever commit crosses the
 * line: with ~110 pages per order that was every ~9th order, and every request waited for that
 * copy. Here a worker thread with its own connection runs PASSIVE checkpoints (they never block
 * a writer or a reader) a few times a second; the serving connection's own automatic
 * checkpoint stays as a safety net, far above what the worker lets the log reach.
 *
 * Durability is unchanged: a commit is durable when its WAL frames are fsynced (by the serving
 * connection's group commit before the answer, server/db.ts, or by FULL in each commit); a
 * checkpoint fsyncs the log before it copies anything and the database file before the log
 * restarts, so it never loses a frame nor makes one durable that was not written.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 1000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); db.close(); process.exit(0); });
`;

/** The serving connection's own checkpoint, only if the worker falls far behind (~40 MB). */
const SAFETY_NET_PAGES = 10_000;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(db: Db, everyMs = 250): Checkpointer {
  const file = db.$client.name;
  if (db.$client.memory || !file) return { stop: async () => {} };
  db.$client.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, driver, everyMs } });
  worker.unref();
  // A worker that cannot start or dies must not take the server with it: the serving
  // connection then checkpoints by itself again, as SQLite does by default.
  worker.on('error', () => db.$client.open && db.$client.pragma('wal_autocheckpoint = 1000'));
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (worker.threadId < 0) return resolve();
        // Held again while it stops: an unreferenced worker would let the process end here.
        worker.ref();
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      }),
  };
}
