import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import i18n from '../i18n';
// Screens are rendered here without their area's routes, which add the office's text.
import '../shell/staffText';
import '../shell/frameText';

// How long findBy/waitFor wait for what the screen will show: a machine busy with other work
// took over the default second to draw a screen from its answers (tests that pass alone failed in
// the whole suite). A ceiling, never a delay: a screen that shows sooner passes sooner.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the browser APIs Mantine uses for media queries, sizing and visibility.

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

class IntersectionObserverStub {
  readonly root = null;
  readonly rootMargin = '';
  readonly scrollMargin = '';
  readonly thresholds: number[] = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
window.IntersectionObserver = IntersectionObserverStub;

// A growing text box (Textarea autosize) listens for the page's fonts to load, and the font
// modules (japaneseFont.ts, nepaliFont.ts) ask for them; jsdom has no font set.
if (!('fonts' in document)) {
  const fonts = Object.assign(new EventTarget(), {
    load: () => Promise.resolve([]),
    ready: Promise.resolve(),
  });
  Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
}

// Mantine scrolls menus and comboboxes into view; jsdom has no layout to scroll.
Element.prototype.scrollIntoView = () => {};

// The Nepali text is a chunk the app fetches when Nepali first shows (i18n.ts); fetched here
// once per file, through the same loader, so a test switching languages does not wait on it.
beforeAll(() => i18n.loadLanguages('ne'));

afterEach(async () => {
  cleanup();
  localStorage.clear();
  await i18n.changeLanguage('en');
});
