import { sql } from 'drizzle-orm';
import { category, customer, product, route } from '../../drizzle/schema';
import { type CsvRecord, headerKey, parseCsv } from '../../shared/csv';
import { WEEKDAYS } from '../../shared/enums';
import {
  customerFields,
  type ImportFileError,
  type ImportOut,
  productInput,
} from '../../shared/schemas/office';
import { insertProduct, rowValues, updateProductRow } from '../catalogue/products';
import { insertCustomer } from '../customers/customers';
import type { Actor } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { type ErrorCode, type ErrorParams, zodIssues } from '../platform/errors';

// CSV import of products and customers, for a wholesaler moving off a spreadsheet. Every row
// is checked with the same schema as the forms; the preview lists each row's problems, and
// nothing is written unless every row is valid (then all rows in one write()). A product row
// whose name is already a product's updates that product (the spec gives products no code:
// its `sku` is the unit), so importing the same file twice changes nothing the second time.
// Numbers are taken as written (plain digits, no spaces), and NUL characters and broken
// UTF-16 (lone surrogates) are refused in every field (docs/decisions/024).

export const MAX_IMPORT_ROWS = 5000;

/** A problem with the whole file: its code and parameters, said by the client in its language. */
export function fileError(code: ErrorCode, params?: ErrorParams): ImportFileError {
  return params ? { code, params } : { code };
}

/** The file's text as records, or the problem that stops its import before any row. */
export function readCsvFile(
  csv: string,
): { ok: true; header: CsvRecord; records: CsvRecord[] } | { ok: false; error: ImportFileError } {
  const parsed = parseCsv(csv);
  if (!parsed.ok) {
    return { ok: false, error: fileError('import.unclosedQuote', { line: parsed.line }) };
  }
  const [header, ...records] = parsed.records;
  if (!header || records.length === 0) return { ok: false, error: fileError('import.empty') };
  if (records.length > MAX_IMPORT_ROWS) {
    return { ok: false, error: fileError('import.tooManyRows', { max: MAX_IMPORT_ROWS }) };
  }
  return { ok: true, header, records };
}

interface Column {
  /** The field of the form's schema. */
  field: string;
  /**
   * Header names that mean this column (compared loosely); the first is the one the import
   * screen lists (client ImportModal) and a missing column is named by.
   */
  names: string[];
  required: boolean;
}

const PRODUCT_COLUMNS: Column[] = [
  { field: 'name', names: ['name'], required: true },
  { field: 'nameNe', names: ['nameNe', 'nepali name'], required: false },
  { field: 'category', names: ['category'], required: true },
  { field: 'price', names: ['price'], required: true },
  { field: 'description', names: ['description'], required: true },
  { field: 'descriptionNe', names: ['descriptionNe', 'nepali description'], required: false },
  { field: 'sku', names: ['unit', 'sku'], required: true },
  { field: 'productRank', names: ['productRank', 'rank'], required: false },
  { field: 'itemType', names: ['itemType', 'type'], required: false },
  { field: 'itemCount', names: ['itemCount'], required: false },
  { field: 'showDescription', names: ['showDescription'], required: false },
  { field: 'stockInCount', names: ['stockInCount', 'stock'], required: false },
  { field: 'taxRate', names: ['taxRate', 'tax rate', 'tax'], required: false },
  { field: 'minQuantity', names: ['minQuantity', 'minimum'], required: false },
  { field: 'lot', names: ['lot', 'case'], required: false },
];

const CUSTOMER_COLUMNS: Column[] = [
  { field: 'customerCode', names: ['customerCode', 'code'], required: true },
  { field: 'restaurantName', names: ['restaurantName', 'restaurant'], required: true },
  { field: 'phoneNumber', names: ['phoneNumber', 'phone'], required: true },
  { field: 'paymentMethod', names: ['paymentMethod', 'payment'], required: true },
  { field: 'paymentDate', names: ['paymentDate', 'payment day'], required: false },
  { field: 'deliveryDays', names: ['deliveryDays', 'delivery days'], required: false },
  { field: 'route', names: ['route'], required: true },
  { field: 'contactPerson', names: ['contactPerson', 'contact'], required: false },
  { field: 'mobileNumber', names: ['mobileNumber', 'mobile'], required: false },
  { field: 'badDebt', names: ['badDebt', 'bad debt'], required: false },
  { field: 'webOrder', names: ['webOrder', 'web order'], required: false },
  { field: 'billingName', names: ['billingName', 'billing name'], required: false },
  { field: 'billingAddress', names: ['billingAddress', 'billing address'], required: false },
  { field: 'email', names: ['email', 'e-mail'], required: false },
  { field: 'closingDay', names: ['closingDay', 'closing day'], required: false },
  { field: 'documentLanguage', names: ['documentLanguage', 'document language'], required: false },
];

const yes = (v: string) => ['yes', 'y', 'true', '1'].includes(v.trim().toLowerCase());
const blankToUndefined = (v: string | undefined) =>
  v === undefined || v.trim() === '' ? undefined : v;

function nameIndex(rows: { id: string; name: string }[]): Map<string, string> {
  return new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));
}

type Row = ImportOut['rows'][number];
interface Checked {
  row: Row;
  value: unknown;
  /** The product this row updates (products only), else a new one is made. */
  updates?: string;
}

/** A NUL, or half of a surrogate pair without its other half. */
const BAD_CHARACTER = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Columns read as numbers: their cells are passed on untrimmed, so " 5" is refused. */
const NUMBER_FIELDS = new Set(['price', 'productRank', 'stockInCount', 'minQuantity', 'lot']);

/** Marks the fields whose cells hold a character that is no text; these errors come first. */
function badCharacters(
  fields: string[],
  position: Map<string, number>,
  errors: Record<string, string>,
) {
  for (const [field, at] of position) {
    if (BAD_CHARACTER.test(fields[at] ?? '')) errors[field] = 'import.badCharacter';
  }
}

export function importCsv(
  db: Db,
  actor: Actor,
  input: { kind: 'products' | 'customers'; csv: string; commit: boolean },
): ImportOut {
  const file = readCsvFile(input.csv);
  if (!file.ok) return { rows: [], valid: false, written: 0, fileErrors: [file.error] };
  const { header, records } = file;
  const columns = input.kind === 'products' ? PRODUCT_COLUMNS : CUSTOMER_COLUMNS;
  const keys = header.fields.map(headerKey);
  const position = new Map<string, number>();
  const fileErrors: ImportFileError[] = [];
  for (const col of columns) {
    const wanted = new Set(col.names.map(headerKey));
    const at = keys.findIndex((k) => wanted.has(k));
    if (at >= 0) position.set(col.field, at);
    else if (col.required) {
      fileErrors.push(fileError('import.columnMissing', { column: col.names[0] ?? col.field }));
    }
  }
  if (fileErrors.length) return { rows: [], valid: false, written: 0, fileErrors };

  const check = () => {
    const checked: Checked[] =
      input.kind === 'products'
        ? checkProducts(db, records, position)
        : checkCustomers(db, records, position);
    return checked;
  };

  const checked = check();
  const valid = checked.every((c) => Object.keys(c.row.errors).length === 0);
  if (!valid || !input.commit) {
    return { rows: checked.map((c) => c.row), valid, written: 0, fileErrors: [] };
  }
  // Checked again inside the transaction, so a change since the preview cannot slip through.
  const written = write(db, () => {
    const again = check();
    if (!again.every((c) => Object.keys(c.row.errors).length === 0)) return -1;
    for (const c of again) {
      if (input.kind === 'customers') insertCustomer(db, actor, c.value as never, null);
      else if (c.updates === undefined) insertProduct(db, actor, c.value as never);
      else updateProductRow(db, actor, c.updates, fileColumns(c.value as never, position));
    }
    return again.length;
  });
  if (written < 0)
    return { rows: check().map((c) => c.row), valid: false, written: 0, fileErrors: [] };
  return { rows: checked.map((c) => c.row), valid: true, written, fileErrors: [] };
}

function valuesOf(fields: string[], position: Map<string, number>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [field, at] of position) {
    const cell = fields[at] ?? '';
    values[field] = NUMBER_FIELDS.has(field) ? cell : cell.trim();
  }
  return values;
}

type ProductColumns = ReturnType<typeof rowValues>;

/** The columns a product row of the file sets: those the file has (image etc. stay). */
function fileColumns(
  value: Parameters<typeof rowValues>[0],
  position: Map<string, number>,
): Partial<ProductColumns> {
  const all = rowValues(value);
  const out: Partial<ProductColumns> = {};
  for (const field of position.keys()) {
    const column = (field === 'category' ? 'categoryId' : field) as keyof ProductColumns;
    if (column in all) Object.assign(out, { [column]: all[column] });
  }
  return out;
}

function checkProducts(
  db: Db,
  records: { line: number; fields: string[] }[],
  position: Map<string, number>,
): Checked[] {
  const categories = nameIndex(
    db.select({ id: category.id, name: category.name }).from(category).all(),
  );
  const existing = new Map<string, string[]>();
  for (const p of db.select({ id: product.id, name: product.name }).from(product).all()) {
    const key = p.name.trim().toLowerCase();
    existing.set(key, [...(existing.get(key) ?? []), p.id]);
  }
  const seen = new Set<string>();
  return records.map((rec) => {
    const values = valuesOf(rec.fields, position);
    const errors: Record<string, string> = {};
    badCharacters(rec.fields, position, errors);
    const categoryId = categories.get((values.category ?? '').toLowerCase());
    const result = productInput.safeParse({
      name: values.name,
      nameNe: values.nameNe,
      category: categoryId ?? (values.category ? 'unknown' : ''),
      price: blankToUndefined(values.price) ?? '',
      description: values.description,
      descriptionNe: values.descriptionNe,
      sku: values.sku,
      productRank: blankToUndefined(values.productRank),
      itemType: blankToUndefined(values.itemType),
      itemCount: blankToUndefined(values.itemCount),
      showDescription: blankToUndefined(values.showDescription),
      stockInCount: blankToUndefined(values.stockInCount),
      // "8", "10", "8%", or blank (follows the category).
      taxRate: blankToUndefined(values.taxRate)?.replace('%', '').trim(),
      minQuantity: blankToUndefined(values.minQuantity),
      lot: blankToUndefined(values.lot),
    });
    if (!result.success) {
      for (const [k, v] of Object.entries(zodIssues(result.error))) errors[k] ??= v;
    }
    if (values.price === '') errors.price ??= 'product.priceRequired';
    if (values.category && !categoryId) errors.category ??= 'import.categoryUnknown';
    const key = (values.name ?? '').toLowerCase();
    if (key && seen.has(key)) errors.name ??= 'import.duplicateInFile';
    seen.add(key);
    const same = existing.get(key) ?? [];
    if (same.length > 1) errors.name ??= 'import.ambiguousName';
    return {
      row: { line: rec.line, values, errors },
      value: result.success ? result.data : null,
      updates: same.length === 1 ? same[0] : undefined,
    };
  });
}

function checkCustomers(
  db: Db,
  records: { line: number; fields: string[] }[],
  position: Map<string, number>,
): Checked[] {
  const routes = nameIndex(db.select({ id: route.id, name: route.name }).from(route).all());
  const codes = new Set(
    db
      .select({ code: sql<string>`lower(${customer.customerCode})` })
      .from(customer)
      .all()
      .map((r) => r.code),
  );
  const seen = new Set<string>();
  return records.map((rec) => {
    const values = valuesOf(rec.fields, position);
    const errors: Record<string, string> = {};
    badCharacters(rec.fields, position, errors);
    const routeId = routes.get((values.route ?? '').toLowerCase());
    const days = (values.deliveryDays ?? '')
      .split(/[;|/]+/)
      .map((d) => d.trim())
      .filter(Boolean)
      .map(
        (d) => WEEKDAYS.find((w) => w.toLowerCase().startsWith(d.toLowerCase().slice(0, 3))) ?? d,
      );
    const result = customerFields.safeParse({
      restaurantName: values.restaurantName,
      phoneNumber: values.phoneNumber,
      customerCode: values.customerCode,
      paymentMethod: (values.paymentMethod ?? '').toLowerCase(),
      paymentDate: values.paymentDate,
      deliveryDays: days,
      route: routeId ?? (values.route ? 'unknown' : ''),
      contactPerson: values.contactPerson,
      mobileNumber: values.mobileNumber,
      badDebt: yes(values.badDebt ?? ''),
      webOrder: yes(values.webOrder ?? ''),
      billingName: values.billingName,
      billingAddress: values.billingAddress,
      email: values.email,
      closingDay: values.closingDay,
      documentLanguage: blankToUndefined(values.documentLanguage)?.trim().toLowerCase(),
    });
    if (!result.success) {
      for (const [k, v] of Object.entries(zodIssues(result.error))) {
        errors[k.startsWith('deliveryDays') ? 'deliveryDays' : k] ??= v;
      }
    }
    if (values.route && !routeId) errors.route ??= 'import.routeUnknown';
    const code = (values.customerCode ?? '').toLowerCase();
    if (code && codes.has(code)) errors.customerCode ??= 'customer.codeTaken';
    else if (code && seen.has(code)) errors.customerCode ??= 'import.duplicateInFile';
    seen.add(code);
    return { row: { line: rec.line, values, errors }, value: result.success ? result.data : null };
  });
}
