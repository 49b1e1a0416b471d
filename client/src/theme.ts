import { createTheme } from '@mantine/core';

// Devanagari needs a font that has it; Noto Sans Devanagari is on most phones and desktops.
const fontFamily =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Devanagari', " +
  "'Helvetica Neue', Arial, sans-serif";

export const theme = createTheme({
  primaryColor: 'green',
  defaultRadius: 'md',
  fontFamily,
  headings: { fontFamily },
  // Cards and tiles are links: show the hand cursor on them like on buttons.
  cursorType: 'pointer',
});
