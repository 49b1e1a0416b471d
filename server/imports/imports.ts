import { sql } from 'drizzle-orm';
import { category, customer, product, route } from '../../drizzle/schema';
import { paymentMonthFits } from '../../shared/closing-dates';
import { type CsvRecord, parseCsv } from '../../shared/csv';
import { WEEKDAYS } from '../../shared/enums';
import { en, ja, ne } from '../../shared/locales';
import {
  CUSTOMER_IMPORT_COLUMNS,
  type ImportColumn,
  looseKey,
  PRODUCT_IMPORT_COLUMNS,
  spreadsheetNumber,
} from '../../shared/schemas/imports';
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
// Numbers are taken as written (plain digits, no spaces; a spreadsheet's "1,980" too), and NUL
// characters and broken UTF-16 (lone surrogates) are refused in every field (docs/decisions/024).
// The columns are shared/schemas/imports.ts: a header may be the English name, an alias or the
// column's on-screen label in any interface language, and a set value its code or its label
// (docs/decisions/055). The file's bytes become text where it is chosen (readImportFile: CSV in
// UTF-8 or Shift_JIS, or an Excel workbook's first sheet), so no uploaded workbook is parsed here.

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

/** A yes/no cell: yes, y, true, 1 (and はい, ○, हो); anything else is no. */
const YES = new Set(['yes', 'y', 'true', '1', 'はい', '○', '〇', 'हो']);
const yes = (v: string) => YES.has(v.trim().toLowerCase());
const blankToUndefined = (v: string | undefined) =>
  v === undefined || v.trim() === '' ? undefined : v;
/** A number cell: blank is absent; "1,980" (and for a price "¥1,980") is read as 1980. */
const number = (v: string | undefined, yen = false) => {
  const cell = blankToUndefined(v);
  return cell === undefined ? undefined : spreadsheetNumber(cell, yen);
};

type Tree = { [key: string]: string | Tree };
const TREES = [en, ja, ne] as unknown as Tree[];

/** A key's text in every interface language ('office.products.unit' -> Unit, 単位, एकाइ). */
function everyLanguage(key: string): string[] {
  const out: string[] = [];
  for (const tree of TREES) {
    let at: string | Tree | undefined = tree;
    for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
    if (typeof at === 'string') out.push(at);
  }
  return out;
}

/** A column as the server reads it. */
export interface ReadColumn {
  /** The field of the form's schema. */
  field: string;
  /** The header the import screen lists and a missing column is named by. */
  header: string;
  /** Every header that means this column, as `looseKey`s. */
  keys: Set<string>;
  required: boolean;
  /** A set value's code by its code's or any language's label's `looseKey`. */
  values?: Map<string, string>;
}

function compile(c: ImportColumn): ReadColumn {
  const keys = new Set(
    [c.header, ...c.aliases, ...everyLanguage(c.label)].map(looseKey).filter(Boolean),
  );
  let values: Map<string, string> | undefined;
  if (c.values) {
    values = new Map(c.values.map((code) => [looseKey(code), code]));
    for (const code of c.values) {
      for (const label of c.valueLabel ? everyLanguage(c.valueLabel(code)) : []) {
        const key = looseKey(label);
        if (key && !values.has(key)) values.set(key, code);
      }
    }
    for (const [word, code] of Object.entries(c.valueAliases ?? {})) {
      values.set(looseKey(word), code);
    }
  }
  return { field: c.field, header: c.header, keys, required: c.required, values };
}

const PRODUCT_COLUMNS: ReadColumn[] = PRODUCT_IMPORT_COLUMNS.map(compile);
const CUSTOMER_COLUMNS: ReadColumn[] = CUSTOMER_IMPORT_COLUMNS.map(compile);

/** The columns as the server reads them (for tests: every header and value it accepts). */
export function importColumnsRead(kind: 'products' | 'customers'): readonly ReadColumn[] {
  return kind === 'products' ? PRODUCT_COLUMNS : CUSTOMER_COLUMNS;
}

/** A set value's code from its code or label in any language; else the cell, to be refused. */
function setValue(
  columns: ReadColumn[],
  field: string,
  cell: string | undefined,
): string | undefined {
  const v = blankToUndefined(cell);
  if (v === undefined) return undefined;
  const values = columns.find((c) => c.field === field)?.values;
  return values?.get(looseKey(v)) ?? v;
}

/** Weekdays by their English name or its start (Mon), or their name in any language (月曜日, 月). */
const WEEKDAY_NAMES = new Map<string, (typeof WEEKDAYS)[number]>();
for (const day of WEEKDAYS) {
  for (const name of everyLanguage(`weekday.${day}`)) {
    WEEKDAY_NAMES.set(looseKey(name), day);
    // Japanese writes a day by its first character: 月;木.
    if (/^\p{Script=Han}/u.test(name)) WEEKDAY_NAMES.set(name.slice(0, 1), day);
  }
}
function weekday(token: string): string {
  return (
    WEEKDAY_NAMES.get(looseKey(token)) ??
    WEEKDAYS.find((w) => w.toLowerCase().startsWith(token.toLowerCase().slice(0, 3))) ??
    token
  );
}

/** A rate as an office writes it: 8, 10, "8%", "８％", 0.08 (a percent cell), 軽減 or 標準. */
const RATE_WORDS = new Map([
  ['軽減', '8'],
  ['軽減税率', '8'],
  ['標準', '10'],
  ['標準税率', '10'],
  ['0.08', '8'],
  ['0.1', '10'],
  ['0.10', '10'],
]);
function importTaxRate(cell: string | undefined): string | undefined {
  const v = blankToUndefined(cell)?.normalize('NFKC').replace('%', '').replace(/\s/g, '');
  return v === undefined ? undefined : (RATE_WORDS.get(v) ?? v);
}

/** A day of the month as an office writes it: 20, ２０, 20日, or 末日 / 月末 / 末 for 31. */
function dayOfMonth(cell: string | undefined): string | undefined {
  if (cell === undefined) return undefined;
  const v = cell.normalize('NFKC').trim();
  if (/^(末日|月末|末)$/u.test(v)) return '31';
  const day = /^(\d{1,2})日$/u.exec(v);
  return day ? day[1] : v;
}

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
  const keys = header.fields.map(looseKey);
  const position = new Map<string, number>();
  const fileErrors: ImportFileError[] = [];
  for (const col of columns) {
    const at = keys.findIndex((k) => col.keys.has(k));
    if (at >= 0) position.set(col.field, at);
    else if (col.required) {
      fileErrors.push(fileError('import.columnMissing', { column: col.header }));
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
    // A blank cell is said as such: the form's "choose a category" fits no spreadsheet.
    if (!values.category) errors.category ??= 'import.categoryBlank';
    const categoryId = categories.get((values.category ?? '').toLowerCase());
    const result = productInput.safeParse({
      name: values.name,
      nameNe: values.nameNe,
      nameJa: values.nameJa,
      category: categoryId ?? (values.category ? 'unknown' : ''),
      // "1980", and as a spreadsheet shows it: "1,980", "¥1,980".
      price: number(values.price, true) ?? '',
      // Blank or no column: the name stands in, shown only if the row says Show (ADR 084).
      description: values.description || values.name,
      descriptionNe: values.descriptionNe,
      sku: setValue(PRODUCT_COLUMNS, 'sku', values.sku) ?? values.sku,
      productRank: number(values.productRank),
      itemType: setValue(PRODUCT_COLUMNS, 'itemType', values.itemType),
      itemCount: setValue(PRODUCT_COLUMNS, 'itemCount', values.itemCount),
      showDescription: setValue(PRODUCT_COLUMNS, 'showDescription', values.showDescription),
      stockInCount: number(values.stockInCount),
      // "8", "10", "8%", "８％", "軽減", or blank (follows the category).
      taxRate: importTaxRate(values.taxRate),
      minQuantity: number(values.minQuantity),
      lot: number(values.lot),
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
      .split(/[;|/、・，,\s]+/u)
      .map((d) => d.trim())
      .filter(Boolean)
      .map(weekday);
    const result = customerFields.safeParse({
      restaurantName: values.restaurantName,
      phoneNumber: values.phoneNumber,
      customerCode: values.customerCode,
      paymentMethod: setValue(CUSTOMER_COLUMNS, 'paymentMethod', values.paymentMethod) ?? '',
      paymentDate: dayOfMonth(values.paymentDate),
      deliveryDays: days,
      route: routeId ?? (values.route ? 'unknown' : ''),
      contactPerson: values.contactPerson,
      mobileNumber: values.mobileNumber,
      badDebt: yes(values.badDebt ?? ''),
      webOrder: yes(values.webOrder ?? ''),
      billingName: values.billingName,
      billingAddress: values.billingAddress,
      email: values.email,
      closingDay: dayOfMonth(values.closingDay),
      paymentMonth: setValue(CUSTOMER_COLUMNS, 'paymentMonth', values.paymentMonth),
      documentLanguage: setValue(CUSTOMER_COLUMNS, 'documentLanguage', values.documentLanguage),
    });
    if (!result.success) {
      for (const [k, v] of Object.entries(zodIssues(result.error))) {
        errors[k.startsWith('deliveryDays') ? 'deliveryDays' : k] ??= v;
      }
    }
    // Checked here, with the row's other problems: the insert would refuse it (ADR 066).
    const c = result.success ? result.data : null;
    if (c && c.paymentMethod === 'monthly' && c.paymentMonth !== undefined) {
      if (!paymentMonthFits(c.closingDay ?? null, c.paymentMonth, c.paymentDate ?? null)) {
        errors.paymentMonth ??= 'customer.paymentMonthTooEarly';
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
