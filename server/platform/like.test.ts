import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { containsPattern } from './like';

describe('containsPattern()', () => {
  const db = new Database(':memory:');
  const matches = (value: string, typed: string) =>
    db
      .prepare<[string, string], { m: number }>(`SELECT ? LIKE ? ESCAPE '\\' AS m`)
      .get(value, containsPattern(typed))?.m === 1;

  it('finds the text anywhere', () => {
    expect(containsPattern('ghee')).toBe('%ghee%');
    expect(matches('Pure ghee 1kg', 'ghee')).toBe(true);
    expect(matches('Butter', 'ghee')).toBe(false);
  });

  it('takes % _ and \\ literally', () => {
    expect(matches('50% off', '50%')).toBe(true);
    expect(matches('500 off', '50%')).toBe(false);
    expect(matches('a_b', 'a_b')).toBe(true);
    expect(matches('axb', 'a_b')).toBe(false);
    expect(matches('C:\\x', 'C:\\x')).toBe(true);
    expect(matches('C:x', 'C:\\x')).toBe(false);
  });
});
