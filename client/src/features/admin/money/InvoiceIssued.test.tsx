import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryEntryOut, InvoiceOut } from '../../../../../shared/schemas/invoices';
import i18n from '../../../i18n';
import { typeDate } from '../../../test/datePicker';
import { makeInvoice, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { InvoiceCard } from './InvoiceCard';
import { InvoiceForm } from './InvoiceForm';

// An issued invoice as the office sees it: no Delete once it has a number (it is cancelled),
// its form locks the customer and the amount with the reason, and its history reads as words,
// never as audit keys or ids.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });
}

afterEach(() => i18n.changeLanguage('en'));

const base = makeInvoice();

const ISSUE: HistoryEntryOut = {
  _id: 'h1',
  entity: 'invoice',
  entityId: 'inv1',
  action: 'create',
  actorName: 'hana',
  before: null,
  after: {
    kind: 'delivery',
    number: 'INV-000318',
    customerId: '5fc0a1b2c3d4',
    amount: 47196,
    net8: 43700,
    tax8: 3496,
    net10: 0,
    tax10: 0,
    creditApplied: 0,
    creditNotes: [],
    orders: 1,
    issueDate: '2030-05-15',
    dueDate: '2030-05-15',
    assignToCollect: '9b3a77e1f0aa',
  },
  createdAt: '2030-05-15T03:00:00.000Z',
};
const EDIT: HistoryEntryOut = {
  _id: 'h2',
  entity: 'invoice',
  entityId: 'inv1',
  action: 'update',
  actorName: 'hana',
  before: {
    customerId: '5fc0a1b2c3d4',
    amount: 47196,
    dueDate: '2030-05-15',
    note: '',
    assignToCollect: null,
  },
  after: {
    customerId: '5fc0a1b2c3d4',
    amount: 47196,
    dueDate: '2030-05-31',
    note: '',
    assignToCollect: '9b3a77e1f0aa',
  },
  createdAt: '2030-05-16T03:00:00.000Z',
};

function renderCard(invoice: InvoiceOut, history: HistoryEntryOut[] = []) {
  return renderScreen(
    <InvoiceCard invoice={invoice} staff onChanged={() => {}} onEdit={() => {}} />,
    {
      path: '/admin/invoice',
      user: admin,
      answers: {
        'invoices.history': () => history,
        'documents.mails': () => ({ configured: true, mails: [] }),
      },
    },
  );
}

describe('deleting an invoice', () => {
  it('is not offered once the invoice has a number, hand-made ones included; Cancel is', () => {
    const { unmount } = renderCard({ ...base, kind: 'manual' });
    expect(screen.queryByRole('button', { name: /^Delete(:|：| |$)/u })).toBeNull();
    expect(screen.getByRole('button', { name: /^Cancel invoice(:|：| |$)/u })).toBeTruthy();
    unmount();
    renderCard(base);
    expect(screen.queryByRole('button', { name: /^Delete(:|：| |$)/u })).toBeNull();
  });

  it('is offered for a hand-made invoice without a number', () => {
    renderCard({ ...base, kind: 'manual', number: null });
    expect(screen.getByRole('button', { name: /^Delete(:|：| |$)/u })).toBeTruthy();
  });
});

describe("an invoice's history", () => {
  it('shows labels and values in the reader’s language, the tax per rate, and no keys or ids', async () => {
    renderCard(base, [ISSUE, EDIT]);
    fireEvent.click(screen.getByRole('button', { name: /^Details(:|：| |$)/u }));
    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(2));
    const [issue, edit] = screen.getAllByTestId('history-entry').map((e) => e.textContent ?? '');
    expect(issue).toContain('invoice from a delivery');
    expect(issue).toContain('No. INV-000318');
    expect(issue).toContain('Amount ¥47,196');
    expect(issue).toContain('8% taxable ¥43,700 / tax ¥3,496');
    expect(issue).not.toContain('10% taxable');
    expect(edit).toContain('Due 15 May 2030 → 31 May 2030');
    expect(edit).toContain('collector changed');
    expect(edit).not.toContain('Amount');
    for (const text of [issue, edit]) {
      for (const raw of ['customerId', 'assignToCollect', 'net8', 'kind:', '5fc0', '9b3a']) {
        expect(text).not.toContain(raw);
      }
    }
  });

  it('reads in Japanese', async () => {
    await i18n.changeLanguage('ja');
    renderCard(base, [ISSUE]);
    fireEvent.click(screen.getByRole('button', { name: /^詳細(:|：| |$)/u }));
    const entry = await screen.findByTestId('history-entry');
    expect(entry.textContent).toContain('8%対象 ¥43,700 / 消費税 ¥3,496');
    expect(entry.textContent).toContain('番号 INV-000318');
  });
});

describe('editing an issued invoice', () => {
  it('locks the customer and the amount and says why; the due date still changes', async () => {
    const { calls } = renderScreen(
      <InvoiceForm invoice={base} onClose={() => {}} onSaved={() => {}} />,
      {
        path: '/admin/invoice',
        user: admin,
        answers: {
          'invoices.formOptions': () => ({ collectors: [], routes: [] }),
          'customers.pick': () => ({ customers: [], more: false }),
          'invoices.update': () => base,
        },
      },
    );
    expect(screen.getByTestId('invoice-locked').textContent).toContain(
      'cancel it with a reason or issue a credit note',
    );
    const customer = screen.getByLabelText(/Customer/, { selector: 'input' }) as HTMLInputElement;
    expect(customer.disabled).toBe(true);
    // Its customer by name, as the invoice says it (not read again, not searched for).
    await waitFor(() => expect(customer.value).toBe('Annapurna'));
    expect(calls.some((c) => c.path === 'customers.byId')).toBe(false);
    expect((screen.getByLabelText(/Amount/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByLabelText(/Consumption tax in the amount/)).toBeNull();
    // Typed as the app writes dates (the calendar comes with the field, after the form).
    typeDate(await screen.findByLabelText('Due date'), '31 May 2030');
    fireEvent.click(screen.getByRole('button', { name: 'Update Invoice' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'invoices.update')).toBe(true));
    const update = calls.find((c) => c.path === 'invoices.update');
    expect(update?.input).toMatchObject({
      id: 'inv1',
      customer: 'c1',
      amount: 47196,
      dueDate: '2030-05-31',
    });
    expect(update?.input).not.toHaveProperty('taxRate');
  });

  it('locks a numbered hand-made invoice too, and leaves one from before numbering open', () => {
    const { unmount } = renderScreen(
      <InvoiceForm
        invoice={{ ...base, kind: 'manual', taxRate: 8 }}
        onClose={() => {}}
        onSaved={() => {}}
      />,
      { path: '/admin/invoice', user: admin, answers: {} },
    );
    expect(screen.getByTestId('invoice-locked')).toBeTruthy();
    expect((screen.getByLabelText(/Amount/) as HTMLInputElement).disabled).toBe(true);
    unmount();
    renderScreen(
      <InvoiceForm
        invoice={{ ...base, kind: 'manual', taxRate: 8, number: null }}
        onClose={() => {}}
        onSaved={() => {}}
      />,
      { path: '/admin/invoice', user: admin, answers: {} },
    );
    expect(screen.queryByTestId('invoice-locked')).toBeNull();
    const amount = screen.getByLabelText(/Amount/) as HTMLInputElement;
    expect(amount.disabled).toBe(false);
    // Full-width digits from a Japanese IME are the amount, not an emptied field.
    fireEvent.change(amount, { target: { value: '４７１９６' } });
    expect(amount.value).toBe('¥47,196');
  });
});
