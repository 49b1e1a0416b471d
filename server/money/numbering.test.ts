import { describe, expect, it } from 'vitest';
import { openDb } from '../platform/db';
import { takeDocumentNumber } from './numbering';

describe('document numbers', () => {
  it('run per kind and give a rolled-back number back', () => {
    const db = openDb(':memory:');
    expect(db.transaction(() => takeDocumentNumber(db, 'invoice', null))).toBe('INV-000001');
    expect(db.transaction(() => takeDocumentNumber(db, 'receipt', null))).toBe('RC-000001');
    expect(() =>
      db.transaction(() => {
        takeDocumentNumber(db, 'invoice', null);
        throw new Error('issue failed');
      }),
    ).toThrow('issue failed');
    expect(db.transaction(() => takeDocumentNumber(db, 'invoice', null))).toBe('INV-000002');
  });
});
