import { describe, expect, it } from 'vitest';
import { ne } from '../../../../shared/locales';

// Words a Nepali-reading owner must not confuse: an order waiting to be dispatched is not an
// amount still owed (the account's balance, "बाँकी").
describe('Nepali wording on the customer screens', () => {
  it('says Pending of an order differently from the balance of an account', () => {
    expect(ne.orders.pending).toBe('प्रक्रियामा');
    expect(ne.orders.pending).not.toBe(ne.documents.ui.balance);
    expect(ne.orders.pending).not.toContain('बाँकी');
  });
});
