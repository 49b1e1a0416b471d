import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config';

describe('TRUST_PROXY', () => {
  const trust = (value?: string) =>
    configFromEnv(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;

  it('is off unless set', () => {
    expect(trust()).toBeNull();
    expect(trust('0')).toBeNull();
    expect(trust('false')).toBeNull();
  });

  it('names the proxy by its addresses', () => {
    expect(trust('127.0.0.1')).toEqual({ addresses: ['127.0.0.1'] });
    expect(trust('10.0.0.0/8, ::1,fd00::/8')).toEqual({
      addresses: ['10.0.0.0/8', '::1', 'fd00::/8'],
    });
    expect(trust('loopback')).toEqual({ addresses: ['loopback'] });
  });

  it('still reads the old hop count (true is one hop); the app warns about it', () => {
    expect(trust('1')).toEqual({ hops: 1 });
    expect(trust('2')).toEqual({ hops: 2 });
    expect(trust('true')).toEqual({ hops: 1 });
  });

  it('refuses anything else at start', () => {
    for (const bad of ['yes', '-1', '1.5', '', '11', '00', '10.0.0.1/33', '10.0.0', '1.2.3.4,']) {
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
