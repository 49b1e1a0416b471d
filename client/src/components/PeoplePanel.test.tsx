import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { renderScreen } from '../test/renderScreen';
import { PeoplePanel } from './PeoplePanel';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('the People screen', () => {
  it("names the password's show/hide button in the reader's language", async () => {
    await act(() => i18n.changeLanguage('ne'));
    renderScreen(<PeoplePanel />, {
      path: '/customer/people',
      answers: { 'people.list': () => [] },
    });
    const show = await screen.findByRole('button', { name: 'पासवर्ड देखाउनुहोस्', hidden: true });
    expect(
      screen.queryByRole('button', { name: /Toggle password visibility/, hidden: true }),
    ).toBeNull();
    // Mantine turns it on the press (mouse down), keeping the focus in the field.
    fireEvent.mouseDown(show);
    expect(screen.getByRole('button', { name: 'पासवर्ड लुकाउनुहोस्', hidden: true })).toBeTruthy();
  });
});
