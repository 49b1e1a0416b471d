import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en, ja, ne } from '../../shared/locales';

// Every code a service can throw must have English, Nepali and Japanese text: a code without one would
// reach the user as a bare key. The ErrorCode type already refuses codes missing from the
// English files; this reads the sources, so it also holds for the Nepali and Japanese files and for zod
// messages (plain strings to the type checker).

const root = path.resolve(import.meta.dirname, '..', '..');
/** The error module, whose every dotted literal (its status-to-code map among them) is a code. */
const ERRORS_MODULE = path.join('server', 'platform', 'errors.ts');

function sourcesUnder(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f));
}

const CODE = String.raw`'([a-z]\w*\.[a-zA-Z]\w*)'`;
/** badRequest('order.empty'), appError('CONFLICT', 'x.y'), new AppError('FORBIDDEN', 'x.y'). */
const THROWN = [
  new RegExp(String.raw`\b(?:badRequest|notFound|conflict)\(\s*${CODE}`, 'g'),
  new RegExp(String.raw`\b(?:appError|new AppError)\(\s*'[A-Z_]+'\s*,\s*${CODE}`, 'g'),
];
/** Any dotted literal: zod messages in shared schemas, the error module's own mappings. */
const ANY = new RegExp(CODE, 'g');

function codesIn(source: string, everyLiteral: boolean): string[] {
  const patterns = everyLiteral ? [ANY] : THROWN;
  return patterns.flatMap((re) => [...source.matchAll(re)].map((m) => m[1] as string));
}

function textOf(tree: typeof en | typeof ne | typeof ja, code: string): string | undefined {
  const [domain, name] = code.split('.') as [string, string];
  const texts = (tree.errors as Record<string, Record<string, string> | undefined>)[domain];
  return texts?.[name];
}

function collect(): Map<string, string> {
  const where = new Map<string, string>();
  const files = [
    ...sourcesUnder('server').map((f) => [f, f === ERRORS_MODULE] as const),
    ...sourcesUnder(path.join('shared', 'schemas')).map((f) => [f, true] as const),
  ];
  for (const [file, everyLiteral] of files) {
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    for (const code of codesIn(source, everyLiteral)) if (!where.has(code)) where.set(code, file);
  }
  return where;
}

describe('error codes', () => {
  it('finds the codes thrown and the codes used as zod messages', () => {
    expect(
      codesIn(
        `throw badRequest('order.outOfStock', { name }); throw new AppError(
          'UNPROCESSABLE_CONTENT', 'idempotency.keyReused'); notFound(); appError('CONFLICT','a.b')`,
        false,
      ),
    ).toEqual(['order.outOfStock', 'idempotency.keyReused', 'a.b']);
    const found = collect();
    // The error module is read for every literal: it must be where this test looks for it.
    expect(fs.existsSync(path.join(root, ERRORS_MODULE))).toBe(true);
    expect(found.get('common.serverBusy')).toBe(ERRORS_MODULE);
    for (const code of ['order.outOfStock', 'auth.invalidLogin', 'common.required'])
      expect(found.has(code), code).toBe(true);
    expect(found.size).toBeGreaterThan(20);
  });

  it('each has English, Nepali and Japanese text', () => {
    const missing = [...collect()].flatMap(([code, file]) => [
      ...(textOf(en, code) ? [] : [`${code} (en, ${file})`]),
      ...(textOf(ne, code) ? [] : [`${code} (ne, ${file})`]),
      ...(textOf(ja, code) ? [] : [`${code} (ja, ${file})`]),
    ]);
    expect(missing).toEqual([]);
  });

  it('a code without text is reported', () => {
    expect(textOf(en, 'order.noSuchCode')).toBeUndefined();
    expect(textOf(ne, 'nodomain.x')).toBeUndefined();
    expect(textOf(ja, 'order.noSuchCode')).toBeUndefined();
  });
});
