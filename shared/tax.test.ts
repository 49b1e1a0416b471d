import { describe, expect, it } from 'vitest';
import { taxByRate } from './tax';

describe('taxByRate', () => {
  it('rounds once per rate, not per line', () => {
    // Three lines of ¥105 at 8%: per line 8.4 -> 8 each = 24; per document 315 x 8% = 25.2 -> 25.
    const s = taxByRate([
      { amount: 105, rate: 8 },
      { amount: 105, rate: 8 },
      { amount: 105, rate: 8 },
    ]);
    expect(s.perRate).toEqual([{ rate: 8, net: 315, tax: 25, gross: 340 }]);
    expect(s.total).toBe(340);
  });

  it('keeps the rates apart, reduced rate first', () => {
    const s = taxByRate([
      { amount: 1999, rate: 10 },
      { amount: 1001, rate: 8 },
    ]);
    expect(s.perRate.map((r) => [r.rate, r.net, r.tax])).toEqual([
      [8, 1001, 80],
      [10, 1999, 199],
    ]);
    expect(s).toMatchObject({ net: 3000, tax: 279, total: 3279 });
  });

  it('follows the chosen rounding', () => {
    const lines = [{ amount: 1006, rate: 8 as const }]; // 80.48
    expect(taxByRate(lines, 'exclusive', 'down').tax).toBe(80);
    expect(taxByRate(lines, 'exclusive', 'up').tax).toBe(81);
    expect(taxByRate(lines, 'exclusive', 'halfUp').tax).toBe(80);
    expect(taxByRate([{ amount: 1025, rate: 10 }], 'exclusive', 'halfUp').tax).toBe(103); // 102.5
    expect(taxByRate([{ amount: 1020, rate: 10 }], 'exclusive', 'up').tax).toBe(102); // exact
  });

  it('takes the tax out of inclusive prices', () => {
    // ¥1,080 including 8%: tax 80, net 1,000.
    expect(taxByRate([{ amount: 1080, rate: 8 }], 'inclusive').perRate[0]).toEqual({
      rate: 8,
      net: 1000,
      tax: 80,
      gross: 1080,
    });
    // ¥1,000 including 10%: 90.90... -> 90 down.
    expect(taxByRate([{ amount: 1000, rate: 10 }], 'inclusive', 'down').tax).toBe(90);
  });

  it('mirrors a credit note', () => {
    const invoice = taxByRate([{ amount: 1006, rate: 8 }]);
    const credit = taxByRate([{ amount: -1006, rate: 8 }]);
    expect(credit.tax).toBe(-invoice.tax);
    expect(credit.total).toBe(-invoice.total);
  });

  it('is empty for no lines', () => {
    expect(taxByRate([])).toEqual({ perRate: [], net: 0, tax: 0, total: 0 });
  });
});
