import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { projectRoot } from '../server/platform/config';

// The supported Node versions are stated once, in package.json's engines (ADR 026); the README
// quotes them, and the Node that CI's second run fetches is the one the guides recommend.
const read = (...p: string[]) => fs.readFileSync(path.join(projectRoot, ...p), 'utf8');

it('the README quotes the engines of package.json, and the guides name the Node CI runs', () => {
  const engines = JSON.parse(read('package.json')).engines.node as string;
  expect(read('README.md')).toContain(`"engines": { "node": "${engines}" }`);

  const version = /^version=\$\{NODE24_VERSION:-(\d+)\.\d+\.\d+\}$/m.exec(read('.ci', 'node24'));
  expect(version).not.toBeNull();
  const major = version?.[1];
  expect(engines.split(' || ')).toContain(`^${major}`);
  expect(read('README.md')).toContain(`Node ${major} LTS is recommended`);
  expect(read('docs', 'deploy.md')).toContain(`setup_${major}.x`);
});
