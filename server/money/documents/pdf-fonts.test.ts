import { describe, expect, it } from 'vitest';
import { hasDevanagari, scriptRuns, syllableCut } from './pdf-fonts';

describe('scriptRuns', () => {
  it('gives Devanagari words and the spaces between them to one run, punctuation and digits to the other font', () => {
    expect(scriptRuns('理由: बोरा च्यातिएको थियो, ५ bags।')).toEqual([
      { text: '理由: ', devanagari: false },
      { text: 'बोरा च्यातिएको थियो', devanagari: true },
      { text: ', ', devanagari: false },
      { text: '५', devanagari: true },
      { text: ' bags', devanagari: false },
      { text: '।', devanagari: true },
    ]);
  });

  it('keeps a joiner inside its run, and text without Devanagari whole', () => {
    expect(scriptRuns('कर\u200D्या')).toEqual([{ text: 'कर\u200D्या', devanagari: true }]);
    expect(scriptRuns('さくら食堂 Kitchen')).toEqual([
      { text: 'さくら食堂 Kitchen', devanagari: false },
    ]);
    expect(hasDevanagari('さくら食堂 Kitchen')).toBe(false);
    expect(hasDevanagari('ꣲ')).toBe(true);
  });
});

describe('syllableCut', () => {
  it('never cuts a vowel sign from its letter or inside a conjunct', () => {
    // "ab च्या": before य (after the virama) moves back before च.
    expect(syllableCut('ab च्या', 5)).toBe(3);
    // Before the vowel sign ि moves back before थ.
    expect(syllableCut('थियो', 1)).toBe(1);
    expect(syllableCut('ab थियो', 4)).toBe(3);
    // Between letters and in Japanese, where it is.
    expect(syllableCut('बोरा', 2)).toBe(2);
    expect(syllableCut('東京都新宿区', 3)).toBe(3);
  });
});
