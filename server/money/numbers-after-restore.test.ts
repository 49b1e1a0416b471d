import { describe, expect, it } from 'vitest';
import { describeNumbers, LastIssuedInvalid, parseLastIssued } from './numbers-after-restore';

describe('--last-issued', () => {
  it('reads document numbers by their prefix and order numbers as #n, keeping the highest', () => {
    expect(parseLastIssued('INV-000611,ds-000300, RC-000140 #10234,INV-000600,CN-3')).toEqual({
      invoice: 611,
      slip: 300,
      receipt: 140,
      creditNote: 3,
      order: 10234,
    });
  });

  it('refuses what is not a number of a known kind', () => {
    for (const bad of ['XYZ-000001', 'INV-', 'INV-0', '611', 'INV-000611x', '#']) {
      expect(() => parseLastIssued(bad), bad).toThrow(LastIssuedInvalid);
    }
  });
});

describe('what the keeper is told', () => {
  it('names the numbers issued after the backup, one or many', () => {
    const lines = describeNumbers(
      {
        replaced: { read: true },
        numbers: [
          { kind: 'invoice', inBackup: 609, inReplaced: 611, named: null, last: 611 },
          { kind: 'receipt', inBackup: 40, inReplaced: 41, named: null, last: 41 },
          { kind: 'statement', inBackup: 34, inReplaced: 34, named: null, last: 34 },
        ],
        notCarried: [],
      },
      '/var/lib/wholesale/app.db',
    );
    expect(lines).toEqual([
      'Invoice numbers continue from INV-000612: 2 numbers issued after the backup (INV-000610 to INV-000611, known from the replaced database) are not in it; their documents may exist on paper or e-mail.',
      'Receipt numbers continue from RC-000042: 1 number issued after the backup (RC-000041, known from the replaced database) is not in it; its document may exist on paper or e-mail.',
      'Statement numbers continue from ST-000035, as in the backup: none issued after it.',
    ]);
  });

  it('when the old database is lost, says how to skip past numbers issued since', () => {
    const lines = describeNumbers(
      {
        replaced: { read: false, why: 'none' },
        numbers: [{ kind: 'invoice', inBackup: 609, inReplaced: null, named: null, last: 609 }],
        notCarried: [],
      },
      '/var/lib/wholesale/app.db',
    );
    expect(lines[0]).toBe(
      "There was no database at /var/lib/wholesale/app.db to compare with, so numbers continue from the backup's.",
    );
    expect(lines.join('\n')).toContain('npm run restore -- --last-issued');
  });
});
