import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClaimOut } from '../../../../../shared/schemas/billing';
import { showDataTableColumns } from '../../../test/dataTable';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { ClaimsScreen } from './ClaimsScreen';

// Approving a claim issues a credit note: the office is asked first, with what it credits; an
// approved claim's credit note opens its document. Rejecting is asked first too, with a reason.

showDataTableColumns();

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
    // One number on one line: at 1280 px the status column broke it after CN-.
    expect(link.style.whiteSpace).toBe('nowrap');
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

  it('credits fewer than claimed: the field starts at the claimed quantity, with its unit', async () => {
    const { calls } = renderScreen(<ClaimsScreen />, {
      path: '/admin/claims',
      user: admin,
      answers: {
        'claims.list': () => [{ ...claim, sku: 'Kg', quantity: 8, deliveredQuantity: 8 }],
        'claims.decide': () => approved,
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve: Annapurna, Ghee 1L' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: 'Quantity to credit' });
    expect((field as HTMLInputElement).value).toBe('8');
    expect(dialog.textContent).toContain('Claimed: 8 Kg');
    expect(dialog.textContent).toContain('credit note for ¥12,000');
    fireEvent.change(field, { target: { value: '6' } });
    // What the credit note credits follows the field.
    expect(dialog.textContent).toContain('Ghee 1L × 6');
    expect(dialog.textContent).toContain('credit note for ¥9,000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and issue credit note' }));
    await waitFor(() => expect(calls.filter((c) => c.path === 'claims.decide')).toHaveLength(1));
    expect(calls.find((c) => c.path === 'claims.decide')?.input).toEqual({
      id: 'g1',
      approve: true,
      quantity: 6,
    });
  });

  it('says why a quantity to credit cannot be sent, keeps it, and sends nothing', async () => {
    const { calls } = renderScreen(<ClaimsScreen />, {
      path: '/admin/claims',
      user: admin,
      answers: { 'claims.list': () => [{ ...claim, sku: 'Kg', quantity: 8 }] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve: Annapurna, Ghee 1L' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: 'Quantity to credit' });
    const issue = within(dialog).getByRole('button', { name: 'Approve and issue credit note' });
    for (const [typed, said] of [
      ['9', 'At most 8 Kg: what the restaurant claimed.'],
      ['0', 'Type 1 or more (to credit nothing, reject the claim).'],
      ['-2', 'Type 1 or more (to credit nothing, reject the claim).'],
      ['2.5', 'Type a whole number, such as 1 or 2.'],
      ['six', 'Type a whole number, such as 1 or 2.'],
      ['', 'Type how many to credit.'],
    ] as const) {
      fireEvent.change(field, { target: { value: typed } });
      expect((field as HTMLInputElement).value).toBe(typed);
      expect(within(dialog).getByText(said)).toBeTruthy();
      expect((issue as HTMLButtonElement).disabled).toBe(true);
    }
    fireEvent.click(issue);
    expect(calls.filter((c) => c.path === 'claims.decide')).toHaveLength(0);
  });

  it('takes a quantity to credit typed in full-width digits (a Japanese IME)', async () => {
    const { calls } = renderScreen(<ClaimsScreen />, {
      path: '/admin/claims',
      user: admin,
      answers: {
        'claims.list': () => [{ ...claim, sku: 'Kg', quantity: 8 }],
        'claims.decide': () => approved,
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve: Annapurna, Ghee 1L' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: 'Quantity to credit' });
    fireEvent.change(field, { target: { value: '５' } });
    expect((field as HTMLInputElement).value).toBe('5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and issue credit note' }));
    await waitFor(() => expect(calls.filter((c) => c.path === 'claims.decide')).toHaveLength(1));
    expect(calls.find((c) => c.path === 'claims.decide')?.input).toMatchObject({ quantity: 5 });
  });

  it('lists a claim approved for fewer at what its credit note credits', async () => {
    renderScreen(<ClaimsScreen />, {
      path: '/admin/claims',
      user: admin,
      answers: {
        'claims.list': () => [
          { ...approved, sku: 'Kg', quantity: 8, deliveredQuantity: 8, creditedQuantity: 6 },
        ],
      },
    });
    expect(await screen.findByText('Ghee 1L (8/8 Kg) · 6 of 8 Kg credited')).toBeTruthy();
    expect(screen.getByText('¥9,000')).toBeTruthy();
    expect(screen.queryByText('¥12,000')).toBeNull();
  });
});
