import { describe, expect, it } from 'vitest';
import { proposeAllocation, spreadTransfer } from '../../shared/transfer-allocation';
import { foldName, matchTransfer, type PayerCandidate } from './transfer-match';

const customer = (
  id: string,
  names: (string | null)[],
  pendings: number[] = [],
): PayerCandidate => ({
  id,
  names,
  invoices: pendings.map((pending, k) => ({ id: `${id}-inv${k + 1}`, pending })),
});

describe('folding a payer name as the bank writes it', () => {
  it('compares half-width, small kana, voiced marks, spaces and company marks alike', () => {
    const sakura = foldName('サクラショクドウ');
    for (const written of [
      'ｶ)ｻｸﾗｼｮｸﾄﾞｳ',
      'ｻｸﾗ ｼﾖｸﾄﾞｳ',
      'サクラシヨクトウ(カ',
      '(ｶ)ｻｸﾗｼｮｸﾄﾞｳ',
      '振込 ｶ)ｻｸﾗｼｮｸﾄﾞｳ',
      'ﾌﾘｺﾐ ｻｸﾗｼｮｸﾄﾞｳ',
      'さくらしょくどう',
      '株式会社サクラショクドウ',
      'ｶﾌﾞｼｷｶﾞｲｼﾔ ｻｸﾗｼｮｸﾄﾞｳ',
    ]) {
      expect(foldName(written), written).toBe(sakura);
    }
    expect(foldName('ﾕ)ﾀﾅｶｼｮｳﾃﾝ')).toBe(foldName('タナカショウテン'));
    expect(foldName('ｶ)ｻｸﾗｼｮｸﾄﾞｳ')).not.toBe(foldName('ｻｸﾗｼｮｳﾃﾝ'));
  });
});

describe('proposing what a transfer pays', () => {
  it('pays the one invoice of that amount, else the oldest invoices that add up to it', () => {
    const invoices = [
      { id: 'a', pending: 10_000 },
      { id: 'b', pending: 20_000 },
      { id: 'c', pending: 5_000 },
    ];
    expect(proposeAllocation(20_000, invoices)).toEqual({
      payments: [{ invoiceId: 'b', amount: 20_000 }],
      fee: 0,
    });
    expect(proposeAllocation(35_000, invoices)).toEqual({
      payments: [
        { invoiceId: 'a', amount: 10_000 },
        { invoiceId: 'b', amount: 20_000 },
        { invoiceId: 'c', amount: 5_000 },
      ],
      fee: 0,
    });
    expect(proposeAllocation(25_000, invoices)).toBeNull();
  });

  it('writes off a rest of at most ¥1,000 as the bank fee, never more', () => {
    expect(proposeAllocation(45_890, [{ id: 'a', pending: 46_550 }])).toEqual({
      payments: [{ invoiceId: 'a', amount: 45_890 }],
      fee: 660,
    });
    expect(
      proposeAllocation(29_340, [
        { id: 'a', pending: 10_000 },
        { id: 'b', pending: 20_000 },
      ]),
    ).toEqual({
      payments: [
        { invoiceId: 'a', amount: 10_000 },
        { invoiceId: 'b', amount: 19_340 },
      ],
      fee: 660,
    });
    expect(proposeAllocation(45_549, [{ id: 'a', pending: 46_550 }])).toBeNull();
  });

  it('spreads the office’s choice oldest first and refuses more than is due', () => {
    const invoices = [
      { id: 'a', pending: 1_000 },
      { id: 'b', pending: 5_000 },
    ];
    expect(spreadTransfer(3_000, invoices)).toEqual({
      ok: true,
      allocation: {
        payments: [
          { invoiceId: 'a', amount: 1_000 },
          { invoiceId: 'b', amount: 2_000 },
        ],
        fee: 0,
      },
    });
    expect(spreadTransfer(7_000, invoices)).toEqual({ ok: false, code: 'bankImport.moreThanDue' });
    expect(spreadTransfer(1, [])).toEqual({ ok: false, code: 'bankImport.noInvoices' });
  });
});

describe('matching a transfer to a customer', () => {
  const sakura = customer('sakura', ['ｻｸﾗｼｮｸﾄﾞｳ', null, 'さくら食堂'], [46_550]);
  const tanaka = customer('tanaka', [null, 'タナカショウテン', '田中商店'], [12_000, 8_000]);
  const customers = [sakura, tanaka, customer('other', [null, null, 'Himalaya Kitchen'])];

  it('finds the customer by its transfer name and the invoice by the amount, with the fee', () => {
    expect(matchTransfer({ name: 'ｶ)ｻｸﾗｼｮｸﾄﾞｳ', amount: 45_890 }, customers)).toEqual({
      status: 'matched',
      customerId: 'sakura',
      candidates: ['sakura'],
      allocation: { payments: [{ invoiceId: 'sakura-inv1', amount: 45_890 }], fee: 660 },
    });
    // The billing name when there is no transfer name.
    expect(matchTransfer({ name: 'ﾕ)ﾀﾅｶｼﾖｳﾃﾝ', amount: 20_000 }, customers)).toMatchObject({
      status: 'matched',
      customerId: 'tanaka',
    });
    // A Latin name as banks write it.
    expect(matchTransfer({ name: 'HIMALAYA KITCHEN', amount: 1 }, customers)).toMatchObject({
      status: 'customerOnly',
      customerId: 'other',
    });
  });

  it('says customer only when the amount fits nothing, unknown when the name is no one', () => {
    expect(matchTransfer({ name: 'ｻｸﾗｼｮｸﾄﾞｳ', amount: 10_000 }, customers)).toEqual({
      status: 'customerOnly',
      customerId: 'sakura',
      candidates: ['sakura'],
      allocation: null,
    });
    expect(matchTransfer({ name: 'ﾔﾏﾀﾞ ﾀﾛｳ', amount: 12_000 }, customers)).toMatchObject({
      status: 'unknown',
      customerId: null,
      candidates: [],
    });
  });

  it('lets the amount decide between customers of the same name, else leaves it to the office', () => {
    const twins = [customer('one', ['ｽｽﾞｷ ｼｮｳﾃﾝ'], [5_000]), customer('two', ['ｽｽﾞｷｼｮｳﾃﾝ'], [7_000])];
    expect(matchTransfer({ name: 'ｽｽﾞｷｼｮｳﾃﾝ', amount: 7_000 }, twins)).toMatchObject({
      status: 'matched',
      customerId: 'two',
      candidates: ['one', 'two'],
    });
    expect(matchTransfer({ name: 'ｽｽﾞｷｼｮｳﾃﾝ', amount: 3_000 }, twins)).toMatchObject({
      status: 'unknown',
      customerId: null,
      candidates: ['one', 'two'],
    });
  });

  it('takes a name the bank cut short, but not a short name that would find many', () => {
    const long = [customer('long', ['ｻｸﾗｼｮｸﾄﾞｳ ｼﾝｼﾞｭｸﾃﾝ'], [1_000])];
    expect(matchTransfer({ name: 'ｻｸﾗｼｮｸﾄﾞｳ ｼﾝｼﾞ', amount: 1_000 }, long)).toMatchObject({
      status: 'matched',
      customerId: 'long',
    });
    expect(matchTransfer({ name: 'ｻｸﾗ', amount: 1_000 }, long)).toMatchObject({
      status: 'unknown',
    });
  });
});
