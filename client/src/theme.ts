import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

// Devanagari needs a font that has it: the bundled Noto Sans Devanagari comes with the Nepali
// interface (nepaliFont.ts); system fonts cover it where they can before that loads.
const fontFamily =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Devanagari', " +
  "'Helvetica Neue', Arial, sans-serif";

/**
 * Mantine's palettes with shades 7-9 deepened so that white text on a filled button or badge
 * (shade 8, the primary shade) reaches at least 5:1, and a light badge's text (shade 9) on its
 * tint (shade 1) at least 5.5:1 (WCAG AA asks 4.5:1). Shades 0-6 are Mantine's own.
 */
const colors: Record<string, MantineColorsTuple> = {
  green: [
    '#ebfbee',
    '#d3f9d8',
    '#b2f2bb',
    '#8ce99a',
    '#69db7c',
    '#51cf66',
    '#40c057',
    '#298439',
    '#257b35',
    '#226c30',
  ],
  red: [
    '#fff5f5',
    '#ffe3e3',
    '#ffc9c9',
    '#ffa8a8',
    '#ff8787',
    '#ff6b6b',
    '#fa5252',
    '#d83838',
    '#c52b2b',
    '#ad2424',
  ],
  blue: [
    '#e7f5ff',
    '#d0ebff',
    '#a5d8ff',
    '#74c0fc',
    '#4dabf7',
    '#339af0',
    '#228be6',
    '#1a76c9',
    '#1768b2',
    '#165a9a',
  ],
  orange: [
    '#fff4e6',
    '#ffe8cc',
    '#ffd8a8',
    '#ffc078',
    '#ffa94d',
    '#ff922b',
    '#fd7e14',
    '#c15005',
    '#b54509',
    '#a5370b',
  ],
  grape: [
    '#f8f0fc',
    '#f3d9fa',
    '#eebefa',
    '#e599f7',
    '#da77f2',
    '#cc5de8',
    '#be4bdb',
    '#ae3ec9',
    '#9935b1',
    '#862e9c',
  ],
  teal: [
    '#e6fcf5',
    '#c3fae8',
    '#96f2d7',
    '#63e6be',
    '#38d9a9',
    '#20c997',
    '#12b886',
    '#0a8560',
    '#077855',
    '#076b4c',
  ],
  yellow: [
    '#fff9db',
    '#fff3bf',
    '#ffec99',
    '#ffe066',
    '#ffd43b',
    '#fcc419',
    '#fab005',
    '#a26900',
    '#9e5c00',
    '#934c00',
  ],
  cyan: [
    '#e3fafc',
    '#c5f6fa',
    '#99e9f2',
    '#66d9e8',
    '#3bc9db',
    '#22b8cf',
    '#15aabf',
    '#0d8091',
    '#0a7284',
    '#0a6778',
  ],
  lime: [
    '#f4fce3',
    '#e9fac8',
    '#d8f5a2',
    '#c0eb75',
    '#a9e34b',
    '#94d82d',
    '#82c91e',
    '#51810f',
    '#49790b',
    '#426b09',
  ],
  pink: [
    '#fff0f6',
    '#ffdeeb',
    '#fcc2d7',
    '#faa2c1',
    '#f783ac',
    '#f06595',
    '#e64980',
    '#d6336c',
    '#be245a',
    '#a61e4d',
  ],
  indigo: [
    '#edf2ff',
    '#dbe4ff',
    '#bac8ff',
    '#91a7ff',
    '#748ffc',
    '#5c7cfa',
    '#4c6ef5',
    '#4263eb',
    '#3a59d7',
    '#3249b7',
  ],
};

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
