import { describe, expect, it } from 'vitest';
import { businessSettingsOut } from '../../shared/schemas/tax';
import { openDb } from '../platform/db';
import { getBusinessSettings } from './business-settings';

describe('business settings as stored', () => {
  it('an account type written in Japanese by a script is read as its type, and the settings still load', () => {
    const db = openDb(':memory:');
    const store = (accountType: string) =>
      db.$client
        .prepare(
          `INSERT INTO setting (key, value, updated_at) VALUES ('business', ?, '2026-11-27')
           ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        )
        .run(JSON.stringify({ legalName: '株式会社ヒマラヤフーズ', bank: { accountType } }));
    for (const [stored, read] of [
      ['普通', 'ordinary'],
      ['当座', 'current'],
      ['savings', 'savings'],
      ['???', 'ordinary'],
    ] as const) {
      store(stored);
      const s = getBusinessSettings(db);
      expect(s.bank.accountType).toBe(read);
      // What the settings screen receives: before, '普通' failed this and the form showed empty.
      expect(businessSettingsOut.parse(s).legalName).toBe('株式会社ヒマラヤフーズ');
    }
  });
});
