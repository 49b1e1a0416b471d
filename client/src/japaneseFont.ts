// Noto Sans JP (weights 400 and 700; the browser picks the nearer for 500/600), imported by
// i18n.ts the first time Japanese shows (ADR 025). Its rules split the font into ~120
// unicode-range subsets per weight: the browser downloads only the subsets holding the glyphs
// on screen (kana and the common kanji sit in a few), never the whole ~5 MB font.
import '@fontsource/noto-sans-jp/400.css';
import '@fontsource/noto-sans-jp/700.css';
import './japaneseFont.css';

// Ask for the switch's '日本語' now: a browser only fetches a font it has decided to use, and
// where the family is not first in the stack (another interface showing '日本語') it may not.
if (typeof document !== 'undefined' && document.fonts) {
  for (const weight of [400, 700]) {
    void document.fonts.load(`${weight} 16px "Noto Sans JP"`, '日本語').catch(() => {});
  }
}
