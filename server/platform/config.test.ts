import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config';

describe('TRUST_PROXY', () => {
  const hops = (value?: string) =>
    configFromEnv(value === undefined ? {} : { TRUST_PROXY: value }).trustProxyHops;

  it('is a number of proxy hops, reading the old true/false as 1/0', () => {
    expect(hops()).toBe(0);
    expect(hops('0')).toBe(0);
    expect(hops('1')).toBe(1);
    expect(hops('2')).toBe(2);
    expect(hops('true')).toBe(1);
    expect(hops('false')).toBe(0);
  });

  it('refuses anything else at start', () => {
    for (const bad of ['yes', '-1', '1.5', '', '11', '10.0.0.1']) {
      expect(() => hops(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
