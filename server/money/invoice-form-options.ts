import type { PaymentMethod } from '../../shared/enums';
import type { Db } from '../platform/db';

// What the office's money screens choose from: customers (the invoice form, the closing run),
// collectors (the invoice form, the invoice list's "assign collector") and routes (the Excel
// export). One query answers them all (`invoices.formOptions`), cached by the screens.

interface InvoiceFormOptions {
  customers: {
    _id: string;
    customerCode: string;
    restaurantName: string;
    // The closing run offers only monthly customers, each with its closing day.
    paymentMethod: PaymentMethod;
    closingDay: number | null;
  }[];
  collectors: { _id: string; username: string; name: string; role: string }[];
  routes: { _id: string; name: string }[];
}

/** Customers, collectors and routes to choose from (invoice form, closing, invoice list, export). */
export function invoiceFormOptions(db: Db): InvoiceFormOptions {
  return {
    customers: db.$client
      .prepare<[], InvoiceFormOptions['customers'][number]>(
        `SELECT id AS _id, customer_code AS customerCode, restaurant_name AS restaurantName,
                payment_method AS paymentMethod, closing_day AS closingDay
           FROM customer ORDER BY restaurant_name LIMIT 5000`,
      )
      .all(),
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
