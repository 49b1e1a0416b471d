import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { projectRoot } from '../server/platform/config';
import { parseStartCommand, startCommand } from './start-command';

it('reads the environment, the node flags and the script of the start command', () => {
  expect(parseStartCommand('A_B=2 node --x=1 --y dist/server/main.js')).toEqual({
    env: { A_B: '2' },
    nodeArgs: ['--x=1', '--y'],
    script: 'dist/server/main.js',
  });
  expect(() => parseStartCommand('tsx server/main.ts')).toThrow();
  expect(() => parseStartCommand('node --x "$FLAGS" dist/server/main.js')).toThrow();
});

it('the deployment guide runs the server exactly as npm start does', () => {
  const start = startCommand();
  const guide = fs.readFileSync(path.join(projectRoot, 'docs', 'deploy.md'), 'utf8');
  const execStart = /^ExecStart=(\S+) (.*)$/m.exec(guide);
  expect(execStart?.[2]).toBe([...start.nodeArgs, start.script].join(' '));
  for (const [name, value] of Object.entries(start.env)) {
    expect(guide).toContain(`Environment=${name}=${value}`);
  }
});
