import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimOut } from '../../../../../shared/schemas/billing';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { ClaimsScreen } from './ClaimsScreen';

// Approving a claim issues a credit note: the office is asked first, with what it credits; an
// approved claim's credit note opens its document. Rejecting is asked first too, with a reason.

// mantine-datatable shows a column while matchMedia('') matches (see ClosingScreen.test.tsx).
const stub = window.matchMedia;
beforeAll(() => {
  window.matchMedia = ((query: string) => ({
    ...stub(query),
    matches: query === '',
  })) as typeof window.matchMedia;
});
afterAll(() => {
  window.matchMedia = stub;
});

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

const claim: ClaimOut = {
  _id: 'g1',
  customerId: 'c1',
  restaurantName: 'Annapurna',
  orderId: 'o1',
  orderNumber: 101,
  orderLineId: 'l1',
  productName: 'Ghee 1L',
  nameNe: null,
  sku: 'tin',
  unitPrice: 1500,
  deliveredQuantity: 4,
  quantity: 2,
  reason: 'Leaking',
  photo: null,
  status: 'pending',
  decisionNote: null,
  decidedAt: null,
  creditNoteId: null,
  creditNoteNumber: null,
  createdAt: '2030-05-15T03:00:00.000Z',
};
const approved: ClaimOut = {
  ...claim,
  _id: 'g2',
  status: 'approved',
  creditNoteId: 'cn3',
  creditNoteNumber: 'CN-000003',
};

describe('the claims screen', () => {
  it('asks before approving, naming what the credit note credits', async () => {
    const { calls } = renderScreen(<ClaimsScreen />, {
      path: '/admin/claims',
      user: admin,
      answers: { 'claims.list': () => [claim], 'claims.decide': () => approved },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Approve(:|：| |$)/u }));
    // The list's value is before tax, as the question says: the credit note adds the tax.
    expect(screen.getByRole('columnheader', { name: 'Value (excl. tax)' })).toBeTruthy();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Annapurna: Ghee 1L × 2');
    expect(dialog.textContent).toContain('credit note for ¥3,000');
    expect(calls.filter((c) => c.path === 'claims.decide')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and issue credit note' }));
    await waitFor(() => expect(calls.filter((c) => c.path === 'claims.decide')).toHaveLength(1));
    const decide = calls.find((c) => c.path === 'claims.decide');
    expect(decide?.input).toEqual({ id: 'g1', approve: true });
    expect(typeof decide?.context.idempotencyKey).toBe('string');
  });

  it('asks before rejecting, and sends the reason the restaurant will read', async () => {
    const { calls } = renderScreen(<ClaimsScreen />, {
      path: '/admin/claims',
      user: admin,
      answers: {
        'claims.list': () => [claim],
        'claims.decide': () => ({ ...claim, status: 'rejected' }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reject: Annapurna, Ghee 1L' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Annapurna: Ghee 1L × 2');
    // Nothing is decided by the first click.
    expect(calls.filter((c) => c.path === 'claims.decide')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Not damaged in the photo' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject the claim' }));
    await waitFor(() => expect(calls.filter((c) => c.path === 'claims.decide')).toHaveLength(1));
    expect(calls.find((c) => c.path === 'claims.decide')?.input).toEqual({
      id: 'g1',
      approve: false,
      note: 'Not damaged in the photo',
    });
  });

  it("links an approved claim's credit note to its document", async () => {
    renderScreen(<ClaimsScreen />, {
      path: '/admin/claims',
      user: admin,
      answers: { 'claims.list': () => [approved] },
    });
    const link = await screen.findByRole('link', { name: 'Credit note CN-000003' });
    expect(link.textContent).toBe('CN-000003');
    expect(link.getAttribute('href')).toBe('/admin/print/creditNote/cn3');
  });

  it('opens the question on its answer, names each row, and moves on to the next claim', async () => {
    const second: ClaimOut = {
      ...claim,
      _id: 'g3',
      restaurantName: 'Everest',
      productName: 'Rice',
    };
    let pending = [claim, second];
    renderScreen(<ClaimsScreen />, {
      path: '/admin/claims',
      user: admin,
      answers: {
        'claims.list': () => pending,
        'claims.decide': () => {
          pending = [second];
          return approved;
        },
      },
    });
    const approve = await screen.findByRole('button', { name: 'Approve: Annapurna, Ghee 1L' });
    expect(screen.getByRole('button', { name: 'Reject: Everest, Rice' })).toBeTruthy();
    // The table's 'nothing to show' is not read under rows.
    expect(screen.queryByText('Nothing to show')).toBeNull();
    fireEvent.click(approve);
    const dialog = await screen.findByRole('dialog');
    const issue = within(dialog).getByRole('button', { name: 'Approve and issue credit note' });
    await waitFor(() => expect(document.activeElement).toBe(issue));
    fireEvent.click(issue);
    const next = await screen.findByRole('button', { name: 'Approve: Everest, Rice' });
    await waitFor(() => expect(document.activeElement).toBe(next));
  });
});
