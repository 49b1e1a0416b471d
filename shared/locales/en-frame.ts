// The English text of what only a signed-in person sees: the customer's screens (catalogue,
// cart, orders, usual orders, terms), money (balances, invoices, payments), documents, and the
// errors only a signed-in action can meet. It is added with the signed-in frame
// (client/src/shell/frameText.ts), which every area's screens render inside, so the login
// screen's first download does without it (its target: 150 KB of JS+CSS, docs/performance.md).

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
import enErrBankImport from './en/errors/bankImport.json';
import enErrInformation from './en/errors/information.json';
import enErrProduct from './en/errors/product.json';
import enErrRoute from './en/errors/route.json';
import enErrUpload from './en/errors/upload.json';
import enErrStanding from './en/errors/standing.json';
import enErrStock from './en/errors/stock.json';
import enErrPeople from './en/errors/people.json';
import enErrTerms from './en/errors/terms.json';
import enBuyer from './en/buyer.json';
import enCart from './en/cart.json';
import enCatalogue from './en/catalogue.json';
import enHome from './en/home.json';
import enOrders from './en/orders.json';
import enPlaced from './en/placed.json';
import enProduct from './en/product.json';
import enPromo from './en/promo.json';
import enTable from './en/table.json';
import enWeekday from './en/weekday.json';
import enStanding from './en/standing.json';
import enPeople from './en/people.json';
import enTerms from './en/terms.json';
import enDocuments from './en/documents.json';
import enMoney from './en/money.json';
import enDates from './en/dates.json';

export const enFrame = {
  buyer: enBuyer,
  cart: enCart,
  catalogue: enCatalogue,
  home: enHome,
  orders: enOrders,
  placed: enPlaced,
  product: enProduct,
  promo: enPromo,
  table: enTable,
  weekday: enWeekday,
  standing: enStanding,
  people: enPeople,
  terms: enTerms,
  documents: enDocuments,
  money: enMoney,
  dates: enDates,
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
    bankImport: enErrBankImport,
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
