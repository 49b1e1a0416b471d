import { formatYen } from './format';
import type { LedgerRow } from './schemas/ledger';

// A ledger row's description (摘要), the same words on the screen and in the Excel file: the
// client passes i18next's `t`, the server a lookup in the reader's language tree.

/** Looks up `ledger.desc.<key>` with its parameters filled in. */
export type LedgerWords = (key: string, params?: Record<string, string>) => string;

/**
 * `date` writes a closing's period: the screen passes its own date format so the period reads as
 * the date column beside it does (2026/09/01 in Japanese, not 2026-09-01); the Excel file keeps
 * the ISO dates its date cells show.
 */
export function ledgerDescription(
  row: LedgerRow,
  words: LedgerWords,
  date: (iso: string) => string = (iso) => iso,
): string {
  const number = row.invoiceNumber ?? words('noNumber');
  const parts: string[] = [];
  switch (row.kind) {
    case 'invoice':
      parts.push(
        row.invoiceKind === 'closing'
          ? words('closing', {
              start: row.periodStart ? date(row.periodStart) : '',
              end: row.periodEnd ? date(row.periodEnd) : '',
            })
          : words(row.invoiceKind),
      );
      if (row.replaces) parts.push(words('replaces', { number: row.replaces }));
      if (row.creditApplied > 0) {
        const amount = formatYen(row.creditApplied);
        parts.push(
          row.creditNotes.length > 0
            ? words('creditNotes', { numbers: row.creditNotes.join(', '), amount })
            : words('creditApplied', { amount }),
        );
      }
      break;
    case 'cancellation':
      parts.push(words('cancellation', { number }));
      if (row.replacedBy) parts.push(words('replacedBy', { number: row.replacedBy }));
      break;
    case 'payment':
      parts.push(
        row.collectedBy
          ? words(row.byDriver ? 'paymentDriver' : 'paymentBy', { number, name: row.collectedBy })
          : words('payment', { number }),
      );
      break;
    case 'bank_fee':
      parts.push(words('bankFee', { number }));
      break;
  }
  return parts.join(' / ');
}
