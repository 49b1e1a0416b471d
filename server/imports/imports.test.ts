import { describe, expect, it } from 'vitest';
import { en, ja, ne } from '../../shared/locales';
import { headerLabel, importColumns, looseKey } from '../../shared/schemas/imports';
import { importColumnsRead } from './imports';

// The headers and set values the import reads (docs/decisions/055): each column's label in
// every interface language is a header it takes (so the template, headed by the reader's labels,
// reads back in any language), and no header or value means two things.

type Tree = { [key: string]: string | Tree };
const at = (tree: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree) as
    | string
    | undefined;

describe.each(['products', 'customers'] as const)('the %s import', (kind) => {
  const read = importColumnsRead(kind);

  it("takes every column's label, in English, Nepali and Japanese, as its header", () => {
    for (const column of importColumns(kind)) {
      const keys = read.find((c) => c.field === column.field)?.keys;
      for (const tree of [en, ne, ja]) {
        const label = at(tree, column.label);
        expect(label, `${column.label}`).toBeTruthy();
        expect(keys?.has(looseKey(headerLabel(label ?? ''))), `${label}`).toBe(true);
      }
      expect(keys?.has(looseKey(column.header))).toBe(true);
    }
  });

  it('has no header that means two columns', () => {
    const seen = new Map<string, string>();
    for (const column of read) {
      for (const key of column.keys) {
        expect(seen.get(key) ?? column.field, `${key}`).toBe(column.field);
        seen.set(key, column.field);
      }
    }
  });

  it('reads each set value by its code and by its label in every language, never two ways', () => {
    for (const column of importColumns(kind)) {
      if (!column.values) continue;
      const values = read.find((c) => c.field === column.field)?.values;
      for (const code of column.values) {
        expect(values?.get(looseKey(code))).toBe(code);
        for (const tree of [en, ne, ja]) {
          const label = at(tree, column.valueLabel?.(code) ?? '');
          expect(label, `${column.field} ${code}`).toBeTruthy();
          expect(values?.get(looseKey(label ?? '')), `${label}`).toBe(code);
        }
      }
    }
  });
});
