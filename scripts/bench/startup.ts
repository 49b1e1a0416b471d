// Server start to first answer, and idle memory, for the TypeScript server run through tsx and
// for the bundle that `npm start` runs (build it first: `npm run build`).
//   node --import tsx scripts/bench/startup.ts [runs]
// Seeds the demo into a temp directory once, then starts each variant `runs` times (default 5)
// on that database: the time from spawning node to the first 200 of GET /api/products, the CPU
// time the server used until then (steadier than the wall clock on a busy machine), and the
// resident memory (RSS) at that moment and after 3 s idle. Prints medians.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configFromEnv } from '../../server/platform/config';
import { closeDb, openDb } from '../../server/platform/db';
import { isoDateInZone } from '../../shared/format';
import { seedDemo } from '../demo/seed-demo';
import { startCommand } from '../start-command';

const runs = Number(process.argv[2] ?? 5);
const PORT = 3917;
const start = startCommand();
const variants: { name: string; args: string[]; env?: Record<string, string> }[] = [
  { name: 'tsx (server/main.ts)', args: ['--import', 'tsx', 'server/main.ts'] },
  { name: 'bundle (npm start)', args: [...start.nodeArgs, start.script], env: start.env },
  { name: 'bundle, no flags', args: [start.script] },
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
};
/** CPU time (user + system) the process has used, in ms (Linux reports 100 ticks a second). */
const cpuMs = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function once(args: string[], dataDir: string, extraEnv: Record<string, string> = {}) {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      BACKUP_HOUR: 'off',
      ...extraEnv,
    },
    stdio: 'ignore',
  });
  const exited = new Promise((r) => child.once('exit', r));
  let firstAnswerMs = Number.NaN;
  for (;;) {
    if (performance.now() - started > 20_000) throw new Error(`no answer from ${args.join(' ')}`);
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/products`);
      if (res.ok) {
        await res.arrayBuffer();
        firstAnswerMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await sleep(5);
  }
  const cpu = cpuMs(child.pid!);
  const atFirst = rssMb(child.pid!);
  await sleep(3000);
  const idle = rssMb(child.pid!);
  child.kill('SIGTERM');
  await exited;
  return { firstAnswerMs, cpu, atFirst, idle };
}

async function main() {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('run `npm run build` first');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-startup-'));
  try {
    const config = configFromEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const db = openDb(config.dbPath);
    await seedDemo(db, {
      uploadsDir: config.uploadsDir,
      today: isoDateInZone(new Date(), config.timeZone),
    });
    closeDb(db);

    console.log(`${runs} runs each, medians, demo data (${os.cpus().length} cores)`);
    console.log(
      '| variant | start to first answer | CPU used by then | RSS at first answer | RSS idle (3 s) |',
    );
    console.log('|---|---|---|---|---|');
    // Variants take turns, so a change in the machine's load hits them alike.
    for (const v of variants) await once(v.args, dir, v.env); // warm the file cache
    const results = variants.map(() => [] as Awaited<ReturnType<typeof once>>[]);
    for (let i = 0; i < runs; i++) {
      for (const [k, v] of variants.entries()) results[k]!.push(await once(v.args, dir, v.env));
    }
    for (const [k, v] of variants.entries()) {
      const rs = results[k]!;
      const ms = median(rs.map((r) => r.firstAnswerMs));
      const cpu = median(rs.map((r) => r.cpu));
      const first = median(rs.map((r) => r.atFirst));
      const idle = median(rs.map((r) => r.idle));
      console.log(
        `| ${v.name} | ${(ms / 1000).toFixed(2)} s | ${(cpu / 1000).toFixed(2)} s | ${first.toFixed(0)} MB | ${idle.toFixed(0)} MB |`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
