// `node --import tsx scripts/bench/cpu-per-answer.ts URL [header: value ...]`: loads one door of
// a running server (its pid from PID) with autocannon after a warm-up and prints req/s and
// the serving process's CPU time per answer: on a shared machine the steadier figure.
import fs from 'node:fs';
import autocannon from 'autocannon';

function cpuMs(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(f[11]) + Number(f[12]);
  return (ticks * 1000) / 100;
}

async function main() {
  const [url = '', ...hs] = process.argv.slice(2);
  const pid = Number(process.env.PID);
  const headers: Record<string, string> = {};
  for (const h of hs) {
    const i = h.indexOf(':');
    headers[h.slice(0, i).trim()] = h.slice(i + 1).trim();
  }
  const seconds = Number(process.env.SECONDS_ ?? 6);
  await autocannon({ url, headers, connections: 10, duration: 2 });
  const before = cpuMs(pid);
  const r = (await autocannon({ url, headers, connections: 10, duration: seconds })) as Awaited<
    ReturnType<typeof autocannon>
  > & { throughput: { average: number } };
  const used = cpuMs(pid) - before;
  console.log(
    `${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} p99 ${r.latency.p99} ms, ` +
      `${Math.round((used * 1000) / r.requests.total)} µs CPU/answer, non2xx ${r.non2xx}, ` +
      `${Math.round(r.throughput.average / r.requests.average)} B/answer`,
  );
}
await main();
