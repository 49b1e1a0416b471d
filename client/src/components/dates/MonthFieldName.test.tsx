import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { renderWithProviders } from '../../test/render';
import { MonthField } from './MonthField';

// The tax summary's month field is a button: a screen reader heard only its label (対象月),
// never the month chosen. Its name says both.

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('a month field heard by a screen reader', () => {
  it('says its label and the month chosen, in Japanese and English', async () => {
    await act(() => i18n.changeLanguage('ja'));
    const view = renderWithProviders(
      <MonthField label="対象月" value="2026-10" onChange={() => {}} />,
    );
    expect(screen.getByRole('button', { name: '対象月：2026年10月' })).toBeTruthy();
    view.unmount();
    await act(() => i18n.changeLanguage('en'));
    renderWithProviders(<MonthField label="Month" value="2026-10" onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Month: Oct 2026' })).toBeTruthy();
  });
});
