import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showDataTableColumns } from '../../../../test/dataTable';
import { makeInvoice, makeUser } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/renderScreen';
import { InvoiceCard } from '../../money/InvoiceCard';
import { EmployeesScreen } from '../staff/EmployeesScreen';
import { CustomersScreen } from './CustomersScreen';

// A dialog opened from a button and closed with Escape gives the keyboard's focus back to that
// button, not to <body> (a keyboard user would start again from the top of the page). These
// dialogs are mounted open and unmounted on close, where Mantine's returnFocus cannot help.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });
showDataTableColumns();

const none = { customers: [], total: 0, pages: 1, page: 1 };
const route = { _id: 'r1', name: 'North', customerCount: 0 };

/** Focuses the button and clicks it, as a browser does; then Escape in the dialog. */
async function openAndEscape(button: HTMLElement, dialogName: string) {
  button.focus();
  fireEvent.click(button);
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog', { name: dialogName })).toBeNull());
}

describe('closing a dialog with Escape', () => {
  it('gives the focus back to “Add Customer”', async () => {
    renderScreen(<CustomersScreen view="all" />, {
      path: '/admin/customer',
      user: admin,
      answers: { 'customers.list': () => none, 'routes.list': () => [route] },
    });
    const add = (await screen.findAllByRole('button', { name: 'Add Customer' }))[0];
    if (!add) throw new Error('no Add Customer');
    await openAndEscape(add, 'Customer Form');
    await waitFor(() => expect(document.activeElement).toBe(add));
  });

  it('gives the focus back to “Add Employee”', async () => {
    renderScreen(<EmployeesScreen />, {
      path: '/admin/employee',
      user: admin,
      answers: { 'employees.list': () => [] },
    });
    const add = (await screen.findAllByRole('button', { name: 'Add Employee' }))[0];
    if (!add) throw new Error('no Add Employee');
    await openAndEscape(add, 'Add Employee');
    await waitFor(() => expect(document.activeElement).toBe(add));
  });

  it('gives the focus back to an employee’s “Reset password”', async () => {
    renderScreen(<EmployeesScreen />, {
      path: '/admin/employee',
      user: admin,
      answers: {
        'employees.list': () => [
          {
            _id: 'd1',
            name: 'Ram',
            username: 'ram',
            phoneNumber: '9012345678',
            photo: null,
            role: 'driver',
          },
        ],
      },
    });
    const reset = await screen.findByRole('button', { name: 'Reset password of Ram' });
    await openAndEscape(reset, 'New password for Ram');
    await waitFor(() => expect(document.activeElement).toBe(reset));
  });

  it('gives the focus back to an invoice card’s “Note”', async () => {
    renderScreen(<InvoiceCard invoice={makeInvoice()} staff onChanged={() => {}} />, {
      path: '/admin/invoice',
      user: admin,
      answers: { 'invoices.history': () => [] },
    });
    const note = screen.getByRole('button', { name: /^Note(:|：| |$)/u });
    note.focus();
    fireEvent.click(note);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(note));
  });
});
