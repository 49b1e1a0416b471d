// A child process for server/platform/durable.test.ts: writes one row after another on a group-commit
// connection and reports each id only once durable() has resolved, as the server answers only
// then. The test kills it with SIGKILL mid-stream and checks every reported id survived.
import { closeDb, durable, openDb, write } from '../../server/platform/db';

const file = process.argv[2] as string;
const db = openDb(file, { groupCommit: true });
const insert = db.$client.prepare('INSERT INTO route (id, name) VALUES (?, ?)');

let n = 0;
async function one(worker: number): Promise<void> {
  for (;;) {
    const id = `r-${worker}-${n++}`;
    write(db, () => insert.run(id, id));
    await durable(db);
    process.send?.(id);
  }
}

// Several writers at once, as concurrent requests: their commits share fsyncs.
void Promise.all([1, 2, 3, 4].map(one)).finally(() => closeDb(db));
