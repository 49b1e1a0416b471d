import type { CreditableOut } from '../../../../../shared/schemas/billing';
import { trpc } from '../../../trpc';

// The lines of an issued invoice that a credit note may correct, with what each billed and
// what earlier credit notes already took back (`creditNotes.creditable`).

export type { CreditableOut };
export type CreditableLine = CreditableOut['lines'][number];

/** The invoice's creditable lines. */
export function useCreditableLines(invoiceId: string) {
  return trpc.creditNotes.creditable.useQuery({ invoiceId }, { retry: false, staleTime: 0 });
}

/** The most of a line a new credit note may take. */
export const creditableQuantity = (line: CreditableLine) =>
  Math.max(0, line.invoiced - line.credited);
