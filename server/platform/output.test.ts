import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answer, freezeAnswer } from './output';

const schema = z.object({ name: z.string(), lines: z.array(z.object({ qty: z.number() })) });

describe('answer()', () => {
  it('strips unknown keys and refuses a wrong shape, frozen or not', () => {
    const parser = answer(schema);
    const fresh = { name: 'a', secret: 1, lines: [{ qty: 1, hidden: true }] };
    expect(parser.parse(fresh)).toEqual({ name: 'a', lines: [{ qty: 1 }] });
    expect(() => parser.parse(freezeAnswer({ name: 2, lines: [] }))).toThrow();
  });

  it('parses a frozen answer once, a fresh object every time', () => {
    const parser = answer(schema);
    const kept = freezeAnswer({ name: 'a', secret: 1, lines: [{ qty: 1 }] });
    const first = parser.parse(kept);
    expect(first).toEqual({ name: 'a', lines: [{ qty: 1 }] });
    expect(parser.parse(kept)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const fresh = { name: 'a', lines: [] };
    expect(parser.parse(fresh)).not.toBe(parser.parse(fresh));
  });

  it('freezes deeply: a kept answer cannot be changed by a caller', () => {
    const kept = freezeAnswer({ name: 'a', lines: [{ qty: 1 }] });
    expect(() => {
      (kept.lines[0] as { qty: number }).qty = 2;
    }).toThrow(TypeError);
    expect(() => kept.lines.push({ qty: 3 })).toThrow(TypeError);
  });
});
