import {
  type Allocation,
  type OpenInvoice,
  proposeAllocation,
} from '../../shared/transfer-allocation';

// Who a bank transfer is from, and what it pays (入金消込, ADR 085). Pure: the caller reads the
// customers and their open invoices, and records nothing here.

/** Company-type marks as banks abbreviate them in a payer's name (カ) 株式会社, ユ) 有限会社 ...). */
const COMPANY_MARKS = [
  'カ',
  'ユ',
  'ド',
  'メ',
  'シ',
  'ザイ',
  'シャ',
  'イ',
  'ガク',
  'フク',
  'トクヒ',
  'ユウ',
  'エイ',
  'シユツ',
  'ジム',
];
const MARK = COMPANY_MARKS.join('|');
/** カ) at the start, (カ at the end, (カ) anywhere, as a whole word of the name. */
const MARK_BEFORE = new RegExp(`^\\(?(?:${MARK})\\)`);
const MARK_AFTER = new RegExp(`\\((?:${MARK})\\)?$`);
const MARK_INSIDE = new RegExp(`\\((?:${MARK})\\)`, 'g');
/** The same spelled out (after folding: no voiced marks, large kana) or in kanji. */
const COMPANY_WORDS =
  '株式会社|有限会社|合同会社|カフシキカイシヤ|ユウケンカイシヤ|コウトウカイシヤ';
const COMPANY_WORDS_BEFORE = new RegExp(`^(?:${COMPANY_WORDS})`);
const COMPANY_WORDS_AFTER = new RegExp(`(?:${COMPANY_WORDS})$`);
/** Words a bank puts before the payer: 振込 ﾌﾘｺﾐ, and the like. */
const LEADING_WORDS = /^(?:振込|振替|フリコミ|フリカエ|カ-ド|デンシン)\s*/;

const SMALL_TO_LARGE: Record<string, string> = {
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ッ: 'ツ',
  ヮ: 'ワ',
  ヵ: 'カ',
  ヶ: 'ケ',
};

/**
 * A payer's or customer's name folded so that the ways a bank writes it compare equal:
 * half-width to full-width (NFKC), hiragana to katakana, small kana to large (ｼﾖｸﾄﾞｳ is ショクドウ),
 * voiced marks dropped (banks' 全銀 character set writes ﾄﾞ as two characters, and people type
 * names without them), company-type marks and words such as 振込 removed, spaces, long-vowel
 * marks, hyphens and punctuation dropped, Latin letters upper case.
 */
export function foldName(name: string): string {
  let s = name.normalize('NFKC').trim();
  // Hiragana to katakana (same offset in Unicode).
  s = s.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
  s = s
    .replace(/[（]/g, '(')
    .replace(/[）]/g, ')')
    .replace(/ｰ|－|‐|−|―/g, '-');
  s = s.replace(LEADING_WORDS, '');
  s = s.replace(/\s+/g, '');
  s = s.replace(MARK_BEFORE, '').replace(MARK_AFTER, '').replace(MARK_INSIDE, '');
  // Voiced and semi-voiced marks away: decompose, drop the combining marks, compose again.
  s = s
    .normalize('NFD')
    .replace(/[\u3099\u309a\u309b\u309c]/g, '')
    .normalize('NFC');
  s = s.replace(/[ァィゥェォャュョッヮヵヶ]/g, (c) => SMALL_TO_LARGE[c] ?? c);
  s = s.replace(/[ー\-.,・･'"()/&]/g, '');
  // The company type spelled out, as a restaurant's own name or billing name may carry it.
  s = s.replace(COMPANY_WORDS_BEFORE, '').replace(COMPANY_WORDS_AFTER, '');
  return s.toUpperCase();
}

/** A customer as the matcher sees it: the names its transfers may arrive under. */
export interface PayerCandidate {
  id: string;
  /** 振込名義 first, then the billing and restaurant names (used when written in kana or Latin). */
  names: (string | null)[];
  /** Its open invoices, oldest first. */
  invoices: OpenInvoice[];
}

export type MatchStatus = 'matched' | 'customerOnly' | 'unknown';

export interface TransferMatch {
  status: MatchStatus;
  customerId: string | null;
  /** Every customer the name could be (more than one: the amount did not decide). */
  candidates: string[];
  allocation: Allocation | null;
}

/** A folded name shorter than this is not matched by its beginning alone (ﾀﾅｶ would find many). */
const MIN_PREFIX = 4;

/** Each customer's names folded once, however many rows of a file are matched against it. */
const foldedOnce = new WeakMap<PayerCandidate, string[]>();
function foldedNames(c: PayerCandidate): string[] {
  let names = foldedOnce.get(c);
  if (!names) {
    names = c.names
      .filter((n): n is string => !!n)
      .map(foldName)
      .filter(Boolean);
    foldedOnce.set(c, names);
  }
  return names;
}

/** The customers a payer's name is: those it equals, else those it begins (a bank cuts names). */
export function payersNamed(name: string, customers: PayerCandidate[]): PayerCandidate[] {
  const payer = foldName(name);
  if (!payer) return [];
  const folded = customers.map((c) => ({ c, names: foldedNames(c) }));
  const exact = folded.filter((f) => f.names.includes(payer)).map((f) => f.c);
  if (exact.length > 0) return exact;
  return folded
    .filter((f) =>
      f.names.some(
        (n) =>
          Math.min(n.length, payer.length) >= MIN_PREFIX &&
          (payer.startsWith(n) || n.startsWith(payer)),
      ),
    )
    .map((f) => f.c);
}

/**
 * A transfer's proposal: the customer whose name the payer's is and the invoices its amount
 * pays. When the name is several customers', the one whose invoices the amount fits is taken
 * if it is only one; otherwise the office chooses among them.
 */
export function matchTransfer(
  row: { name: string; amount: number },
  customers: PayerCandidate[],
): TransferMatch {
  const named = payersNamed(row.name, customers);
  const candidates = named.map((c) => c.id);
  const fitting = named
    .map((c) => ({ c, allocation: proposeAllocation(row.amount, c.invoices) }))
    .filter((f) => f.allocation !== null);
  if (fitting.length === 1) {
    const [f] = fitting as [(typeof fitting)[number]];
    return { status: 'matched', customerId: f.c.id, candidates, allocation: f.allocation };
  }
  if (named.length === 1) {
    return {
      status: 'customerOnly',
      customerId: candidates[0] ?? null,
      candidates,
      allocation: null,
    };
  }
  return { status: 'unknown', customerId: null, candidates, allocation: null };
}
