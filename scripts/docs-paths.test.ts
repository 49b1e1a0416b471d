import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { projectRoot } from '../server/platform/config';

// The guides a newcomer starts from (README.md, docs/*.md, the ADR index) point at files, folders
// and npm scripts; each pointer must lead somewhere. The ADRs' own bodies are history and are not
// checked: a later one says what moved.

const read = (file: string) => fs.readFileSync(path.join(projectRoot, file), 'utf8');
const exists = (file: string) => fs.existsSync(path.join(projectRoot, file));
const GUIDES = [
  'README.md',
  ...fs
    .readdirSync(path.join(projectRoot, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  'docs/decisions/README.md',
];
const TOP = [
  'server',
  'client',
  'shared',
  'tests',
  'scripts',
  'docs',
  'drizzle',
  'migrations',
  '.ci',
];

/** Paths from the repository's root a guide names, in its text or its links, without patterns. */
function namedPaths(file: string): string[] {
  const text = read(file);
  const found = new Set<string>();
  const fromRoot = new RegExp(
    `(?<![\\w./-])((?:${TOP.join('|').replace('.', '\\.')})/[\\w./-]*)`,
    'g',
  );
  for (const m of text.matchAll(fromRoot)) {
    const p = (m[1] ?? '').replace(/[.,;:]+$/, '');
    if (!/[*{}<>]/.test(text.slice((m.index ?? 0) + p.length, (m.index ?? 0) + p.length + 1)))
      found.add(p);
  }
  for (const m of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
    const target = m[1] ?? '';
    if (/^[a-z]+:/.test(target)) continue;
    found.add(path.posix.normalize(path.posix.join(path.posix.dirname(file), target)));
  }
  return [...found];
}

it('every file and folder the guides name exists', () => {
  const missing = GUIDES.flatMap((file) =>
    namedPaths(file)
      .filter((p) => !exists(p))
      .map((p) => `${file}: ${p}`),
  );
  expect(missing).toEqual([]);
});

it("every file the README's map of server/ names is in the folder it is listed under", () => {
  const readme = read('README.md');
  const map = /```\nserver\/\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  expect(map).not.toBe('');
  const missing: string[] = [];
  let folder = 'server';
  for (const line of map.split('\n')) {
    const area = /^ {2}([\w-]+)\/ /.exec(line);
    if (area) folder = `server/${area[1]}`;
    else if (/^ {2}[\w-]+\.ts /.test(line)) folder = 'server';
    for (const m of line.matchAll(/(?<![\w./-])([\w-]+(?:\/[\w-]+)*\.ts)\b/g)) {
      const name = m[1] ?? '';
      const listed = [name, `${folder}/${name}`, `server/${name}`, `${folder}/documents/${name}`];
      if (!listed.some(exists)) missing.push(`${folder}: ${name}`);
    }
  }
  expect(missing).toEqual([]);
});

it('every `npm run` script the guides name is in package.json', () => {
  const scripts = Object.keys(JSON.parse(read('package.json')).scripts as Record<string, string>);
  const named = GUIDES.flatMap((file) =>
    [...read(file).matchAll(/npm run (?:-s )?([\w:-]+)/g)].map((m) => `${file}: ${m[1]}`),
  );
  expect(named.filter((n) => !scripts.includes(n.split(': ')[1] ?? ''))).toEqual([]);
});
