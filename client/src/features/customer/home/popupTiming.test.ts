import { describe, expect, it } from 'vitest';
import {
  POPUP_REPEAT_MS,
  POPUP_SHOWN_KEY,
  popupDue,
  readLastShown,
  rememberShown,
} from './popupTiming';

describe('popup timing', () => {
  const now = 1_700_000_000_000;

  it('is due when never shown or shown 15 minutes ago or more', () => {
    expect(popupDue(null, now)).toBe(true);
    expect(popupDue(now - POPUP_REPEAT_MS, now)).toBe(true);
    expect(popupDue(now - 900_000 - 1, now)).toBe(true);
  });

  it('is not due within 15 minutes of the last showing', () => {
    expect(popupDue(now, now)).toBe(false);
    expect(popupDue(now - 899_999, now)).toBe(false);
  });

  it('treats a last time in the future as long ago', () => {
    expect(popupDue(now + 60_000, now)).toBe(true);
  });

  it('remembers the last showing in localStorage', () => {
    expect(readLastShown()).toBeNull();
    rememberShown(now);
    expect(localStorage.getItem(POPUP_SHOWN_KEY)).toBe(String(now));
    expect(readLastShown()).toBe(now);
    localStorage.setItem(POPUP_SHOWN_KEY, 'garbage');
    expect(readLastShown()).toBeNull();
  });
});
