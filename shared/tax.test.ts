import { describe, expect, it } from 'vitest';
import {
  askedByRate,
  paymentShare,
  priceInBasis,
  type RateTotal,
  type TaxSummary,
  taxByRate,
} from './tax';

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

  const figures = (parts: TaxSummary[], rate: 8 | 10) =>
    parts.reduce(
      (s, p) => {
        const r = p.perRate.find((x) => x.rate === rate);
        return { gross: s.gross + (r?.gross ?? 0), tax: s.tax + (r?.tax ?? 0) };
      },
      { gross: 0, tax: 0 },
    );

  /** The receipts of `asked` paid in `amounts`, each checked to add up on its own. */
  const receipts = (asked: RateTotal[], amounts: number[]) => {
    let before = 0;
    return amounts.map((a) => {
      const p = paymentShare(asked, before, a);
      before += a;
      expect(p.total).toBe(a);
      for (const r of p.perRate) expect(r.net + r.tax).toBe(r.gross);
      return p;
    });
  };

  /** Every way of paying tried: in 1, 2 and 3 parts, odd and even. */
  const ways = (payable: number) =>
    [[], [9_000], [1], [7_777, 5_555], [payable - 1], [1, 2], [1_000, 1_000]].map((cuts) => [
      ...cuts,
      payable - cuts.reduce((s, c) => s + c, 0),
    ]);

  it('with nothing deducted it asks for the invoice, rate by rate', () => {
    expect(askedByRate(invoice.perRate, [], invoice.total)).toEqual(invoice.perRate);
  });

  it('one payment in full is the invoice, rate by rate', () => {
    const all = paymentShare(askedByRate(invoice.perRate, [], invoice.total), 0, invoice.total);
    expect(all.perRate).toEqual(invoice.perRate);
    expect(all.total).toBe(invoice.total);
  });

  it('parts add up to the invoice to the yen, however it is paid', () => {
    const asked = askedByRate(invoice.perRate, [], invoice.total);
    for (const amounts of [...ways(invoice.total), [1_000, 1_000, 1_000, 1_000, 14_011]]) {
      const parts = receipts(asked, amounts);
      for (const r of invoice.perRate) {
        expect(figures(parts, r.rate)).toEqual({ gross: r.gross, tax: r.tax });
      }
    }
  });

  // INV-000303 of the demo: 8% ¥10,087 with tax, 10% ¥5,456 with tax, less CN-000001 ¥1,490 at 8%.
  const inv303 = taxByRate(
    [
      { amount: 9_340, rate: 8 },
      { amount: 4_960, rate: 10 },
    ],
    'exclusive',
    'down',
  );
  const cn001 = taxByRate([{ amount: 1_380, rate: 8 }], 'exclusive', 'down');

  it('a credit note at one rate comes off that rate only (INV-000303)', () => {
    expect(inv303.perRate.map((r) => r.gross)).toEqual([10_087, 5_456]);
    expect(cn001.total).toBe(1_490);
    const payable = inv303.total - cn001.total;
    expect(payable).toBe(14_053);
    const asked = askedByRate(inv303.perRate, cn001.perRate, payable);
    expect(asked).toEqual([
      { rate: 8, net: 9_340 - 1_380, tax: 747 - 110, gross: 8_597 },
      { rate: 10, net: 4_960, tax: 496, gross: 5_456 },
    ]);
    // Paid as ¥10,000 then ¥4,053: the 10% part received is the invoice's ¥5,456 (it was ¥4,932).
    const [a, b] = receipts(asked, [10_000, 4_053]) as [TaxSummary, TaxSummary];
    expect(figures([a, b], 10)).toEqual({ gross: 5_456, tax: 496 });
    expect(figures([a, b], 8)).toEqual({ gross: 8_597, tax: 637 });
    for (const amounts of ways(payable)) {
      const parts = receipts(asked, amounts);
      for (const r of asked) {
        expect(figures(parts, r.rate)).toEqual({ gross: r.gross, tax: r.tax });
      }
    }
  });

  it('credit notes at both rates come off each at its own rates', () => {
    const both = taxByRate(
      [
        { amount: 500, rate: 8 },
        { amount: 1_200, rate: 10 },
      ],
      'exclusive',
      'down',
    );
    const payable = invoice.total - both.total - cn001.total;
    const asked = askedByRate(invoice.perRate, [...both.perRate, ...cn001.perRate], payable);
    const [r8, r10] = invoice.perRate as [RateTotal, RateTotal];
    expect(asked).toEqual([
      {
        rate: 8,
        net: r8.net - 500 - 1_380,
        tax: r8.tax - 40 - 110,
        gross: r8.gross - 540 - 1_490,
      },
      { rate: 10, net: r10.net - 1_200, tax: r10.tax - 120, gross: r10.gross - 1_320 },
    ]);
    for (const amounts of ways(payable)) {
      const parts = receipts(asked, amounts);
      for (const r of asked) {
        expect(figures(parts, r.rate)).toEqual({ gross: r.gross, tax: r.tax });
      }
    }
  });

  it('a credit note larger at its rate than the invoice leaves that rate below zero, and the parts still add up', () => {
    // ¥1,490 of rice credited on an invoice of ¥1,080 of rice and ¥2,200 of detergent.
    const small = taxByRate(
      [
        { amount: 1_000, rate: 8 },
        { amount: 2_000, rate: 10 },
      ],
      'exclusive',
      'down',
    );
    const payable = small.total - cn001.total;
    const asked = askedByRate(small.perRate, cn001.perRate, payable);
    expect(asked.map((r) => [r.rate, r.gross, r.tax])).toEqual([
      [8, -410, -30],
      [10, 2_200, 200],
    ]);
    for (const amounts of [[payable], [1_000, payable - 1_000], [1, 2, payable - 3]]) {
      const parts = receipts(asked, amounts);
      for (const r of asked) {
        expect(figures(parts, r.rate)).toEqual({ gross: r.gross, tax: r.tax });
      }
    }
  });

  it('a deduction no credit note accounts for is spread in proportion, and still adds up', () => {
    const payable = invoice.total - 1_490;
    const asked = askedByRate(invoice.perRate, [], payable);
    expect(asked.reduce((s, r) => s + r.gross, 0)).toBe(payable);
    for (const amounts of ways(payable)) {
      const parts = receipts(asked, amounts);
      for (const r of asked) {
        expect(figures(parts, r.rate)).toEqual({ gross: r.gross, tax: r.tax });
      }
    }
  });

  it('an invoice without figures: the payment at the standard rate, tax included', () => {
    expect(paymentShare([], 0, 1_100).perRate).toEqual([
      { rate: 10, net: 1_000, tax: 100, gross: 1_100 },
    ]);
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
