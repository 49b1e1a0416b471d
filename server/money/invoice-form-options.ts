import type { Db } from '../platform/db';

// What the office's money screens choose from: collectors (the invoice form, the invoice list's
// "assign collector") and routes (the Excel export). One query answers both
// (`invoices.formOptions`), cached by the screens. Not the customers: the invoice form and the
// closing run search them on the server as the office types (`customers.pick`, ADR 094).

interface InvoiceFormOptions {
  collectors: { _id: string; username: string; name: string; role: string }[];
  routes: { _id: string; name: string }[];
}

/** Collectors and routes to choose from (invoice form, invoice list, export). */
export function invoiceFormOptions(db: Db): InvoiceFormOptions {
  return {
    collectors: db.$client
      .prepare<[], InvoiceFormOptions['collectors'][number]>(
        `SELECT id AS _id, username, name, role FROM account WHERE kind = 'employee'
          ORDER BY role, username`,
      )
      .all(),
    routes: db.$client
      .prepare<[], InvoiceFormOptions['routes'][number]>(
        'SELECT id AS _id, name FROM route ORDER BY name',
      )
      .all(),
  };
}
