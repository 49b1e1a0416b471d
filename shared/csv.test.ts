import { describe, expect, it } from 'vitest';
import { headerKey, parseCsv } from './csv';

const records = (text: string) => {
  const r = parseCsv(text);
  if (!r.ok) throw new Error(`unclosed quote at line ${r.line}`);
  return r.records;
};

describe('parseCsv', () => {
  it('reads plain fields and lines with LF or CRLF', () => {
    expect(records('a,b,c\n1,2,3\r\n4,5,6')).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', '2', '3'] },
      { line: 3, fields: ['4', '5', '6'] },
    ]);
  });

  it('keeps commas, doubled quotes and newlines inside quotes, and numbers lines by the file', () => {
    const r = records('name,desc\n"Rice, 5kg","say ""hi""\nsecond line"\nGhee,x\n');
    expect(r[1]).toEqual({ line: 2, fields: ['Rice, 5kg', 'say "hi"\nsecond line'] });
    expect(r[2]).toEqual({ line: 4, fields: ['Ghee', 'x'] });
  });

  it('keeps empty fields, skips blank lines and a byte-order mark', () => {
    expect(records('\ufeffa,,c\n\n,,\n')).toEqual([
      { line: 1, fields: ['a', '', 'c'] },
      { line: 3, fields: ['', '', ''] },
    ]);
  });

  it('reports an unclosed quote with the line it opened on', () => {
    expect(parseCsv('a\n"open,\nmore')).toEqual({ ok: false, line: 2 });
  });

  it('treats a quote inside an unquoted field as text', () => {
    expect(records('5" pan,x')).toEqual([{ line: 1, fields: ['5" pan', 'x'] }]);
  });

  it('matches headers loosely', () => {
    expect(headerKey('Customer Code')).toBe(headerKey('customerCode'));
    expect(headerKey('customer_code')).toBe('customercode');
  });
});
