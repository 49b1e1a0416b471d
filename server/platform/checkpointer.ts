import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './db';

/**
 * WAL checkpoints off the event loop. SQLite copies the write-ahead log back into the database
 * file (and fsyncs it) every `wal_autocheckpoint` pages, inside whichever commit crosses the
 * line: with ~110 pages per order that was every ~9th order, and every request waited for that
 * copy. Here a worker thread with its own connection looks at the log a few times a second and
 * runs a PASSIVE checkpoint (it never blocks a writer or a reader) when the log is big enough
 * or has stopped growing; the serving connection's own automatic checkpoint stays as a safety
 * net, far above what the worker lets the log reach.
 *
 * Durability is unchanged: a commit is durable when its WAL frames are fsynced (by the serving
 * connection's group commit before the answer, server/platform/db.ts, or by FULL in each commit); a
 * checkpoint fsyncs the log before it copies anything and the database file before the log
 * restarts, so it never loses a frame nor makes one durable that was not written.
 */
const WORKER = `
const fs = require('node:fs');
const os = require('node:os');
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 1000');
db.pragma('cache_size = ' + workerData.cachePages);
const le = os.endianness() === 'LE';
const header = Buffer.alloc(100);
let shm = null;
// Frames in the log not yet copied into the database: mxFrame (byte 16 of the wal-index
// header) minus nBackfill (byte 96, the checkpoint info), in the -shm file, native byte order.
// Null when it cannot be read: then every tick checkpoints, as before.
function pending() {
  try {
    if (shm === null) shm = fs.openSync(workerData.file + '-shm', 'r');
    if (fs.readSync(shm, header, 0, 100, 0) < 100) return null;
    const n = le ? header.readUInt32LE(16) - header.readUInt32LE(96)
      : header.readUInt32BE(16) - header.readUInt32BE(96);
    return n >= 0 ? n : null;
  } catch { return null; }
}
let last = -1;
let quiet = 0;
const timer = setInterval(() => {
  const n = pending();
  if (n === 0) return;
  if (n !== null && n < workerData.minFrames) {
    // A small log is copied only once it has stopped growing for a while.
    quiet = n === last ? quiet + 1 : 0;
    last = n;
    if (quiet < workerData.quietTicks) return;
  }
  last = -1;
  quiet = 0;
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  if (shm !== null) fs.closeSync(shm);
  db.close();
  process.exit(0);
});
`;

/** The serving connection's own checkpoint, only if the worker falls far behind (~40 MB). */
const SAFETY_NET_PAGES = 10_000;

/**
 * The checkpoint copies each page once from the log into the file; keeping pages in its own
 * cache helps no later checkpoint, and better-sqlite3's default (16 MB) would fill with them.
 */
const CHECKPOINT_CACHE_PAGES = 64;

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * A log is copied once it holds `minFrames` frames (SQLite's own automatic checkpoint waits for
 * 1,000 too), or once it has stopped growing for `quietTicks` ticks. Not sooner: each time the
 * log has been copied completely, the next commit restarts it and fsyncs its header, on the
 * event loop (strace, 5 placements a second with a checkpoint every 250 ms: one fsync on the
 * serving thread per placement, besides the group commit's).
 */
export function startCheckpointer(
  db: Db,
  everyMs = 250,
  opts: { minFrames?: number; quietTicks?: number } = {},
): Checkpointer {
  const file = db.$client.name;
  if (db.$client.memory || !file) return { stop: async () => {} };
  db.$client.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      file,
      driver,
      everyMs,
      cachePages: CHECKPOINT_CACHE_PAGES,
      minFrames: opts.minFrames ?? 1000,
      quietTicks: opts.quietTicks ?? 8,
    },
    // The worker only runs one pragma and needs little heap. Measured: a worker costs ~17 MB
    // of RSS, mostly its own Node environment; these limits save ~1 MB of it.
    resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 8 },
  });
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
