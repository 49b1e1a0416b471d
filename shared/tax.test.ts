import { describe, expect, it } from 'vitest';
import { paymentShare, priceInBasis, taxByRate } from './tax';

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

describe('paymentShare: receipts of an invoice paid in parts', () => {
  // INV-000069 of the demo: 8% net ¥14,640, tax ¥1,171; 10% net ¥2,000, tax ¥200.
  const invoice = taxByRate(
    [
      { amount: 14_640, rate: 8 },
      { amount: 2_000, rate: 10 },
    ],
    'exclusive',
    'down',
  );

  const sumOf = (parts: ReturnType<typeof paymentShare>[], rate: 8 | 10) =>
    parts.reduce(
      (s, p) => {
        const r = p.perRate.find((x) => x.rate === rate);
        return { net: s.net + (r?.net ?? 0), tax: s.tax + (r?.tax ?? 0) };
      },
      { net: 0, tax: 0 },
    );

  it('one payment in full is the invoice, rate by rate', () => {
    const all = paymentShare(invoice.perRate, invoice.total, 0, invoice.total);
    expect(all.perRate).toEqual(invoice.perRate);
    expect(all.total).toBe(invoice.total);
  });

  it('parts add up to the invoice to the yen, however it is paid', () => {
    for (const cuts of [
      [9_000],
      [1, 2, 3],
      [7_777, 5_555],
      [18_010],
      [1_000, 1_000, 1_000, 1_000],
    ]) {
      const amounts = [...cuts, invoice.total - cuts.reduce((s, c) => s + c, 0)];
      let before = 0;
      const parts = amounts.map((a) => {
        const p = paymentShare(invoice.perRate, invoice.total, before, a);
        before += a;
        expect(p.total).toBe(a);
        for (const r of p.perRate) expect(r.net + r.tax).toBe(r.gross);
        return p;
      });
      for (const r of invoice.perRate) {
        expect(sumOf(parts, r.rate)).toEqual({ net: r.net, tax: r.tax });
      }
    }
  });

  it('an invoice with a credit deducted: the parts add up to what it asks', () => {
    const payable = invoice.total - 1_490;
    const a = paymentShare(invoice.perRate, payable, 0, 10_000);
    const b = paymentShare(invoice.perRate, payable, 10_000, payable - 10_000);
    expect(a.total + b.total).toBe(payable);
    expect(a.tax + b.tax).toBeLessThanOrEqual(invoice.tax);
  });
});

describe('priceInBasis', () => {
  it('reads a price across a change of basis, to the nearest yen, and leaves it alone otherwise', () => {
    expect(priceInBasis(1000, 10, 'inclusive', 'exclusive')).toBe(909);
    expect(priceInBasis(1000, 8, 'inclusive', 'exclusive')).toBe(926);
    expect(priceInBasis(909, 10, 'exclusive', 'inclusive')).toBe(1000);
    expect(priceInBasis(2480, 8, 'exclusive', 'inclusive')).toBe(2678);
    expect(priceInBasis(2480, 8, 'exclusive', 'exclusive')).toBe(2480);
  });
});
