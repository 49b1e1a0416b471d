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

describe('BUSINESS_TIME_ZONE', () => {
  const zone = (env: Record<string, string>) => configFromEnv(env).timeZone;

  it('is Tokyo unless set, and names the zone canonically', () => {
    expect(zone({})).toBe('Asia/Tokyo');
    expect(zone({ BUSINESS_TIME_ZONE: 'America/New_York' })).toBe('America/New_York');
    expect(zone({ BUSINESS_TIME_ZONE: 'asia/tokyo' })).toBe('Asia/Tokyo');
  });

  it("does not follow the process's TZ, which service managers set for their own reasons", () => {
    expect(zone({ TZ: 'UTC' })).toBe('Asia/Tokyo');
    expect(zone({ TZ: 'America/New_York', BUSINESS_TIME_ZONE: 'Asia/Tokyo' })).toBe('Asia/Tokyo');
  });

  it('refuses a name Intl cannot use, saying what to write instead', () => {
    for (const bad of ['JST-9', ':/etc/localtime', 'Tokyo', '']) {
      expect(() => zone({ BUSINESS_TIME_ZONE: bad }), bad).toThrow(
        `BUSINESS_TIME_ZONE=${bad} is not a time zone name; use e.g. Asia/Tokyo`,
      );
    }
  });
});
