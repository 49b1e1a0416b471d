// Test helper (not part of the app): the date fields (components/dates) driven as a person does.
import { fireEvent, waitFor, within } from '@testing-library/react';

/** Types `text` into a date field and leaves it (where it is read, or refused and emptied). */
export function typeDate(field: HTMLElement, text: string): void {
  fireEvent.focus(field);
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
}

/** Opens a date field's calendar (it opens when the field is focused) and returns it. */
export async function openCalendar(field: HTMLElement): Promise<HTMLElement> {
  fireEvent.focus(field);
  return waitFor(() => {
    const dropdown = document.querySelector<HTMLElement>('[data-dates-dropdown]');
    if (!dropdown) throw new Error('the calendar did not open');
    return dropdown;
  });
}

/**
 * Picks `yyyyMm` in a month field: opens its calendar, steps to the year with the year arrows
 * (named in the reader's language, `previousYear`/`nextYear`) and clicks the month, which is
 * named as the app writes a month (Oct 2026, 2026年10月).
 */
export async function pickMonth(
  field: HTMLElement,
  yyyyMm: string,
  names: { month: string; previousYear: string; nextYear: string },
): Promise<void> {
  fireEvent.click(field);
  const dropdown = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('[data-dates-dropdown]');
    if (!found) throw new Error('the calendar did not open');
    return found;
  });
  const year = Number(yyyyMm.slice(0, 4));
  for (let step = 0; step < 50; step += 1) {
    const month = within(dropdown).queryByRole('button', { name: names.month });
    if (month) {
      fireEvent.click(month);
      return;
    }
    const shown = within(dropdown)
      .getAllByRole('button')
      .map((b) => /\d{4}/.exec(b.getAttribute('aria-label') ?? '')?.[0])
      .find(Boolean);
    const arrow = Number(shown) > year ? names.previousYear : names.nextYear;
    fireEvent.click(within(dropdown).getByRole('button', { name: arrow }));
  }
  throw new Error(`no month ${names.month} in the calendar`);
}
