// The fonts documents are drawn with, and which of them a piece of text needs. Noto Sans JP draws
// Japanese and English; it has no Devanagari, so Nepali typed by a restaurant or a driver (a
// claim's reason, a recipient's name, an address) is drawn with Noto Sans Devanagari, the font
// the app's own Nepali screens use. Both are embedded as a subset of the glyphs a PDF uses.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A font as pdfkit's own font library (fontkit) parses it; pdfkit accepts it in place of bytes. */
export type ParsedFont = { layout: (text: string) => unknown; ascent: number; unitsPerEm: number };
export interface FontPair {
  regular: ParsedFont;
  bold: ParsedFont;
}

// fontkit as pdfkit itself loads it (the same copy, found from pdfkit's folder).
const fontkit = () =>
  createRequire(require.resolve('pdfkit'))('fontkit') as { create(bytes: Uint8Array): ParsedFont };

let japanese: FontPair | null = null;
let devanagari: FontPair | null = null;

/**
 * The Japanese TTF files, read and parsed once per process: parsing the 5 MB font for every
 * document was most of a document's time. pdfkit still subsets per document.
 */
export function japaneseFonts(): FontPair {
  if (!japanese) {
    const file = (weight: string) =>
      fs.readFileSync(
        require.resolve(`@expo-google-fonts/noto-sans-jp/${weight}/NotoSansJP_${weight}.ttf`),
      );
    japanese = {
      regular: fontkit().create(file('400Regular')),
      bold: fontkit().create(file('700Bold')),
    };
  }
  return japanese;
}

/**
 * The Devanagari fonts (TrueType, ~220 KB each, from the same font family package as the
 * Japanese ones), read and parsed the first time a document has Devanagari in it: most
 * documents never do.
 */
export function devanagariFonts(): FontPair {
  if (!devanagari) {
    const file = (weight: string) =>
      fs.readFileSync(
        require.resolve(
          `@expo-google-fonts/noto-sans-devanagari/${weight}/NotoSansDevanagari_${weight}.ttf`,
        ),
      );
    devanagari = {
      regular: fontkit().create(file('400Regular')),
      bold: fontkit().create(file('700Bold')),
    };
  }
  return devanagari;
}

/**
 * How far below the line's top a Devanagari run starts so that its baseline meets the Japanese
 * font's, in ems: pdfkit puts the baseline one ascender below the top, and the Japanese font's
 * ascender is the taller (1.16 against 0.896 em).
 */
export function devanagariDrop(): number {
  const jp = japaneseFonts().regular;
  const dev = devanagariFonts().regular;
  return jp.ascent / jp.unitsPerEm - dev.ascent / dev.unitsPerEm;
}

const LETTER = '\\u0900-\\u097F\\uA8E0-\\uA8FF';
/** Devanagari and Devanagari Extended. */
const HAS_DEVANAGARI = new RegExp(`[${LETTER}]`);
/**
 * A Devanagari run: its letters with the spaces and joiners between them (a run shapes as one:
 * the joiners decide a conjunct), never the punctuation or digits around them, which the
 * Devanagari subset does not have (a comma drew as an empty box).
 */
const DEVANAGARI_RUN = new RegExp(`[${LETTER}](?:[${LETTER}\\u200C\\u200D ]*[${LETTER}])?`, 'g');

export function hasDevanagari(text: string): boolean {
  return HAS_DEVANAGARI.test(text);
}

export interface ScriptRun {
  text: string;
  devanagari: boolean;
}

/** The text cut into runs each font draws, in order. */
export function scriptRuns(text: string): ScriptRun[] {
  const runs: ScriptRun[] = [];
  let at = 0;
  for (const m of text.matchAll(DEVANAGARI_RUN)) {
    if (m.index > at) runs.push({ text: text.slice(at, m.index), devanagari: false });
    runs.push({ text: m[0], devanagari: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) runs.push({ text: text.slice(at), devanagari: false });
  return runs;
}

/** Vowel signs, the virama and other marks that belong to the letter before them. */
const MARK = /[\u0900-\u0903\u093A-\u094F\u0951-\u0957\u0962\u0963\uA8E0-\uA8F1\uA8FF\u200C\u200D]/;
const VIRAMA = '\u094D';

/**
 * `at`, or the nearest place before it where the text may be cut without splitting a Devanagari
 * syllable (a vowel sign from its letter, or the letters of a conjunct joined by a virama): cut
 * there, a sign would print alone on a dotted circle. Never less than 1, so a cut always moves.
 */
export function syllableCut(text: string, at: number): number {
  let cut = at;
  while (cut > 1 && (MARK.test(text[cut] ?? '') || text[cut - 1] === VIRAMA)) cut -= 1;
  return cut;
}
