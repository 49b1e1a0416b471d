import { describe, expect, it } from 'vitest';
import { en, ja, ne } from '../../../../../../shared/locales';

// Two figures, two words (DESIGN §6 "Overdue and credit hold"): what is past its due date at
// all (the customer's page, the invoice list's state, the day's money, the restaurant's own
// Account and statement, the invoice's "past due" badge) and what is more than two months late (the flag, the aging list, the
// credit hold, the driver's card). A clerk who reads one word on two screens reads one figure.

const words = {
  en: { pastDue: /past due/i, late: /overdue/i },
  ja: { pastDue: /期限切れ/, late: /延滞/ },
  ne: { pastDue: /म्याद नाघे(को|का)/, late: /बक्यौता/ },
};

const languages = { en, ja, ne };

describe.each(Object.entries(languages))('in %s', (lang, r) => {
  const { pastDue, late } = words[lang as keyof typeof words];
  // The plural that a language has ("_other" is in all three).
  const invoices = (r.reports.dashboard as Record<string, string>).overdueInvoices_other ?? '';

  it('what is past its due date is called past due, never by the two-months word', () => {
    for (const text of [
      r.documents.ui.overdue,
      r.documents.ui.unpaidOverdue,
      r.documents.label.overduePart,
      r.documents.label.overduePartRange,
      r.lists.invoiceState.pastDue,
      r.money.pastDueFlag,
      r.reports.dashboard.overdue,
      invoices,
    ]) {
      expect(text).toMatch(pastDue);
      expect(text).not.toMatch(late);
    }
  });

  it('what is more than two months late is called by its own word, never past due', () => {
    for (const text of [
      r.money.overdueFlag,
      r.lists.invoiceState.overdue,
      r.money.overdueCustomers,
      r.money.noOverdue,
      r.money.collectBeforeUnloading,
    ]) {
      expect(text).toMatch(late);
      expect(text).not.toMatch(pastDue);
    }
  });

  it('all that is owed is called neither', () => {
    for (const text of [r.money.totalDues, r.office.customers.dues, r.lists.cols.dues]) {
      expect(text).not.toMatch(late);
      expect(text).not.toMatch(pastDue);
    }
  });
});
