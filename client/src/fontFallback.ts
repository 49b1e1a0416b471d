// For another language's reader on a device with no Devanagari or no Japanese font at all
// (a desktop without them; phones have both): the switch's 'नेपाली' and '日本語' would be
// empty boxes. Loaded by i18n.ts when the page is idle, so the first download carries none of it.

/**
 * Whether this device draws every one of `letters` as the missing-glyph box: each measures
 * exactly as an unassigned code point does.
 */
function drawsAsBoxes(letters: readonly string[]): boolean {
  try {
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return false;
    ctx.font = '32px sans-serif';
    const box = ctx.measureText('\u0378').width;
    return letters.every((ch) => ctx.measureText(ch).width === box);
  } catch {
    return false;
  }
}

/** No font for Devanagari at all. */
export const lacksDevanagari = () => drawsAsBoxes(['न', 'क', 'प']);

/** No font for Japanese at all (kana and kanji). */
export const lacksJapanese = () => drawsAsBoxes(['日', '本', 'あ']);

/**
 * Loads the Devanagari font (as a Nepali reader gets it, ~100 KB) and, for '日本語', only its
 * three glyphs' files (japaneseName.css, ~25 KB), not the whole Japanese font, where missing.
 * The loaders come from i18n.ts, so that this chunk imports nothing.
 */
export function loadMissingFonts(load: { devanagari(): void; japaneseName(): void }): void {
  if (lacksDevanagari()) load.devanagari();
  if (lacksJapanese()) load.japaneseName();
}
