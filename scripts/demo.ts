// `npm run demo` (after the build): demo data into ./data/demo.db unless it is already there,
// then the server on http://localhost:3000.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, DB_FILE: process.env.DB_FILE ?? 'demo.db' };
const run = (script: string, args: string[] = []) =>
  spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { stdio: 'inherit', env });

const seeded = run('scripts/seed.ts', ['--if-empty']);
if (seeded.status !== 0) process.exit(seeded.status ?? 1);
const served = run('server/main.ts');
process.exit(served.status ?? 0);
