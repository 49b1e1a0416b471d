import { afterEach, describe, expect, it, vi } from 'vitest';
import { newAttemptKey } from './attemptKey';

afterEach(() => vi.unstubAllGlobals());

describe('attempt keys', () => {
  it('makes UUID v4 keys even where crypto.randomUUID is missing (plain http)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newAttemptKey()).toMatch(uuid);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    const key = newAttemptKey();
    expect(key).toMatch(uuid);
    expect(newAttemptKey()).not.toBe(key);
  });
});
