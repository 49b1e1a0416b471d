import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  businessTimeZone,
  businessToday,
  formatDate,
  setBusinessTimeZone,
  showDate,
  showDateTime,
  showInstant,
  showInstantDate,
  showInstantTime,
} from './dates';
import i18n from './i18n';

// One clock, one calendar (ADR 040): every date a screen writes is in the business's time
// zone and in its language's one format, and nothing in client/src formats a date another way.

beforeAll(() => i18n.loadLanguages(['ne', 'ja']));
afterEach(() => setBusinessTimeZone('Asia/Tokyo'));

describe('one format per language', () => {
  it('writes 26 Nov 2026 in English, 26 नोभेम्बर 2026 in Nepali, 2026/11/26 in Japanese', () => {
    expect(formatDate('2026-11-26', 'en')).toBe('26 Nov 2026');
    expect(formatDate('2026-03-09', 'en')).toBe('9 Mar 2026');
    expect(formatDate('2026-11-26', 'ne')).toBe('26 नोभेम्बर 2026');
    expect(formatDate('2026-11-26', 'ja')).toBe('2026/11/26');
    // Not a date: as it is.
    expect(formatDate('', 'ja')).toBe('');
    expect(formatDate('soon', 'en')).toBe('soon');
  });

  it('follows the current language, with the time after the date', async () => {
    expect(showDate('2026-11-26')).toBe('26 Nov 2026');
    expect(showDateTime('2026-11-26 14:05')).toBe('26 Nov 2026 14:05');
    await i18n.changeLanguage('ja');
    expect(showDateTime('2026-11-26 14:05')).toBe('2026/11/26 14:05');
    await i18n.changeLanguage('ne');
    expect(showDate('2026-01-02')).toBe('2 जनवरी 2026');
  });
});

describe('the business clock', () => {
  it("shows an instant in the business's zone, not the device's or UTC", () => {
    // 23:30 UTC on the 25th is 08:30 on the 26th in Tokyo.
    setBusinessTimeZone('Asia/Tokyo');
    expect(showInstant('2026-11-25T23:30:00.000Z')).toBe('26 Nov 2026 08:30');
    expect(showInstantDate('2026-11-25T23:30:00.000Z')).toBe('26 Nov 2026');
    expect(showInstantTime('2026-11-25T23:30:00.000Z')).toBe('08:30');
    expect(businessToday(new Date('2026-11-25T23:30:00.000Z'))).toBe('2026-11-26');
    setBusinessTimeZone('America/New_York');
    expect(businessTimeZone()).toBe('America/New_York');
    expect(showInstant('2026-11-25T23:30:00.000Z')).toBe('25 Nov 2026 18:30');
    // Nothing, or not a time: nothing.
    expect(showInstant(null)).toBe('');
    expect(showInstant('not a time')).toBe('');
  });

  it('keeps the zone on the device and refuses a zone that does not exist', () => {
    setBusinessTimeZone('Asia/Kathmandu');
    expect(localStorage.getItem('businessTimeZone')).toBe('Asia/Kathmandu');
    setBusinessTimeZone('Mars/Olympus');
    expect(businessTimeZone()).toBe('Asia/Kathmandu');
  });
});

/** Every source file of the client but tests. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('nothing else formats a date', () => {
  it('has no toLocale*String, Intl.DateTimeFormat or device-zone date parts outside dates.ts', () => {
    const root = path.resolve('client/src');
    const offenders: string[] = [];
    const forbidden =
      /toLocale(Date|Time)?String\(|Intl\.DateTimeFormat|\.get(Hours|Minutes|FullYear|Month|Date|Day)\(\)|replace\('T', ' '\)|(createdAt|sentAt|deliveredAt)\.slice\(0, 1[06]\)/;
    for (const file of sources(root)) {
      if (file === path.join(root, 'dates.ts')) continue;
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (forbidden.test(line))
            offenders.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it('has no character that needs an emoji font', () => {
    const root = path.resolve('client/src');
    const emoji = /[\u2705\u2713\u2714\u2728\u274C\u2B50]|\p{Extended_Pictographic}/u;
    const offenders = sources(root).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          emoji.test(line.replace(/\/\/.*$/, '')) ? [`${path.relative(root, file)}:${i + 1}`] : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});
