// `npm run demo` (after the build): demo data into ./data/demo.db unless it is already there,
// then the built server (dist/server/main.js, as `npm start`) on http://localhost:3000.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { startCommand } from './start-command';

// The server's command line, flags and environment exactly as `npm start` has them.
const start = startCommand();
const SERVER = start.script;
const env = { ...process.env, DB_FILE: process.env.DB_FILE ?? 'demo.db' };
const run = (execArgv: string[], script: string, args: string[] = [], extraEnv = {}) =>
  spawnSync(process.execPath, [...execArgv, script, ...args], {
    stdio: 'inherit',
    env: { ...env, ...extraEnv },
  });

if (!fs.existsSync(SERVER)) {
  console.error(`No built server in ${SERVER}: run \`npm run build\` (npm run demo does).`);
  process.exit(1);
}
const seeded = run(['--import', 'tsx'], 'scripts/seed.ts', ['--if-empty']);
if (seeded.status !== 0) process.exit(seeded.status ?? 1);
const served = run(start.nodeArgs, SERVER, [], start.env);
process.exit(served.status ?? 0);
