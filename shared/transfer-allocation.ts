import { BANK_FEE_WRITE_OFF_MAX } from './rules';

// How one bank transfer settles a customer's open invoices (入金消込, ADR 085): the server
// proposes with it when it reads a bank statement, and the review screen proposes with it again
// when the office picks another customer, so both say the same.

/** An open invoice as the allocation sees it: what is still due on it. */
export interface OpenInvoice {
  id: string;
  pending: number;
}

export interface Allocation {
  /** The money paid on each invoice, oldest first; every amount more than 0. */
  payments: { invoiceId: string; amount: number }[];
  /** The rest of the last invoice written off as the bank's transfer fee (ADR 069), or 0. */
  fee: number;
}

/**
 * The invoices a transfer of `amount` pays exactly, or short by at most the bank fee limit:
 * one open invoice with that amount due (the oldest such), else the customer's oldest invoices
 * taken together. Exact before short; null when nothing fits (the office picks).
 * `invoices` come oldest first.
 */
export function proposeAllocation(amount: number, invoices: OpenInvoice[]): Allocation | null {
  if (amount <= 0) return null;
  const single = invoices.find((i) => i.pending === amount);
  if (single) return { payments: [{ invoiceId: single.id, amount }], fee: 0 };
  const prefix = prefixFitting(amount, invoices, 0);
  if (prefix) return prefix;
  const short = invoices.find(
    (i) => i.pending > amount && i.pending - amount <= BANK_FEE_WRITE_OFF_MAX,
  );
  if (short) return { payments: [{ invoiceId: short.id, amount }], fee: short.pending - amount };
  return prefixFitting(amount, invoices, BANK_FEE_WRITE_OFF_MAX);
}

/** The oldest k invoices whose total is `amount`, or more by at most `slack` (the fee). */
function prefixFitting(amount: number, invoices: OpenInvoice[], slack: number): Allocation | null {
  let total = 0;
  for (let k = 0; k < invoices.length; k++) {
    total += (invoices[k] as OpenInvoice).pending;
    if (total < amount) continue;
    if (total - amount > slack) return null;
    const spread = spreadTransfer(amount, invoices.slice(0, k + 1));
    return spread.ok && spread.allocation.fee === total - amount ? spread.allocation : null;
  }
  return null;
}

export type Spread =
  | { ok: true; allocation: Allocation }
  | { ok: false; code: 'bankImport.moreThanDue' | 'bankImport.noInvoices' };

/**
 * A transfer spread over the invoices the office chose, oldest first: each paid in full while
 * the money lasts, the last one partly. What it leaves unpaid on the last invoice paid is
 * written off as the fee when it is at most the limit and no later invoice was chosen; more is
 * left due. More money than the invoices ask is refused (an invoice is never overpaid).
 */
export function spreadTransfer(amount: number, invoices: OpenInvoice[]): Spread {
  if (invoices.length === 0) return { ok: false, code: 'bankImport.noInvoices' };
  const due = invoices.reduce((s, i) => s + i.pending, 0);
  if (amount > due) return { ok: false, code: 'bankImport.moreThanDue' };
  const payments: Allocation['payments'] = [];
  let left = amount;
  for (const inv of invoices) {
    if (left <= 0) break;
    const paid = Math.min(left, inv.pending);
    payments.push({ invoiceId: inv.id, amount: paid });
    left -= paid;
  }
  const last = invoices[invoices.length - 1] as OpenInvoice;
  const lastPaid = payments[payments.length - 1];
  const rest = due - amount;
  const fee =
    rest > 0 && rest <= BANK_FEE_WRITE_OFF_MAX && lastPaid?.invoiceId === last.id ? rest : 0;
  return { ok: true, allocation: { payments, fee } };
}
