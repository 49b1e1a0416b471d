import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import { FONT_FAMILY, PALETTE } from '../../shared/palette';

const fontFamily = FONT_FAMILY;

// Mantine's palettes with shades 7-9 deepened (shared/palette.ts: the server's first screen
// of the catalogue uses the same colours).
const colors: Record<string, MantineColorsTuple> = PALETTE as unknown as Record<
  string,
  MantineColorsTuple
>;

/** Dimmed text one shade darker than Mantine's gray 6 (3.3:1 on white): gray 7 is 8:1. */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

export { cssVariablesResolver };

export const theme = createTheme({
  primaryColor: 'green',
  primaryShade: { light: 8, dark: 8 },
  colors,
  defaultRadius: 'md',
  fontFamily,
  headings: { fontFamily },
  // Cards and tiles are links: show the hand cursor on them like on buttons.
  cursorType: 'pointer',
});
