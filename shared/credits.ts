// Which of a customer's pending credit notes an invoice deducts (ADR 033). Shared because the
// driver's phone shows the cash to collect before the delivery makes the invoice.

/**
 * The credit notes deducted on an invoice of `gross`: oldest first, each whole, as long as the
 * invoice stays above zero (a credit note that does not fit waits for the next invoice).
 */
export function creditsFitting(
  credits: readonly { id: string; total: number }[],
  gross: number,
): { ids: string[]; applied: number } {
  const ids: string[] = [];
  let applied = 0;
  for (const c of credits) {
    if (applied + c.total >= gross) continue;
    ids.push(c.id);
    applied += c.total;
  }
  return { ids, applied };
}

export interface PendingCredit {
  id: string;
  number: string;
  total: number;
}

/**
 * A customer's pending credit notes spread over its cash deliveries in the order they are made:
 * each delivery's invoice deducts what fits (`creditsFitting`), the next gets what is left. For
 * each delivery: the credit notes still pending when it is delivered, and what it deducts.
 */
export function creditsInTurn<C extends { id: string; total: number }>(
  totals: readonly number[],
  credits: readonly C[],
): { available: C[]; applied: number }[] {
  let left = [...credits];
  return totals.map((gross) => {
    const available = left;
    const fit = creditsFitting(available, gross);
    left = available.filter((c) => !fit.ids.includes(c.id));
    return { available, applied: fit.applied };
  });
}
