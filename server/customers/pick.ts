import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { customerPickInput, customerPickOut } from '../../shared/schemas/office';
import {
  matchScore,
  type SearchKey,
  type SearchQuery,
  searchKey,
  searchQuery,
} from '../../shared/search/fold';
import { codeKey, phoneDigits } from '../../shared/search/typed';
import type { Db } from '../platform/db';

// A customer picker's search (docs/decisions/093): the office types, the server answers the first
// few customers by name, code or kana reading, never the whole list. Only the columns a picker
// shows are read (no dues, no last delivery), so a keystroke costs one small scan.

interface PickRow {
  id: string;
  restaurantName: string;
  customerCode: string;
  transferName: string | null;
  billingName: string | null;
  closingDay: number | null;
  phoneNumber: string;
  mobileNumber: string | null;
}

const COLUMNS = sql`id, restaurant_name AS restaurantName, customer_code AS customerCode,
  transfer_name AS transferName, billing_name AS billingName, closing_day AS closingDay,
  phone_number AS phoneNumber, mobile_number AS mobileNumber`;
const PICK_SQL = sql`SELECT ${COLUMNS} FROM customer ORDER BY restaurant_name COLLATE NOCASE, id`;
// The closing run's one-customer choice offers only those billed monthly (掛売り).
const MONTHLY_SQL = sql`SELECT ${COLUMNS} FROM customer WHERE payment_method = 'monthly'
  ORDER BY restaurant_name COLLATE NOCASE, id`;

// Folding a name is the slow part (romanising kana, each sound's spellings): a name's key is
// made once and kept while the name is unchanged, looked up by the names themselves, so a
// renamed customer gets a new key and no change needs to clear anything. Keys of names no
// longer held are dropped when the store outgrows twice the customers (counted by a search
// over all of them: the monthly ones alone are fewer than the names kept).
const keys = new Map<string, SearchKey>();

interface Names {
  restaurantName: string;
  transferName: string | null;
  billingName: string | null;
}

function keyOf(row: Names, count: number): SearchKey {
  const id = `${row.restaurantName}\u0000${row.transferName ?? ''}\u0000${row.billingName ?? ''}`;
  let key = keys.get(id);
  if (!key) {
    if (keys.size > 2 * count + 100) keys.clear();
    key = searchKey([row.restaurantName, row.transferName, row.billingName]);
    keys.set(id, key);
  }
  return key;
}

/** Plain form for code and name prefixes: full-width letters and digits as typed by an IME, folded. */
const plain = (text: string) => text.normalize('NFKC').toLocaleLowerCase('en');

/**
 * Customers matching `q`, best first: the code typed exactly (or without its zeros and dashes,
 * "c7" for C007), a code beginning with it, a name
 * beginning with it, then names matching by spelling (the product search's folding, so
 * hiragana finds a katakana transfer name; kana is not romanised, so "sakura" does not find
 * さくら), then by a dropped vowel, then a code holding it or a phone number holding its digits.
 * Within each, the customer list's order (by name). An empty `q` answers the first by name.
 * `monthly`: only customers billed monthly, each with its closing day (the closing run's choice).
 */
export function pickCustomers(
  db: Db,
  input: z.output<typeof customerPickInput>,
): z.output<typeof customerPickOut> {
  const rows = db.all<PickRow>(input.monthly ? MONTHLY_SQL : PICK_SQL);
  const q = plain(input.q);
  const query = searchQuery(input.q);
  // "c7" or "Ｃ００７" for C007 (ADR 113); a phone number with or without its dashes.
  const key = codeKey(input.q);
  const phone = phoneDigits(input.q);
  const hits: { row: PickRow; rank: number; at: number }[] = [];
  rows.forEach((row, at) => {
    let rank: number;
    const code = plain(row.customerCode);
    if (!q) rank = 0;
    else if (code === q || (key !== null && codeKey(row.customerCode) === key)) rank = 0;
    else if (code.startsWith(q)) rank = 1;
    else if (plain(row.restaurantName).startsWith(q)) rank = 2;
    else {
      const score = matchScore(
        keyOf(row, input.monthly ? Number.POSITIVE_INFINITY : rows.length),
        query,
      );
      if (score === 2) rank = 3;
      else if (score === 1) rank = 4;
      else if (code.includes(q)) rank = 5;
      else if (phone && (row.phoneNumber.includes(phone) || row.mobileNumber?.includes(phone))) {
        rank = 5;
      } else return;
    }
    hits.push({ row, rank, at });
  });
  hits.sort((a, b) => a.rank - b.rank || a.at - b.at);
  return {
    customers: hits.slice(0, input.limit).map(({ row }) => ({
      _id: row.id,
      restaurantName: row.restaurantName,
      customerCode: row.customerCode,
      ...(input.monthly ? { closingDay: row.closingDay } : {}),
    })),
    more: hits.length > input.limit,
  };
}

/**
 * Whether a customer's names match what was typed by spelling, as the picker matches them (so the
 * customer list's search box finds ｻｸﾗｼｮｸﾄﾞｳ from さくら or サクラ, too). `count` is how many
 * customers are being searched, to bound the kept keys.
 */
export function namesMatch(names: Names, query: SearchQuery, count: number): boolean {
  return matchScore(keyOf(names, count), query) > 0;
}

/**
 * The customers a search box's text names by code or by name as the pickers read them (ADR 113):
 * their codes when the text is a code without its zeros or dashes ("c7" for C007), their
 * restaurant names when the text matches a name by spelling or kana reading (ﾅﾏｽﾃ, なますて for
 * "Namaste Curry House" through its billing name ナマステカレーハウス). The office's lists add these
 * to their plain "contains", so each list finds what the pickers find.
 */
export function customersTyped(db: Db, text: string): { codes: string[]; names: string[] } {
  const key = codeKey(text);
  const query = searchQuery(text);
  const rows = db.all<PickRow>(PICK_SQL);
  const codes: string[] = [];
  const names: string[] = [];
  for (const row of rows) {
    if (key !== null && codeKey(row.customerCode) === key) codes.push(row.customerCode);
    if (query.words.length > 0 && namesMatch(row, query, rows.length))
      names.push(row.restaurantName);
  }
  return { codes, names };
}
