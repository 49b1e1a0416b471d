import { afterEach, describe, expect, it, vi } from 'vitest';
import { newKey } from './api';

// The office reaches its box over plain http on the LAN (ADR 006): no crypto.randomUUID there,
// and the payment, handover, closing and claim screens make a key while they render.

afterEach(() => vi.unstubAllGlobals());

describe('the money screens’ idempotency keys', () => {
  it('are made where the browser has no crypto.randomUUID (plain http)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    const key = newKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newKey()).not.toBe(key);
  });
});
