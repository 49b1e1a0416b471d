import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PasswordInput, Select, Stepper, Textarea, TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from './test/render';

// Tap targets of 44 px on a phone (ADR 040), through the theme: the login, search, category and
// claim fields, and the cart's steps. jsdom draws nothing, so this checks that the theme gives
// each its class, and that the phone rule of that class makes 44 px.

const css = readFileSync(resolve('client/src/theme.module.css'), 'utf8');
/** The declarations of `.name.name` inside the phone media query. */
function phoneRule(name: string): string {
  const phone = css.slice(css.indexOf('@media (max-width: 47.99em)'));
  const at = phone.indexOf(`.${name}.${name} {`);
  expect(at, `.${name} in the phone rules`).toBeGreaterThan(-1);
  return phone.slice(at, phone.indexOf('}', at));
}

describe('44 px tap targets on a phone', () => {
  it('every text field, select and password field (not only some screens)', () => {
    renderWithProviders(
      <>
        <TextInput label="Search" />
        <Select label="By Category" data={['Rice']} />
        <PasswordInput label="Password" />
        <TextInput label="Quantity" size="xs" />
      </>,
    );
    for (const label of ['Search', 'By Category', 'Password', 'Quantity']) {
      const input = screen.getByLabelText(label, { selector: 'input' });
      const wrapper = input.closest('.mantine-Input-wrapper');
      expect(wrapper?.className, label).toMatch(/tapInput/);
    }
    const rule = phoneRule('tapInput');
    for (const size of ['xs', 'sm', 'md']) expect(rule).toContain(`--input-height-${size}: 44px`);
  });

  it('a textarea keeps its rows (Mantine sizes a multiline field by its content)', () => {
    renderWithProviders(<Textarea label="What is wrong?" rows={3} />);
    expect(screen.getByLabelText('What is wrong?').getAttribute('rows')).toBe('3');
  });

  it("the cart's steps", () => {
    renderWithProviders(
      <Stepper active={0} size="xs">
        <Stepper.Step label="Order review">a</Stepper.Step>
        <Stepper.Step label="Order complete">b</Stepper.Step>
      </Stepper>,
    );
    const steps = screen.getAllByRole('button');
    expect(steps).toHaveLength(2);
    for (const step of steps) expect(step.className).toMatch(/_tap_/);
    expect(phoneRule('tap')).toContain('min-height: 44px');
  });
});
