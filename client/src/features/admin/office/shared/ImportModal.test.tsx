import fs from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadXlsx } from '../../../../../../shared/schemas/imports';
import type { ImportOut } from '../../../../../../shared/schemas/office';
import i18n from '../../../../i18n';
import { showDataTableColumns } from '../../../../test/dataTable';
import { makeUser } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/renderScreen';
import type { Answers } from '../../../../test/testServer';
import { ImportModal } from './ImportModal';

// The import screen as a new wholesaler met it (docs/decisions/055): a file Japanese Excel saved
// as Shift_JIS is read as such (and bytes that are no text are refused in the reader's
// language), the columns are listed with their labels, whether required and what they take, a
// template can be downloaded, a row's problem names its column by its label, and choosing the
// same file again after fixing it checks it again. A CSV file the server cannot read at all
// (no rows, a quote left open, too many rows, a column missing) comes back as codes with
// parameters, said in the office's language: a missing column by its label and its header.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

showDataTableColumns();

afterEach(() => i18n.changeLanguage('en'));

const answer = (fileErrors: ImportOut['fileErrors'], rows: ImportOut['rows'] = []): ImportOut => ({
  rows,
  valid: false,
  written: 0,
  fileErrors,
});

function open(answers: Answers = {}) {
  return renderScreen(<ImportModal kind="products" onClose={() => {}} />, {
    path: '/admin/products',
    user: admin,
    answers: { 'categories.list': () => [{ _id: 'c1', name: '調味料', nameNe: null }], ...answers },
  });
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const choose = (content: BlobPart, name = 'products.csv') =>
  fireEvent.change(fileInput(), { target: { files: [new File([content], name)] } });

async function pick(fileErrors: ImportOut['fileErrors']) {
  open({ 'products.importCsv': () => answer(fileErrors) });
  choose('name,category\n"Rice,Grains\n');
  return (await screen.findByTestId('import-file-errors')).textContent;
}

describe("the import's problems with the whole file", () => {
  it('are said in Japanese, with their parameters, a missing column by its label', async () => {
    await i18n.changeLanguage('ja');
    const text = await pick([
      { code: 'import.columnMissing', params: { column: 'unit' } },
      { code: 'import.unclosedQuote', params: { line: 2 } },
    ]);
    expect(text).toContain('単位（unit）列がありません。');
    expect(text).toContain('2行目：引用符で囲まれた値が閉じられていません。');
    expect(text).not.toMatch(/missing|quoted/i);
  });

  it('are said in Nepali: too many rows', async () => {
    await i18n.changeLanguage('ne');
    expect(await pick([{ code: 'import.tooManyRows', params: { max: 5000 } }])).toBe(
      'फाइलमा 5000 भन्दा धेरै पङ्क्ति छन्।',
    );
  });

  it('are said in English: an empty file', async () => {
    expect(await pick([{ code: 'import.empty' }])).toBe('The file has no rows.');
  });
});

describe('the file as Japanese Excel saves it', () => {
  const sjis = fs.readFileSync(
    path.join(__dirname, '../../../../../../tests/fixtures/products-shift_jis.csv'),
  );

  it('is read as Shift_JIS and its Japanese text sent to be checked, saying so', async () => {
    await i18n.changeLanguage('ja');
    const { calls } = open({ 'products.importCsv': () => answer([]) });
    choose(new Uint8Array(sjis));
    await screen.findByText('文字コード Shift_JIS として読み込みました。');
    const sent = calls.find((c) => c.path === 'products.importCsv')?.input as { csv: string };
    expect(sent.csv.split('\r\n')[0]).toBe(
      '商品名,カテゴリー,価格（円）,説明,単位,商品区分,在庫管理,在庫数,消費税率',
    );
    expect(sent.csv).toContain('純粋なバターオイル①㈱');
  });

  it('a UTF-8 file is read as UTF-8, its mark dropped', async () => {
    const { calls } = open({ 'products.importCsv': () => answer([]) });
    choose(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('商品名\nギー\n')]));
    await screen.findByText('Read as UTF-8.');
    const sent = calls.find((c) => c.path === 'products.importCsv')?.input as { csv: string };
    expect(sent.csv).toBe('商品名\nギー\n');
  });

  it('the file picker offers Excel workbooks as well as CSV', () => {
    open();
    const accept = fileInput().accept.split(',');
    expect(accept).toEqual(expect.arrayContaining(['.csv', '.xlsx', '.xls']));
  });

  it('an Excel workbook is read by its first sheet and its text sent, saying so', async () => {
    await i18n.changeLanguage('ja');
    const XLSX = await loadXlsx();
    const sheet = XLSX.utils.aoa_to_sheet([
      ['商品名', 'カテゴリー', '価格', '説明', '単位'],
      ['ギー 1L', '油・乳製品', 1200, '純粋なバターオイル', '本'],
    ]);
    Object.assign(sheet.C2 ?? {}, { z: '"¥"#,##0' });
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, '商品一覧');
    const bytes: ArrayBuffer = XLSX.write(book, { type: 'array', bookType: 'xlsx' });
    const { calls } = open({ 'products.importCsv': () => answer([]) });
    choose(new Uint8Array(bytes), 'products.xlsx');
    await screen.findByText('Excelファイルの最初のシート「商品一覧」を読み込みました。');
    const sent = calls.find((c) => c.path === 'products.importCsv')?.input as { csv: string };
    expect(sent.csv).toBe(
      '商品名,カテゴリー,価格,説明,単位\r\nギー 1L,油・乳製品,"¥1,200",純粋なバターオイル,本\r\n',
    );
  });

  it('a file that is neither CSV nor Excel is said to be so, in the reader’s language', async () => {
    await i18n.changeLanguage('ja');
    const { calls } = open({ 'products.importCsv': () => answer([]) });
    choose(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      'a.png',
    );
    const alert = await screen.findByTestId('import-file-errors');
    expect(alert.textContent).toContain(
      'このファイルはCSVファイルでもExcelファイルでもありません。',
    );
    expect(alert.textContent).not.toContain('文字コード');
    expect(calls.some((c) => c.path === 'products.importCsv')).toBe(false);
  });

  it('bytes that are neither are refused before sending, in the reader’s language', async () => {
    await i18n.changeLanguage('ja');
    const { calls } = open({ 'products.importCsv': () => answer([]) });
    choose(new Uint8Array([0x61, 0xfd, 0x62, 0x0a]));
    const alert = await screen.findByTestId('import-file-errors');
    expect(alert.textContent).toContain('ファイルの文字コードを読み取れません');
    expect(alert.textContent).toContain('CSV UTF-8（コンマ区切り）');
    expect(calls.some((c) => c.path === 'products.importCsv')).toBe(false);
  });
});

describe('what the screen says about the columns', () => {
  it('lists every column the server takes, by label, required or not, with the values', async () => {
    await i18n.changeLanguage('ja');
    open();
    const table = screen.getByRole('table', { name: '列の一覧' });
    const row = (header: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => within(r).queryByText(header, { selector: 'code' })) as HTMLElement;
    // The columns the old screen never mentioned.
    for (const [header, label] of [
      ['taxRate', '消費税率'],
      ['minQuantity', '最低注文数'],
      ['lot', '注文単位'],
      ['descriptionNe', 'ネパール語の説明'],
    ] as const) {
      expect(within(row(header)).getByText(label)).toBeTruthy();
      expect(within(row(header)).getByText('任意')).toBeTruthy();
    }
    expect(within(row('unit')).getByText('必須')).toBeTruthy();
    // A set's values by their on-screen label, each with the code to type.
    const itemType = row('itemType');
    expect(itemType.textContent).toContain('特売');
    expect(within(itemType).getByText('Special', { selector: 'code' })).toBeTruthy();
    expect(within(row('unit')).getByText('C/s', { selector: 'code' })).toBeTruthy();
    expect(row('unit').textContent).toContain('ケース');
    expect(row('itemCount').textContent).toContain('空欄：在庫数を管理しない');
    expect(row('price').textContent).toContain('1,980');
  });

  it('offers a template: UTF-8 with its mark, Japanese headers, examples with a real category', async () => {
    await i18n.changeLanguage('ja');
    const made: Blob[] = [];
    const create = vi.fn((blob: Blob) => {
      made.push(blob);
      return 'blob:template';
    });
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    open();
    // The example rows name the office's own category, once it is known.
    const button = screen.getByRole('button', { name: 'テンプレートをダウンロード' });
    await waitFor(() => expect(button.hasAttribute('data-loading')).toBe(false));
    fireEvent.click(button);
    expect(click).toHaveBeenCalled();
    const bytes = new Uint8Array(await (made[0] as Blob).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, first] = new TextDecoder().decode(bytes).split('\r\n');
    expect(header?.startsWith('商品名,ネパール語名,日本語名,カテゴリー,価格,説明')).toBe(true);
    // The office's only category (調味料, seasonings) fits neither example: each gets its own.
    expect(first).toMatch(/^ジャスミン米 5kg,,,米・穀類,1980,/);
    click.mockRestore();
  });

  it('offers the template as an Excel workbook too, its cells the same', async () => {
    await i18n.changeLanguage('ja');
    const made: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        made.push(blob);
        return 'blob:template';
      }),
      revokeObjectURL: vi.fn(),
    });
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    open({ 'categories.list': () => [{ _id: 'c1', name: '乳製品', nameNe: null }] });
    const button = screen.getByRole('button', { name: 'Excel形式のテンプレート' });
    await waitFor(() => expect(button.hasAttribute('data-loading')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(names).toEqual(['products-template.xlsx']));
    const XLSX = await loadXlsx();
    const book = XLSX.read(new Uint8Array(await (made[0] as Blob).arrayBuffer()), {
      type: 'array',
    });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0] ?? ''] ?? {}, {
      header: 1,
    });
    expect(rows[0]?.slice(0, 4)).toEqual(['商品名', 'ネパール語名', '日本語名', 'カテゴリー']);
    // The ghee goes with the office's dairy category, the rice with grains of its own.
    expect(rows.slice(1).map((r) => r[3])).toEqual(['米・穀類', '乳製品']);
    click.mockRestore();
  });

  it('says to create a category first when there is none', async () => {
    await i18n.changeLanguage('ja');
    open({ 'categories.list': () => [] });
    expect((await screen.findByTestId('import-no-categories')).textContent).toContain(
      '先にカテゴリーを作成してください。',
    );
  });
});

describe('a row’s problems', () => {
  it('name the column by its label in the reader’s language, not the field', async () => {
    await i18n.changeLanguage('ja');
    open({
      'products.importCsv': () =>
        answer(
          [],
          [
            {
              line: 2,
              values: { name: 'ギー', price: '1,98' },
              errors: { price: 'product.priceWhole', sku: 'common.required' },
            },
          ],
        ),
    });
    choose('x');
    const errors = await screen.findAllByTestId('import-row-error');
    expect(errors.map((e) => e.querySelector('b')?.textContent)).toEqual(['価格', '単位']);
    expect(errors.map((e) => e.textContent).join(' ')).not.toMatch(/price|sku/);
  });
});

describe('choosing the same file again after fixing it', () => {
  it('checks it again: the input forgets each file once read', async () => {
    let answers = 0;
    const { calls } = open({
      'products.importCsv': () => {
        answers++;
        return answers === 1
          ? answer([{ code: 'import.columnMissing', params: { column: 'unit' } }])
          : {
              rows: [{ line: 2, values: { name: 'Ghee' }, errors: {} }],
              valid: true,
              written: 0,
              fileErrors: [],
            };
      },
    });
    const input = fileInput();
    // A browser fires no change for the file its input already holds: the value must go.
    const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
    let cleared = 0;
    Object.defineProperty(input, 'value', {
      configurable: true,
      get: () => native?.get?.call(input),
      set: (v: string) => {
        if (v === '') cleared++;
        native?.set?.call(input, v);
      },
    });
    choose('name,category\nGhee,Oil\n');
    await screen.findByTestId('import-file-errors');
    expect(cleared).toBe(1);
    choose('name,category,price,description,unit\nGhee,Oil,1000,x,Btl\n');
    await screen.findByText('The 1 row is valid.');
    expect(screen.queryByTestId('import-file-errors')).toBeNull();
    expect(cleared).toBe(2);
    expect(calls.filter((c) => c.path === 'products.importCsv')).toHaveLength(2);
  });
});
