// A forgiving product search (docs/decisions/039). Buyers type product names the way they say
// them: "daal" or "dal", "masla" for "masala", "jeera" or "jira", "chhola" or "chola", and
// sometimes in Devanagari ("दाल"). None of the fuzzy-search libraries (minisearch, fuse.js) is
// installed, and edit distance alone would not know that "aa" and "a" are one sound in
// romanised Nepali/Hindi; so names and queries are folded to one spelling by three small,
// explicit steps, each written down here:
//
// 1. Devanagari -> roman, by a transliteration table (below), with the inherent "a" after a
//    consonant dropped at the end of a word (दाल -> "daal", not "daala").
// 2. Aspirates folded into their plain consonant (kh->k, gh->g, chh/ch->c, jh->j, th->t, dh->d,
//    ph->p, bh->b, sh->s), and a few spellings of one sound (w->v, z->j, q->k, ee->i, oo->u,
//    a "y" glide after a consonant: "gyu" and "giu", "pyaj" and "piyaj").
// 3. Vowel length folded: a doubled letter becomes one ("daal" -> "dal", "ghee" -> "gi").
//    Three or more of one letter in a row are no spelling of a sound ("zzzz", "aaaa"): they stay
//    as they are, so such a word matches only a name that has them too, never every name
//    holding that one letter.
//
// A query word then matches a product when its folded form is inside the product's folded
// names (the old "contains", forgiving spelling), or, for a word of three or more consonants
// sounds, when its consonant skeleton begins a word's skeleton: "masla" and "masala" are both
// "msl" (a dropped or added short vowel).

const VIRAMA = '\u094D';
const NUKTA = '\u093C';

/** Consonants, each with its inherent "a" added by `romanise` when no vowel sign follows. */
const CONSONANTS: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'ng',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'ny',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
  क़: 'k',
  ख़: 'kh',
  ग़: 'g',
  ज़: 'j',
  ड़: 'r',
  ढ़: 'rh',
  फ़: 'f',
};

/** Independent vowels (at the start of a syllable). */
const VOWELS: Record<string, string> = {
  अ: 'a',
  आ: 'aa',
  इ: 'i',
  ई: 'ii',
  उ: 'u',
  ऊ: 'uu',
  ऋ: 'ri',
  ए: 'e',
  ऐ: 'ai',
  ओ: 'o',
  औ: 'au',
};

/** Vowel signs (after a consonant, replacing its inherent "a"). */
const SIGNS: Record<string, string> = {
  'ा': 'aa',
  'ि': 'i',
  'ी': 'ii',
  'ु': 'u',
  'ू': 'uu',
  'ृ': 'ri',
  'े': 'e',
  'ै': 'ai',
  'ो': 'o',
  'ौ': 'au',
};

/** Other marks: nasal marks are an "n", the visarga an "h"; Devanagari digits are digits. */
const MARKS: Record<string, string> = {
  'ं': 'n',
  'ँ': 'n',
  'ः': 'h',
  '०': '0',
  '१': '1',
  '२': '2',
  '३': '3',
  '४': '4',
  '५': '5',
  '६': '6',
  '७': '7',
  '८': '8',
  '९': '9',
};

const isDevanagariLetter = (c: string | undefined) =>
  c !== undefined && (c in CONSONANTS || c in VOWELS || c in SIGNS || c === VIRAMA || c in MARKS);

/** Step 1: Devanagari to a plain romanisation; other text passes through unchanged. */
export function romanise(text: string): string {
  // NFC keeps the precomposed nukta letters (क़) as the table has them.
  const chars = [...text.normalize('NFC')];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    let c = chars[i] as string;
    if (chars[i + 1] === NUKTA) {
      c = (c + NUKTA).normalize('NFC');
      i++;
    }
    const consonant = CONSONANTS[c];
    if (consonant !== undefined) {
      const next = chars[i + 1];
      out += consonant;
      // The inherent vowel: not before a vowel sign or a virama, and not at a word's end
      // (Nepali drops it there: दाल is "daal").
      if (next !== undefined && !(next in SIGNS) && next !== VIRAMA && isDevanagariLetter(next)) {
        out += 'a';
      }
      continue;
    }
    if (c === VIRAMA || c === NUKTA) continue;
    out += VOWELS[c] ?? SIGNS[c] ?? MARKS[c] ?? c;
  }
  return out;
}

/** Step 2 on romanised text. The order matters: "chh" before "ch" before "h". */
const SOUNDS: [RegExp, string][] = [
  [/chh|ch|cch/g, 'c'],
  [/kh/g, 'k'],
  [/gh/g, 'g'],
  [/jh/g, 'j'],
  [/th/g, 't'],
  [/dh/g, 'd'],
  [/ph|f/g, 'p'],
  [/bh/g, 'b'],
  [/sh/g, 's'],
  [/w/g, 'v'],
  [/z/g, 'j'],
  [/q/g, 'k'],
  // Only a pair: "eee" is not "ie" (step 3 keeps a run of three).
  [/(?<!e)ee(?!e)|(?<!i)ii(?!i)|ey$/g, 'i'],
  [/(?<!o)oo(?!o)|(?<!u)uu(?!u)/g, 'u'],
  // A "y" glide after a consonant, or after an "i", is one sound with an "i": Nepali writes
  // ghee घ्यू and घिउ, onion प्याज and पियाज, and buyers type "pyaj" or "piyaj". Folded on
  // both sides, before a vowel or at a word's end (so "py", half typed, still finds "pyaj").
  [/(?<=[bcdfghjklmnpqrstvxz])y(?=[aeiou]|(?!\p{L}))/gu, 'i'],
  [/iy(?=[aeiou]|(?!\p{L}))/gu, 'i'],
];

/**
 * Step 3: vowel length and doubled consonants ("daal" -> "dal", "batti" -> "bati"). A run of
 * three or more of one letter is kept: it is no sound, and folded to one letter it would match
 * every name holding that letter ("zzzz" -> "j" found 47 products).
 */
const doubled = (text: string) =>
  text.replace(/(\p{L})\1+/gu, (run, letter: string) => (run.length === 2 ? letter : run));

/**
 * Hiragana as katakana: a Japanese reader types a product's katakana name (ギー) as it sounds,
 * often left in hiragana (ぎー) by the input method. NFKC has already made half-width katakana
 * full-width; the two syllabaries sit 0x60 apart.
 */
const asKatakana = (text: string) =>
  text.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

/** One word or a whole name, folded: lower case, roman letters, one spelling per sound. */
export function fold(text: string): string {
  let s = romanise(asKatakana(text.normalize('NFKC').toLocaleLowerCase('en')));
  // Accents off ("jalapeño" -> "jalapeno").
  s = s.normalize('NFD').replace(/\p{M}/gu, '');
  for (const [re, to] of SOUNDS) s = s.replace(re, to);
  return doubled(s);
}

/** The words of a text, folded (letters and digits only). */
export function foldedWords(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * A word's consonant skeleton: its first letter, then its consonants (vowels and y dropped),
 * so a short vowel left out or put in does not matter ("masla", "masala" -> "msl").
 */
export function skeleton(word: string): string {
  return word.charAt(0) + word.slice(1).replace(/[aeiouy]/g, '');
}

/** A product's names prepared once for matching (kept beside the cached catalogue). */
export interface SearchKey {
  /** Every folded name without spaces or punctuation, separated by \u0000. */
  squashed: string;
  /** Skeletons of every word of every name. */
  skeletons: string[];
  /** Every name as written, lower case, separated by \u0000 (for `literalOnly` words). */
  plain: string;
}

export function searchKey(names: readonly (string | null | undefined)[]): SearchKey {
  const present = names.filter((n): n is string => Boolean(n));
  const words = present.flatMap(foldedWords);
  return {
    squashed: present.map((n) => foldedWords(n).join('')).join('\u0000'),
    skeletons: words.map(skeleton),
    plain: present.map(plainText).join('\u0000'),
  };
}

const plainText = (text: string) => asKatakana(text.normalize('NFKC').toLocaleLowerCase('en'));

/** A query prepared once: its folded words and their skeletons. */
export interface SearchQuery {
  words: { folded: string; skeleton: string; literal?: string; singular?: string }[];
}

export function searchQuery(text: string): SearchQuery {
  const plain = plainText(text).trim();
  // Typed text with no letter or digit ("%", "_", "'", an emoji) has no word to fold: it matches
  // a name holding it as typed ("&" finds "Curry & Naan"), never every name (ADR 113).
  if (plain && !/[\p{L}\p{N}]/u.test(plain)) {
    return { words: [{ folded: plain, skeleton: '', literal: plain }] };
  }
  return {
    words: plain
      .split(/[^\p{L}\p{N}\p{M}]+/u)
      .filter(Boolean)
      .flatMap((word) =>
        foldedWords(word).map((folded) => ({
          folded,
          skeleton: skeleton(folded),
          // A word of several letters folded to one ("zz" -> "j", "sh" -> "s") would match
          // every name holding that letter: such a word matches only as it was typed.
          ...(folded.length === 1 && word.length > 1 ? { literal: word } : {}),
          // An English plural finds the singular name ("momos" -> Momo, "samosas" -> Samosa).
          ...(folded.length >= 4 && folded.endsWith('s') ? { singular: folded.slice(0, -1) } : {}),
        })),
      ),
  };
}

/**
 * How well a product matches: 2 every word is inside its folded names, 1 every word is there
 * at least by its consonant skeleton, 0 no match. An empty query matches everything (2).
 */
export function matchScore(key: SearchKey, query: SearchQuery): 0 | 1 | 2 {
  let score: 0 | 1 | 2 = 2;
  for (const w of query.words) {
    if (w.literal !== undefined) {
      if (key.plain.includes(w.literal)) continue;
      return 0;
    }
    if (key.squashed.includes(w.folded)) continue;
    if (w.singular !== undefined && key.squashed.includes(w.singular)) continue;
    // Skeletons of fewer than three letters ("dl") would match too much; those words must
    // match by their folded form.
    if (w.skeleton.length >= 3 && key.skeletons.some((s) => s.startsWith(w.skeleton))) {
      score = 1;
      continue;
    }
    return 0;
  }
  return score;
}
