// The English text of what only a signed-in person sees (money: balances, invoices, payments;
// documents; the errors only a signed-in action can meet), added with the signed-in frame (client/src/shell/frameText.ts): the login screen's
// first download does without it (its target: 150 KB of JS+CSS, docs/performance.md).

import enErrDelivery from './en/errors/delivery.json';
import enErrDocument from './en/errors/document.json';
import enErrSettings from './en/errors/settings.json';
import enErrInvoice from './en/errors/invoice.json';
import enErrClaim from './en/errors/claim.json';
import enErrCreditNote from './en/errors/creditNote.json';
import enErrHandover from './en/errors/handover.json';
import enErrCategory from './en/errors/category.json';
import enErrCustomer from './en/errors/customer.json';
import enErrEmployee from './en/errors/employee.json';
import enErrImport from './en/errors/import.json';
import enErrInformation from './en/errors/information.json';
import enErrProduct from './en/errors/product.json';
import enErrRoute from './en/errors/route.json';
import enErrUpload from './en/errors/upload.json';
import enErrStanding from './en/errors/standing.json';
import enErrStock from './en/errors/stock.json';
import enErrPeople from './en/errors/people.json';
import enErrTerms from './en/errors/terms.json';
import enDocuments from './en/documents.json';
import enMoney from './en/money.json';

export const enFrame = {
  documents: enDocuments,
  money: enMoney,
  // A signed-in person's errors; the sign-in's own (auth, field, common) stay in en-core.ts.
  errors: {
    delivery: enErrDelivery,
    document: enErrDocument,
    settings: enErrSettings,
    invoice: enErrInvoice,
    claim: enErrClaim,
    creditNote: enErrCreditNote,
    handover: enErrHandover,
    category: enErrCategory,
    customer: enErrCustomer,
    employee: enErrEmployee,
    import: enErrImport,
    information: enErrInformation,
    product: enErrProduct,
    route: enErrRoute,
    upload: enErrUpload,
    standing: enErrStanding,
    stock: enErrStock,
    people: enErrPeople,
    terms: enErrTerms,
  },
};
