import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import { FONT_FAMILY, PALETTE } from '../../shared/palette';
import { FocusKeepingButton } from './components/FocusKeepingButton';
import i18n from './i18n';
import classes from './theme.module.css';

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
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Form errors (and other "error" text) in red 8: red 6 is 3.6:1 on white, under 4.5:1.
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});

export { cssVariablesResolver };

const calendarTaps = {
  day: classes.tap,
  calendarHeaderControl: classes.tap,
  calendarHeaderLevel: classes.tap,
  monthsListControl: classes.tap,
  yearsListControl: classes.tap,
};

export const theme = createTheme({
  primaryColor: 'green',
  primaryShade: { light: 8, dark: 8 },
  colors,
  defaultRadius: 'md',
  fontFamily,
  headings: { fontFamily },
  // Cards and tiles are links: show the hand cursor on them like on buttons.
  cursorType: 'pointer',
  // The keyboard's focus ring on every control (never on a mouse click).
  focusRing: 'auto',
  // On a phone every button-like part is at least 44 x 44 px (theme.module.css, ADR 040).
  // Plain objects, not Component.extend(): naming a component here would pull its code into
  // the first download.
  components: {
    // A button keeps the keyboard's focus while it shows its loading state (Mantine disables
    // it, and Chromium then moves the focus to the page): components/FocusKeepingButton.tsx.
    Button: { classNames: { root: classes.tap }, defaultProps: { component: FocusKeepingButton } },
    ActionIcon: { classNames: { root: classes.tap } },
    CloseButton: { classNames: { root: classes.tap } },
    Chip: { classNames: { label: classes.tap } },
    Pagination: { classNames: { control: classes.tap } },
    Tabs: { classNames: { tab: classes.tap } },
    NavLink: { classNames: { root: classes.tap } },
    Anchor: { classNames: { root: classes.tapLink } },
    Switch: { classNames: { body: classes.tapRow } },
    MenuItem: { classNames: { item: classes.tap } },
    Menu: { classNames: { item: classes.tap } },
    Carousel: { classNames: { control: classes.tap, indicator: classes.indicator } },
    Burger: { classNames: { root: classes.tap } },
    SegmentedControl: { classNames: { label: classes.tap } },
    // Text fields, selects and searches (every Mantine input): 44 px tall on a phone, and the
    // keyboard's focus drawn as a ring, not only as the border's colour.
    Input: { classNames: { wrapper: classes.tapInput, input: classes.focusInput } },
    // The cart's steps (Review, Complete) are buttons too.
    Stepper: { classNames: { step: classes.tap } },
    // A native select is tapped like a button (the phone opens its own picker).
    NativeSelect: { classNames: { input: classes.tap } },
    // So is a file picker (a button drawn as an input).
    FileInput: { classNames: { input: classes.tap } },
    // Calendars (the holidays, the delivery date): days, month and year cells, the header's
    // arrows and title.
    DatePicker: { classNames: calendarTaps },
    DatePickerInput: { classNames: calendarTaps },
    Calendar: { classNames: calendarTaps },
    // A dialog's head is Mantine's <header>, which outside <main> counts as a page's banner: an
    // open dialog made two banner landmarks. Its title names the dialog; the head is only a box.
    Modal: { defaultProps: { attributes: { header: { role: 'none' } } } },
    // The eye of every password field is named in the reader's language (Mantine's own name is
    // the English "Toggle password visibility"); read at each render, so it follows a change of
    // language. A toggle: the name stays, aria-pressed says whether the password shows. A field
    // that passes its own visibilityToggleButtonProps (the sign-in form) keeps them.
    PasswordInput: {
      defaultProps: () => ({
        visibilityToggleButtonProps: { 'aria-label': i18n.t('login.showPassword') },
      }),
    },
  },
});
