import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { InvoiceOut } from '../../../../../shared/schemas/invoices';
import { makeInvoice, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { DriverPaymentsScreen } from './DriverPaymentsScreen';

// The driver's collections filter the invoices the phone holds as the server's invoice lists
// read a search (ADR 113): a number or code without its zeros or typed full-width, a
// restaurant's name typed full-width or in kana.

const driver = makeUser({ _id: 'd1', role: 'driver', userType: 'Employee', customerId: null });

function invoice(n: number, code: string, restaurantName: string): InvoiceOut {
  const base = makeInvoice();
  return makeInvoice({
    _id: `inv${n}`,
    number: `INV-${String(n).padStart(6, '0')}`,
    customer: {
      ...(base.customer as NonNullable<InvoiceOut['customer']>),
      _id: `c${n}`,
      customerCode: code,
      restaurantName,
    },
  });
}

const INVOICES = [
  invoice(79, 'C007', 'Namaste Curry House'),
  invoice(80, 'C012', 'サクラ食堂'),
  invoice(81, 'C020', 'Everest Kitchen'),
];

afterEach(() => localStorage.clear());

describe("the driver's collections search", () => {
  it('finds an invoice by its number or code as typed short or full-width, and a name in kana', async () => {
    renderScreen(<DriverPaymentsScreen />, {
      path: '/driver/payments',
      user: driver,
      answers: {
        'invoices.mine': () => ({ invoices: INVOICES, totalDues: 3 * 47196 }),
        'ordertrack.driverRoute': () => ({ date: '2026-11-29', stops: [] }),
      },
    });
    const search = await screen.findByLabelText('Search all invoices: restaurant, code or number');
    const typed = (value: string) => {
      fireEvent.change(search, { target: { value } });
      return screen
        .queryAllByTestId('invoice-card')
        .map((c) => within(c).getByText(/^INV-/).textContent);
    };
    expect(typed('inv79')).toEqual(['INV-000079']);
    expect(typed('ＩＮＶ－７９')).toEqual(['INV-000079']);
    expect(typed('INV-000080')).toEqual(['INV-000080']);
    expect(typed('c7')).toEqual(['INV-000079']);
    expect(typed('Ｃ０２０')).toEqual(['INV-000081']);
    expect(typed('ＮＡＭＡＳＴＥ')).toEqual(['INV-000079']);
    expect(typed('さくら')).toEqual(['INV-000080']);
    expect(typed('%')).toEqual([]);
  });
});
