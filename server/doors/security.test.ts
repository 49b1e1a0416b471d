import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security';

// The fixed set of headers every reply carries (asked of helmet once at start).
describe('securityHeaders', () => {
  it('has the Content-Security-Policy, framing and sniffing rules, and no HSTS on plain http', async () => {
    const h = await securityHeaders({ hsts: false });
    expect(h['content-security-policy']).toContain("default-src 'self'");
    expect(h['content-security-policy']).toContain("script-src 'self'");
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h['x-frame-options']).toBe('SAMEORIGIN');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['strict-transport-security']).toBeUndefined();
    // Helmet removes X-Powered-By; nothing that is not a security header is in the set.
    expect(Object.keys(h)).not.toContain('x-powered-by');
  });

  it('adds HSTS behind a TLS proxy', async () => {
    const h = await securityHeaders({ hsts: true });
    expect(h['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
