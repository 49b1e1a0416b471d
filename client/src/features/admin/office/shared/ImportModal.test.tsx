import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportOut } from '../../../../../../shared/schemas/office';
import i18n from '../../../../i18n';
import { makeUser } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/renderScreen';
import { ImportModal } from './ImportModal';

// A CSV file the server cannot read at all (no rows, a quote left open, too many rows, a column
// missing) comes back as codes with parameters, and the office reads them in its language: a
// missing column named by the header the file lacks.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

afterEach(() => i18n.changeLanguage('en'));

const answer = (fileErrors: ImportOut['fileErrors']): ImportOut => ({
  rows: [],
  valid: false,
  written: 0,
  fileErrors,
});

async function pick(fileErrors: ImportOut['fileErrors']) {
  renderScreen(<ImportModal kind="products" onClose={() => {}} />, {
    path: '/admin/products',
    user: admin,
    answers: { 'products.importCsv': () => answer(fileErrors) },
  });
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  const file = new File(['name,category\n"Rice,Grains\n'], 'products.csv', { type: 'text/csv' });
  fireEvent.change(input, { target: { files: [file] } });
  return (await screen.findByTestId('import-file-errors')).textContent;
}

describe("the import's problems with the whole file", () => {
  it('are said in Japanese, with their parameters, and no English', async () => {
    await i18n.changeLanguage('ja');
    const text = await pick([
      { code: 'import.columnMissing', params: { column: 'unit' } },
      { code: 'import.unclosedQuote', params: { line: 2 } },
    ]);
    expect(text).toContain('unit列がありません。');
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
