import type { DocumentModel } from '../schemas/documents';

// The statement's summary box, as a Japanese 合計請求書 heads it: 前回ご請求額, ご入金額,
// 繰越金額, 今回お買上額, 消費税額, 今回ご請求額. The accountant reads the period's purchases and
// their tax from it without adding up the rates below. The PDF and the print view draw the same
// cells, left to right, and they add up: carried over − returns + purchases (+ tax) = amount due.

export interface StatementBoxCell {
  /** A key of the documents namespace ('label.…'); its words may hold one line break. */
  label: string;
  amount: number;
  /** Taken off the sum (returns and discounts), printed as the document prints a deduction. */
  less?: boolean;
  /** The amount due: printed bold. */
  total?: boolean;
}

export function statementBoxCells(m: DocumentModel): StatementBoxCell[] {
  const s = m.statement;
  if (!s) return [];
  // Prices without tax: the purchases without tax, then their tax. Prices with tax: the
  // purchases as they were priced, and the tax in them, which is not added again.
  const purchases: StatementBoxCell[] =
    m.taxBasis === 'inclusive'
      ? [
          { label: 'label.boxPurchasesGross', amount: m.total },
          { label: 'label.boxTaxIncluded', amount: m.tax },
        ]
      : [
          { label: 'label.boxPurchasesNet', amount: m.net },
          { label: 'label.boxTax', amount: m.tax },
        ];
  return [
    { label: 'label.previousBalance', amount: s.previousBalance },
    { label: 'label.paymentsReceived', amount: s.paymentsReceived },
    // Bank transfer fees written off (ADR 069, 調整額（振込手数料）): no money received, yet
    // taken off with the payments, so previous − received − adjustments = carried over.
    ...(s.adjustments !== 0 ? [{ label: 'label.boxAdjustments', amount: s.adjustments }] : []),
    { label: 'label.carriedOver', amount: s.carriedOver },
    // Credit notes deducted this period (returns, approved claims): only when there were some.
    ...(m.creditApplied > 0
      ? [{ label: 'label.boxCreditApplied', amount: m.creditApplied, less: true }]
      : []),
    ...purchases,
    { label: 'label.boxAmountDue', amount: s.amountDue, total: true },
  ];
}
