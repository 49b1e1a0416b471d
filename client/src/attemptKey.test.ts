import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forgetAttempt,
  forgetCartAttempts,
  keepAttempt,
  keptAttempt,
  newAttemptKey,
} from './attemptKey';

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

describe('attempts kept across reloads', () => {
  it('keeps an attempt in localStorage until it is forgotten', () => {
    expect(keptAttempt('place')).toBeNull();
    keepAttempt('place', { payload: '{"a":1}', key: 'k1' });
    keepAttempt('addTo', { payload: '{"b":2}', key: 'k2' });
    expect(keptAttempt('place')).toEqual({ payload: '{"a":1}', key: 'k1' });
    forgetAttempt('place');
    expect(keptAttempt('place')).toBeNull();
    expect(keptAttempt('addTo')?.key).toBe('k2');
    forgetCartAttempts();
    expect(keptAttempt('addTo')).toBeNull();
  });

  it('takes a damaged entry for none', () => {
    localStorage.setItem('attempt.placeOrder', '{not json');
    expect(keptAttempt('place')).toBeNull();
    localStorage.setItem('attempt.placeOrder', JSON.stringify({ payload: 1 }));
    expect(keptAttempt('place')).toBeNull();
  });
});
