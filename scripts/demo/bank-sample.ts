import type { Db } from '../../server/platform/db';
import { addDaysIso } from '../../shared/delivery-dates';

// A bank statement for the demo's office to try 入金消込 with (Payments → 銀行明細から入金を取り込む,
// ADR 085): the account's incoming transfers of the last days as internet banking downloads them,
// Shift_JIS, one transfer for each monthly restaurant with an invoice open (its oldest), the payer
// in half-width katakana as banks write it (ｶ)ﾋﾏﾗﾔｷﾂﾁﾝ), every fourth arriving ¥660 short (the
// bank's fee deducted), a payer no restaurant is and a withdrawal.

/** 取引日,摘要,お引出金額,お預入金額,残高 (quoted), in Shift_JIS. */
const HEADER = Buffer.from(
  '228ee688f893fa222c2293459776222c2282a888f88f6f8be08a7a222c2282a8976193fc8be08a7a222c228e638d8222',
  'hex',
);

const FULL =
  'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲンァィゥェォャュョッー';
/** Small kana as large ones: the banks' character set (全銀) has none (ｷﾂﾁﾝ, not ｷｯﾁﾝ). */
const HALF = 'ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝｱｲｳｴｵﾔﾕﾖﾂｰ';

/** Katakana as a bank writes it (half-width, voiced marks apart), or null if it is not kana. */
export function halfWidthKana(s: string): string | null {
  let out = '';
  for (const ch of s.normalize('NFD')) {
    if (ch === '\u3099') out += 'ﾞ';
    else if (ch === '\u309a') out += 'ﾟ';
    else if (ch === ' ' || ch === '　') out += ' ';
    else if (/[A-Za-z0-9]/.test(ch)) out += ch.toUpperCase();
    else {
      const i = FULL.indexOf(ch);
      if (i < 0) return null;
      out += HALF[i];
    }
  }
  return out;
}

/** ASCII and half-width katakana (U+FF61–U+FF9F, one byte each in Shift_JIS) as bytes. */
function sjis(line: string): Buffer {
  return Buffer.from(
    Array.from(line, (ch) => {
      const c = ch.charCodeAt(0);
      if (c < 0x80) return c;
      if (c >= 0xff61 && c <= 0xff9f) return c - 0xff61 + 0xa1;
      throw new Error(`not in the sample's characters: ${ch}`);
    }),
  );
}

const MARKS: [RegExp, string, string][] = [
  [/^株式会社/, 'ｶ)', ''],
  [/株式会社$/, '', '(ｶ'],
  [/^合同会社/, 'ﾄﾞ)', ''],
  [/合同会社$/, '', '(ﾄﾞ'],
  [/^有限会社/, 'ﾕ)', ''],
];

/** The payer name the bank shows for a billing name, or null when it is not in katakana. */
function payerOf(billingName: string): string | null {
  for (const [re, before, after] of MARKS) {
    if (re.test(billingName)) {
      const kana = halfWidthKana(billingName.replace(re, ''));
      return kana ? `${before}${kana}${after}` : null;
    }
  }
  return halfWidthKana(billingName);
}

/** The sample's bytes: the demo's transfers dated in the days before `today`. */
export function bankSampleCsv(db: Db, today: string): Buffer {
  const open = db.$client
    .prepare<[], { billingName: string | null; pending: number }>(
      `SELECT c.billing_name AS billingName,
         (SELECT i.amount - i.paid_amount FROM invoice i
           WHERE i.customer_id = c.id AND i.cancelled_at IS NULL AND i.paid_amount < i.amount
           ORDER BY COALESCE(i.issue_date, substr(i.created_at, 1, 10)), i.created_at, i.id
           LIMIT 1) AS pending
       FROM customer c WHERE c.payment_method = 'monthly' ORDER BY c.customer_code`,
    )
    .all();
  const yen = (n: number) => `"${n.toLocaleString('en')}"`;
  const day = (k: number) => addDaysIso(today, -1 - (k % 4)).replaceAll('-', '/');
  const lines: string[] = [];
  let k = 0;
  for (const o of open) {
    const payer = o.billingName && o.pending ? payerOf(o.billingName) : null;
    if (!payer || !o.pending) continue;
    const amount = k % 4 === 1 && o.pending > 660 ? o.pending - 660 : o.pending;
    lines.push(`"${day(k)}","ﾌﾘｺﾐ ${payer}","",${yen(amount)},""`);
    k++;
  }
  lines.push(`"${day(1)}","ﾌﾘｺﾐ ﾔﾏﾀﾞ ﾀﾛｳ","",${yen(12_000)},""`);
  lines.push(`"${day(2)}","ｶｰﾄﾞ",${yen(33_000)},"",""`);
  return Buffer.concat([HEADER, ...lines.map((l) => sjis(`\r\n${l}`)), Buffer.from('\r\n')]);
}
