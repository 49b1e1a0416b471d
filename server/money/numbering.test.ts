import { describe, expect, it } from 'vitest';
import { openDb } from '../platform/db';
import { takeDocumentNumber } from './numbering';

describe('document numbers', () => {
  it('run per kind and give a rolled-back number back', () => {
    const db = openDb(':memory:');
    expect(db.transaction(() => takeDocumentNumber(db, 'invoice'))).toBe('INV-000001');
    expect(db.transaction(() => takeDocumentNumber(db, 'receipt'))).toBe('RC-000001');
    expect(() =>
      db.transaction(() => {
        takeDocumentNumber(db, 'invoice');
        throw new Error('issue failed');
      }),
    ).toThrow('issue failed');
    expect(db.transaction(() => takeDocumentNumber(db, 'invoice'))).toBe('INV-000002');
  });
});
