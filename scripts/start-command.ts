import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../server/platform/config';

// `npm start` in package.json is the one place that says how the built server runs: the
// environment it needs before Node starts (glibc reads MALLOC_ARENA_MAX at start) and Node's
// flags (the heap's bounds, docs/decisions/019). Everything else that starts the built server
// (`npm run demo`, the benches, the built-server test) reads the command from there, so a
// measurement always runs the server the way the office box does.

export interface StartCommand {
  /** Variables set on the command line before `node`. */
  env: Record<string, string>;
  /** Node's flags, between `node` and the script. */
  nodeArgs: string[];
  /** The script, relative to the checkout's root (dist/server/main.js). */
  script: string;
}

/** Parses `VAR=value ... node --flag ... script.js`; anything else is refused. */
export function parseStartCommand(line: string): StartCommand {
  const words = line.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let i = 0;
  for (; i < words.length; i++) {
    const m = /^([A-Z_][A-Z0-9_]*)=(\S*)$/.exec(words[i] as string);
    if (!m) break;
    env[m[1] as string] = m[2] as string;
  }
  if (words[i] !== 'node') throw new Error(`the start script must run node: ${line}`);
  const rest = words.slice(i + 1);
  const script = rest.at(-1);
  const nodeArgs = rest.slice(0, -1);
  if (!script?.endsWith('.js') || nodeArgs.some((a) => !a.startsWith('--') || /["'$`]/.test(a))) {
    throw new Error(
      `the start script must be "[VAR=value ...] node [--flag ...] file.js": ${line}`,
    );
  }
  return { env, nodeArgs, script };
}

/** `npm start`'s command, read from package.json. */
export function startCommand(root = projectRoot): StartCommand {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const start = pkg.scripts.start;
  if (!start) throw new Error('package.json has no start script');
  return parseStartCommand(start);
}
