import { Notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import i18n from '../i18n';
import { renderWithProviders } from '../test/render';
import { notifyError, notifySuccess } from './notify';

// A toast's close button is read out by name, in the reader's language.

it('names the close button of every toast, in the language shown', async () => {
  renderWithProviders(<Notifications />);
  await act(async () => {
    notifySuccess('Saved');
    notifyError('Not saved');
  });
  const closes = await screen.findAllByRole('button', { name: 'Close' });
  expect(closes).toHaveLength(2);
  await act(async () => {
    await i18n.changeLanguage('ne');
    notifySuccess('Saved again');
  });
  expect(await screen.findByRole('button', { name: 'बन्द गर्नुहोस्' })).toBeTruthy();
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});
