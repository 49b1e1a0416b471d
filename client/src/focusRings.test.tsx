import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  Input,
  NativeSelect,
  NumberInput,
  PasswordInput,
  Select,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput, TimePicker } from '@mantine/dates';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Tile } from './components/Tiles';
import { renderWithProviders } from './test/render';

// The keyboard's focus, seen (WCAG 2.4.7, and 2.4.13's 2 px ring in contrast). jsdom draws
// nothing: this checks that each control gets the class whose rule draws the ring, and the rule.

const themeCss = readFileSync(resolve('client/src/theme.module.css'), 'utf8');
const mantineCss = readFileSync(resolve('node_modules/@mantine/core/styles/global.css'), 'utf8');

/** The declarations of the first rule whose selector is exactly `selector`. */
function rule(css: string, selector: string): string {
  const at = css.indexOf(`${selector} {`);
  expect(at, `${selector} in the CSS`).toBeGreaterThan(-1);
  return css.slice(at, css.indexOf('}', at));
}

describe('focus rings', () => {
  it('a home tile (a card drawn as a link) takes the buttons ring, for the keyboard only', () => {
    renderWithProviders(
      <MemoryRouter>
        <Tile to="/customer/regularorder" icon={null} label="All Products" />
      </MemoryRouter>,
    );
    const tile = screen.getByRole('link', { name: 'All Products' });
    expect(tile.className).toMatch(/\bmantine-focus-auto\b/);
    // Mantine's rule for that class: a 2 px ring on :focus-visible (not on a mouse click).
    expect(rule(mantineCss, '.mantine-focus-auto:focus-visible')).toMatch(/outline: 2px solid/);
  });

  it('every text field, select, number, password, text area and date or time field', () => {
    renderWithProviders(
      <>
        <TextInput label="Search" />
        <Select label="By Category" data={['Rice']} />
        <NumberInput label="Cash taken" />
        <Textarea label="What is wrong?" />
        <PasswordInput label="Password" />
        <NativeSelect label="Reason" data={['Broken']} />
        <Input component="select" aria-label="Language">
          <option value="en">English</option>
        </Input>
        <DatePickerInput label="Delivery date" />
        <TimePicker label="Cut-off time" />
      </>,
    );
    const named = [
      'Search',
      'By Category',
      'Cash taken',
      'What is wrong?',
      'Password',
      'Reason',
      'Language',
      'Delivery date',
    ];
    for (const name of named) {
      const field = screen.getAllByLabelText(name)[0] as HTMLElement;
      // The box Mantine draws as the field: the control itself, or the one around it.
      const box = field.closest('.mantine-Input-input') ?? field;
      expect(box.className, name).toMatch(/_focusInput_/);
    }
    const time = document
      .querySelector('.mantine-TimePicker-field')
      ?.closest('.mantine-Input-input');
    expect(time?.className, 'Cut-off time').toMatch(/_focusInput_/);

    for (const selector of [
      '.focusInput.focusInput:focus-visible',
      '.focusInput.focusInput:has(:focus-visible)',
    ]) {
      const declarations = rule(themeCss, selector);
      expect(declarations).toContain('outline: 2px solid var(--mantine-primary-color-filled)');
      expect(declarations).toContain('outline-offset: 2px');
    }
  });
});
