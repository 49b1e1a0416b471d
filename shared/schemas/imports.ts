import {
  DOCUMENT_LANGUAGES,
  ITEM_COUNTS,
  ITEM_TYPES,
  PAYMENT_METHODS,
  SHOW_DESCRIPTION,
  UNITS,
} from '../enums';

// The CSV imports' columns, as one list both sides read (docs/decisions/055): the server
// (server/imports/imports.ts) finds each column by its header and checks its cells; the office's
// import screen (ImportModal) lists them with their labels, whether each is required and what it
// takes, names a row's problem by the column's label, and builds the template file from them.
// Also here: how a file's bytes become text (UTF-8, else Excel's Shift_JIS), since the file is
// read where it is chosen.

export type ImportKind = 'products' | 'customers';

export interface ImportColumn {
  /** The field of the form's schema, and the key of a row's values and errors. */
  field: string;
  /** The English header the import screen lists, and a missing column is named by. */
  header: string;
  /**
   * Other header names that mean this column (compared loosely, `looseKey`); the on-screen
   * label in every interface language is accepted as well (the server reads the locale files).
   */
  aliases: readonly string[];
  /** The i18n key of the column's on-screen label (the form's field label). */
  label: string;
  required: boolean;
  /** The codes the cell takes, when it is one of a set (the label of each is taken too). */
  values?: readonly string[];
  /** The i18n key of one value's on-screen label. */
  valueLabel?: (code: string) => string;
  /** Other words an office writes for a value (compared loosely), e.g. 掛け for monthly. */
  valueAliases?: Readonly<Record<string, string>>;
  /** The code a blank cell stands for, when there is one (said on the import screen). */
  blank?: string;
  /** The i18n key of a short note on what to write (format, what a blank means). */
  hint?: string;
}

const hint = (field: string) => `office.import.hint.${field}`;

export const PRODUCT_IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    field: 'name',
    header: 'name',
    aliases: ['品名', '名前'],
    label: 'office.products.name',
    required: true,
    hint: hint('name'),
  },
  {
    field: 'nameNe',
    header: 'nameNe',
    aliases: ['nepali name'],
    label: 'office.products.nameNe',
    required: false,
    hint: hint('freeText'),
  },
  {
    field: 'nameJa',
    header: 'nameJa',
    aliases: ['japanese name', '日本語名', '和名'],
    label: 'office.products.nameJa',
    required: false,
    hint: hint('freeText'),
  },
  {
    field: 'category',
    header: 'category',
    aliases: ['カテゴリ', '分類'],
    label: 'office.products.category',
    required: true,
    hint: hint('category'),
  },
  {
    field: 'price',
    header: 'price',
    aliases: ['単価', '値段', '販売価格'],
    label: 'office.products.price',
    required: true,
    hint: hint('price'),
  },
  {
    field: 'description',
    header: 'description',
    aliases: ['商品説明'],
    label: 'office.products.description',
    // A spreadsheet of products rarely has one: blank, the product's name stands in (ADR 084).
    required: false,
    hint: hint('description'),
  },
  {
    field: 'descriptionNe',
    header: 'descriptionNe',
    aliases: ['nepali description'],
    label: 'office.products.descriptionNe',
    required: false,
    hint: hint('freeText'),
  },
  {
    field: 'sku',
    header: 'unit',
    aliases: ['sku'],
    label: 'office.products.unit',
    required: true,
    values: UNITS,
    valueLabel: (code) => `buyer.units.${code}`,
  },
  {
    field: 'productRank',
    header: 'productRank',
    aliases: ['rank', '順位'],
    label: 'office.products.rank',
    required: false,
    hint: hint('productRank'),
  },
  {
    field: 'itemType',
    header: 'itemType',
    aliases: ['type', '区分'],
    label: 'office.products.itemType',
    required: false,
    values: ITEM_TYPES,
    valueLabel: (code) => `office.products.types.${code}`,
    blank: 'Regular',
  },
  {
    field: 'itemCount',
    header: 'itemCount',
    aliases: [],
    label: 'office.products.itemCount',
    required: false,
    values: ITEM_COUNTS,
    valueLabel: (code) => `office.products.counts.${code}`,
    blank: 'Not Count',
  },
  {
    field: 'showDescription',
    header: 'showDescription',
    aliases: [],
    label: 'office.products.showDescription',
    required: false,
    values: SHOW_DESCRIPTION,
    valueLabel: (code) => `office.products.show.${code}`,
    blank: 'Dont Show',
  },
  {
    field: 'stockInCount',
    header: 'stockInCount',
    aliases: ['stock', '在庫'],
    label: 'office.products.stock',
    required: false,
    hint: hint('stockInCount'),
  },
  {
    field: 'taxRate',
    header: 'taxRate',
    aliases: ['tax rate', 'tax', '税率'],
    label: 'office.products.taxRate',
    required: false,
    hint: hint('taxRate'),
  },
  {
    field: 'minQuantity',
    header: 'minQuantity',
    aliases: ['minimum'],
    label: 'office.products.minQuantity',
    required: false,
    hint: hint('minQuantity'),
  },
  {
    field: 'lot',
    header: 'lot',
    aliases: ['case', 'ロット', '入数'],
    label: 'office.products.lot',
    required: false,
    hint: hint('lot'),
  },
];

export const CUSTOMER_IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    field: 'customerCode',
    header: 'customerCode',
    aliases: ['code', 'コード', '顧客コード', '取引先コード'],
    label: 'office.customers.customerCode',
    required: true,
    hint: hint('customerCode'),
  },
  {
    field: 'restaurantName',
    header: 'restaurantName',
    // What a Japanese office's own list calls the shop.
    aliases: ['restaurant', '店名', '得意先名', '得意先', '顧客名', '取引先名', '屋号'],
    label: 'office.customers.restaurantName',
    required: true,
    hint: hint('freeText'),
  },
  {
    field: 'phoneNumber',
    header: 'phoneNumber',
    aliases: ['phone', 'tel', '電話', '電話番号'],
    label: 'office.customers.phoneNumber',
    required: true,
    hint: hint('phone'),
  },
  {
    field: 'paymentMethod',
    header: 'paymentMethod',
    aliases: ['payment', '支払方法', '決済方法', '支払条件'],
    label: 'office.customers.paymentMethod',
    required: true,
    values: PAYMENT_METHODS,
    valueLabel: (code) => `office.customers.method.${code}`,
    // On account (掛け売り) is the monthly closing; cash on delivery (代引き) is cash.
    valueAliases: {
      掛け: 'monthly',
      掛: 'monthly',
      売掛: 'monthly',
      掛売り: 'monthly',
      月末締め: 'monthly',
      代引き: 'cash',
      代引: 'cash',
      現金払い: 'cash',
    },
  },
  {
    field: 'paymentDate',
    header: 'paymentDate',
    aliases: ['payment day', '支払日'],
    label: 'office.customers.paymentDate',
    required: false,
    hint: hint('paymentDate'),
  },
  {
    field: 'deliveryDays',
    header: 'deliveryDays',
    aliases: ['delivery days', '配達曜日', '納品曜日', '配送日'],
    label: 'office.customers.deliveryDays',
    required: false,
    hint: hint('deliveryDays'),
  },
  {
    field: 'route',
    header: 'route',
    aliases: ['ルート'],
    label: 'office.customers.route',
    required: true,
    hint: hint('route'),
  },
  {
    field: 'contactPerson',
    header: 'contactPerson',
    aliases: ['contact', '担当者', '担当'],
    label: 'office.customers.contactPerson',
    required: false,
    hint: hint('freeText'),
  },
  {
    field: 'mobileNumber',
    header: 'mobileNumber',
    aliases: ['mobile', '携帯', '携帯番号'],
    label: 'office.customers.mobileNumber',
    required: false,
    hint: hint('phone'),
  },
  {
    field: 'badDebt',
    header: 'badDebt',
    aliases: ['bad debt'],
    label: 'office.customers.badDebtBox',
    required: false,
    hint: hint('yesNo'),
  },
  {
    field: 'webOrder',
    header: 'webOrder',
    aliases: ['web order'],
    label: 'office.customers.webOrderBox',
    required: false,
    hint: hint('yesNo'),
  },
  {
    field: 'billingName',
    header: 'billingName',
    aliases: ['billing name'],
    label: 'office.customers.billingName',
    required: false,
    hint: hint('billingName'),
  },
  {
    field: 'billingAddress',
    header: 'billingAddress',
    aliases: ['billing address'],
    label: 'office.customers.billingAddress',
    required: false,
    hint: hint('freeText'),
  },
  {
    field: 'email',
    header: 'email',
    aliases: ['e-mail', 'メール', 'メールアドレス'],
    label: 'office.customers.email',
    required: false,
    hint: hint('email'),
  },
  {
    field: 'closingDay',
    header: 'closingDay',
    aliases: ['closing day', '締日', '締め日', '締切日'],
    label: 'office.customers.closingDay',
    required: false,
    hint: hint('closingDay'),
  },
  {
    field: 'paymentMonth',
    header: 'paymentMonth',
    aliases: ['payment month', '支払月'],
    label: 'office.customers.paymentMonth',
    required: false,
    values: ['0', '1', '2'],
    valueLabel: (code) => `office.customers.paymentMonths.${code}`,
    blank: '1',
    hint: hint('paymentMonth'),
  },
  {
    field: 'documentLanguage',
    header: 'documentLanguage',
    aliases: ['document language'],
    label: 'office.customers.documentLanguage',
    required: false,
    values: DOCUMENT_LANGUAGES,
    valueLabel: (code) => (code === 'ja' ? 'office.customers.docJa' : 'office.customers.docEn'),
    blank: 'ja',
  },
];

export function importColumns(kind: ImportKind): readonly ImportColumn[] {
  return kind === 'products' ? PRODUCT_IMPORT_COLUMNS : CUSTOMER_IMPORT_COLUMNS;
}

/**
 * A header or a set value compared loosely: full-width letters and digits as half-width
 * (NFKC), any case, without spaces, punctuation and a trailing note in brackets, in any script.
 * "Customer Code", "customer_code" and "customerCode" match; so do "価格（円）" and "価格",
 * "C/s" and "cs", "Dont Show" and "Don't show".
 */
export function looseKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\([^)]*\)/g, '')
    .replace(/[^\p{L}\p{M}\p{N}]/gu, '');
}

/** A label as a header cell: without its trailing note in brackets ("価格（円）" -> "価格"). */
export function headerLabel(label: string): string {
  return label.replace(/\s*[(（][^)）]*[)）]\s*$/u, '').trim() || label;
}

/**
 * A number cell as a spreadsheet writes it, as plain digits: "1,980" (thousands separators)
 * -> "1980", and for a price also "¥1,980", "￥1,980", "\\1,980" or "1980円", in full-width digits
 * too ("１，９８０"). Anything else is
 * passed on as it is, to be refused or read by the schema (spaces are not taken away: " 5"
 * stays refused, ADR 024).
 */
export function spreadsheetNumber(written: string, yen = false): string {
  // Full-width digits, commas and yen sign (１，２００, ￥１，５８０), as a Japanese IME types
  // them, are read as their half-width forms.
  const cell = written.normalize('NFKC');
  // A backslash is the yen sign as Shift_JIS writes it (byte 0x5C): Japanese Excel's
  // "CSV (コンマ区切り)" turns ¥4,980 into \4,980 once read. Only in money columns.
  const bare = yen ? cell.replace(/^[¥￥\\]/u, '').replace(/円$/u, '') : cell;
  if (/^\d{1,3}(,\d{3})+$/.test(bare)) return bare.replace(/,/g, '');
  if (yen && bare !== cell && /^\d+$/.test(bare)) return bare;
  return /^\d+$/.test(cell) ? cell : written;
}

// --- The file's text -------------------------------------------------------------------------

export type CsvEncoding = 'utf-8' | 'shift_jis';
export type DecodedCsv = { ok: true; text: string; encoding: CsvEncoding } | { ok: false };

/**
 * A CSV file's bytes as text: UTF-8 when they are valid UTF-8 (a byte-order mark dropped), else
 * Shift_JIS, as Japanese Excel saves "CSV (コンマ区切り)" (WHATWG TextDecoder 'shift_jis', which
 * is Windows-31J: ①, ㈱ and the NEC/IBM characters too). Neither (UTF-16, a picture...): not ok.
 */
export function decodeCsvBytes(bytes: Uint8Array): DecodedCsv {
  // UTF-16 (Excel's "Unicode text") would read as Shift_JIS full of NULs: refused by its mark.
  if (
    bytes.length >= 2 &&
    ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
  ) {
    return { ok: false };
  }
  for (const encoding of ['utf-8', 'shift_jis'] as const) {
    try {
      return { ok: true, text: new TextDecoder(encoding, { fatal: true }).decode(bytes), encoding };
    } catch {
      // Not this encoding (or, for shift_jis, a runtime without it): try the next.
    }
  }
  return { ok: false };
}

// --- A file of either kind: CSV text or an Excel workbook -------------------------------------

export type ImportFileFormat = CsvEncoding | 'xlsx' | 'xls';
export type ImportFileRead =
  | { ok: true; text: string; format: ImportFileFormat; sheet?: string }
  | {
      ok: false;
      code:
        | 'import.encodingUnknown'
        | 'import.notSpreadsheet'
        | 'import.passwordProtected'
        | 'import.empty';
    };

const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  magic.every((b, i) => bytes[i] === b);
/** A zip (xlsx, and ods) and an OLE compound file (xls, or an xlsx with a password). */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const COMPOUND = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];

/**
 * Bytes no CSV is made of: a NUL in the first 8 KB (as git tells a binary file: a picture, a
 * Word document) or a PDF. Text in another encoding has none, and is told so as such.
 */
function binary(bytes: Uint8Array): boolean {
  return startsWith(bytes, PDF) || bytes.subarray(0, 8192).includes(0);
}

/** The rows and columns of a sheet read at most: one formatted to its last row is not read so. */
const SHEET_ROWS = 10_000;
const SHEET_COLUMNS = 200;

/**
 * A chosen file as the import's CSV text: an Excel workbook (.xlsx, .xls) by its first sheet, each
 * cell as Excel shows it (what "save as CSV" would write: "¥1,980", "8%"), a row at its row's
 * line; else CSV bytes by `decodeCsvBytes`. Read where the file is chosen, like the encoding:
 * the server never parses an uploaded workbook (ADR 015), and `xlsx` is loaded only for one.
 */
export async function readImportFile(bytes: Uint8Array): Promise<ImportFileRead> {
  const sheetFormat = startsWith(bytes, ZIP) ? 'xlsx' : startsWith(bytes, COMPOUND) ? 'xls' : null;
  if (sheetFormat) return readWorkbook(bytes, sheetFormat);
  if (binary(bytes)) return { ok: false, code: 'import.notSpreadsheet' };
  const decoded = decodeCsvBytes(bytes);
  return decoded.ok
    ? { ok: true, text: decoded.text, format: decoded.encoding }
    : { ok: false, code: 'import.encodingUnknown' };
}

/** SheetJS, loaded the first time a workbook is read or written (it is large). */
export function loadXlsx() {
  return import('xlsx').then((m) => m.default ?? m);
}

/** A compound file's stream names are UTF-16LE: these two hold an .xlsx saved with a password. */
const ENCRYPTED_STREAMS = ['EncryptedPackage', 'EncryptionInfo'].map((name) =>
  Array.from(name, (c) => [c.charCodeAt(0), 0]).flat(),
);

/** The index of `needle` in `bytes`, or -1. */
function indexOfBytes(bytes: Uint8Array, needle: readonly number[]): number {
  const first = needle[0] as number;
  for (let i = bytes.indexOf(first); i !== -1; i = bytes.indexOf(first, i + 1)) {
    if (needle.every((b, k) => bytes[i + k] === b)) return i;
  }
  return -1;
}

/**
 * An Excel file saved with a password to open it: an .xlsx is then a compound file holding its
 * encrypted package (MS-OFFCRYPTO), and an .xls is refused by the reader, which says so. Files
 * e-mailed between Japanese businesses are often protected so; the office is told to save a copy
 * without the password rather than that the file is no spreadsheet.
 */
function passwordProtected(bytes: Uint8Array, readError: unknown): boolean {
  if (readError instanceof Error && /password/i.test(readError.message)) return true;
  return (
    startsWith(bytes, COMPOUND) &&
    ENCRYPTED_STREAMS.some((name) => indexOfBytes(bytes, name) !== -1)
  );
}

async function readWorkbook(bytes: Uint8Array, format: 'xlsx' | 'xls'): Promise<ImportFileRead> {
  const XLSX = await loadXlsx();
  let book: ReturnType<typeof XLSX.read>;
  try {
    book = XLSX.read(bytes, { type: 'array' });
  } catch (error) {
    if (passwordProtected(bytes, error)) return { ok: false, code: 'import.passwordProtected' };
    // A zip that is no workbook (a .docx), a broken file.
    return { ok: false, code: 'import.notSpreadsheet' };
  }
  const name = book.SheetNames[0];
  const sheet = name === undefined ? undefined : book.Sheets[name];
  if (name === undefined || !sheet?.['!ref']) return { ok: false, code: 'import.empty' };
  const range = XLSX.utils.decode_range(sheet['!ref']);
  range.e.r = Math.min(range.e.r, range.s.r + SHEET_ROWS);
  range.e.c = Math.min(range.e.c, range.s.c + SHEET_COLUMNS);
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    raw: false,
    defval: '',
    blankrows: true,
    range,
  });
  // Lines above the sheet's first used row, and blank rows, as blank lines: a row's problem is
  // then said at the row number Excel shows.
  const lines = [
    ...Array.from({ length: range.s.r }, () => ''),
    ...rows.map((row) => {
      const cells = row.map((c) => (c == null ? '' : String(c)));
      return cells.every((c) => c === '') ? '' : csvLine(cells);
    }),
  ];
  const text = `${lines.join('\r\n').replace(/(\r\n)+$/, '')}\r\n`;
  if (text.trim() === '') return { ok: false, code: 'import.empty' };
  return { ok: true, text, format, sheet: name };
}

// --- The template ----------------------------------------------------------------------------

/** `t` of the reader's language (i18next's, or a test's). */
export type LabelT = (key: string, options?: Record<string, unknown>) => string;

/** One CSV line: a cell with a comma, quote or line break is quoted. */
export function csvLine(cells: readonly string[]): string {
  return cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
}

/** A name the office gave that may stand in an example row (not one a spreadsheet would run). */
const usable = (name: string | undefined) => (name && !/^[=+\-@]/.test(name) ? name : undefined);

/**
 * Words (loose keys) by which a category's name says it fits an example product, in the three
 * languages: the rice goes with grains, the ghee with oils or dairy, never simply with the
 * office's first category (which put both in "Beverages").
 */
const EXAMPLE_FITS: Record<'category1' | 'category2', readonly string[]> = {
  category1: ['rice', 'grain', '米', '穀', 'ライス', 'चामल', 'अन्न'],
  category2: [
    'ghee',
    'oil',
    'dairy',
    'butter',
    'ギー',
    '食用油',
    '油脂',
    'オイル',
    '乳',
    'バター',
    'घिउ',
    'तेल',
    'दुग्ध',
  ],
};

/** The office's category an example fits, else the example's own (to be made or changed). */
function exampleCategory(
  example: keyof typeof EXAMPLE_FITS,
  categories: readonly string[],
  t: LabelT,
): string {
  const own = t(`office.import.example.${example}`);
  const fits = [...EXAMPLE_FITS[example], looseKey(own)];
  const found = categories.find((name) => {
    const key = looseKey(name);
    return usable(name) && fits.some((word) => key.includes(word));
  });
  return found ?? own;
}

/** The template's rows: its header row (the labels) and two examples, as cells. */
export function importTemplateRows(
  kind: ImportKind,
  t: LabelT,
  existing: { categories?: readonly string[]; route?: string } = {},
): string[][] {
  const columns = importColumns(kind);
  const header = columns.map((c) => headerLabel(t(c.label)));
  const ex = (key: string) => t(`office.import.example.${key}`);
  const categories = existing.categories ?? [];
  const rows: Record<string, string>[] =
    kind === 'products'
      ? [
          {
            name: ex('product1'),
            category: exampleCategory('category1', categories, t),
            price: '1980',
            description: ex('description1'),
            sku: 'Bag',
            productRank: '10',
            itemType: 'Regular',
            itemCount: 'Not Count',
            showDescription: 'Show',
            taxRate: '8',
            minQuantity: '1',
            lot: '1',
          },
          {
            name: ex('product2'),
            category: exampleCategory('category2', categories, t),
            price: '1200',
            description: ex('description2'),
            sku: 'C/s',
            productRank: '20',
            itemType: 'New Item',
            itemCount: 'Count',
            showDescription: 'Dont Show',
            stockInCount: '24',
            minQuantity: '1',
            lot: '1',
          },
        ]
      : [
          {
            customerCode: 'C001',
            restaurantName: ex('restaurant1'),
            phoneNumber: '0312345678',
            paymentMethod: 'cash',
            deliveryDays: 'Monday;Thursday',
            route: usable(existing.route) ?? ex('route'),
            contactPerson: ex('contact1'),
            mobileNumber: '09012345678',
            webOrder: 'yes',
            documentLanguage: 'ja',
          },
          {
            customerCode: 'C002',
            restaurantName: ex('restaurant2'),
            phoneNumber: '0451234567',
            paymentMethod: 'monthly',
            paymentDate: '25',
            deliveryDays: 'Tuesday;Friday',
            route: usable(existing.route) ?? ex('route'),
            billingAddress: ex('address2'),
            closingDay: '31',
            paymentMonth: '1',
            documentLanguage: 'ja',
          },
        ];
  return [header, ...rows.map((r) => columns.map((c) => r[c.field] ?? ''))];
}

/**
 * The template the import screen offers as CSV: UTF-8 with a byte-order mark (so Excel opens it
 * as UTF-8), the header row in the reader's language (its labels, which the import accepts), and
 * two example rows whose free text is in that language; set values are written as their codes.
 * Each example's category is an existing one that fits it, else a fitting name to make; the
 * customers' route an existing one's name, when there is one.
 */
export function importTemplate(
  kind: ImportKind,
  t: LabelT,
  existing: { categories?: readonly string[]; route?: string } = {},
): string {
  const lines = importTemplateRows(kind, t, existing).map(csvLine);
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
