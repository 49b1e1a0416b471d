import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { projectRoot } from '../server/platform/config';

// The supported Node versions are stated once, in package.json's engines (ADR 026); the README
// quotes them.
const read = (...p: string[]) => fs.readFileSync(path.join(projectRoot, ...p), 'utf8');

it('the README quotes the engines of package.json', () => {
  const engines = JSON.parse(read('package.json')).engines.node as string;
  expect(read('README.md')).toContain(`"engines": { "node": "${engines}" }`);
});
