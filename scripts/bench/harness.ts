// What the domain benches (office, doorstep, money) share: the app started the way `npm start`
// runs it, and one load = a warm-up, then the measured seconds, with the serving process's CPU
// time per answer (steadier than req/s on a shared machine). Loopback only, bounded in time.
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { projectRoot } from '../../server/platform/config';
import { startCommand } from '../start-command';

/** What a phone's browser accepts: the doors are measured compressed as it receives them. */
export const BROWSER_ENCODING = 'br, gzip';
const WARMUP_SECONDS = 2;

/** The app as `npm start` runs it (its flags and environment), else TypeScript via tsx. */
export function startAppProcess(env: Record<string, string>): {
  child: ChildProcess;
  label: string;
} {
  const start = startCommand();
  const built = path.join(projectRoot, start.script);
  const useBuilt = fs.existsSync(built) && process.env.BENCH_SERVER !== 'tsx';
  const child = useBuilt
    ? fork(built, [], {
        execArgv: start.nodeArgs,
        env: { ...process.env, ...start.env, ...env },
        stdio: 'inherit',
      })
    : fork(path.join(projectRoot, 'server', 'main.ts'), [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, ...env },
        stdio: 'inherit',
      });
  return { child, label: useBuilt ? `npm start (${start.script})` : 'server/main.ts (tsx)' };
}

/** CPU time (user + system) of a process so far, in ms (Linux /proc; null elsewhere). */
export function cpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

export interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** CPU µs of the serving process per answer, when its pid is known. */
  cpuUs: number | null;
  bad: number;
}

/** One door: `WARMUP_SECONDS` of load that is not counted, then `seconds` measured. */
export async function measure(
  name: string,
  opts: Record<string, unknown>,
  seconds: number,
  pid?: number,
): Promise<Figures> {
  type Result = Awaited<ReturnType<typeof autocannon>>;
  const run = autocannon as unknown as (o: Record<string, unknown>) => Promise<Result>;
  await run({ connections: 10, ...opts, duration: WARMUP_SECONDS });
  const before = cpuMs(pid);
  const r = await run({ connections: 10, ...opts, duration: seconds });
  const after = cpuMs(pid);
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad > 0) console.warn(`  ! ${name}: ${bad} non-2xx/errors of ${r.requests.total}`);
  const cpuUs =
    before !== null && after !== null && r.requests.total > 0
      ? Math.round(((after - before) * 1000) / r.requests.total)
      : null;
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuUs, bad };
}
