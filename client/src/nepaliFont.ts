// The Devanagari subset of Noto Sans Devanagari (weights 400 and 700; the browser picks the
// nearer for 500/600), imported by i18n.ts the first time Nepali shows. Without it a device
// with no Devanagari font draws every Nepali letter as an empty box.
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-700.css';
import './nepaliFont.css';

// Ask for both weights now: a browser only fetches a font it has decided to use, and where the
// family is not first in the stack (the English interface showing 'नेपाली') it may not.
if (typeof document !== 'undefined' && document.fonts) {
  for (const weight of [400, 700]) {
    void document.fonts.load(`${weight} 16px "Noto Sans Devanagari"`, 'नेपाली').catch(() => {});
  }
}
