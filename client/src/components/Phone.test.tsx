import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Phone } from './Phone';

describe('a phone number on a screen', () => {
  it('is shown with its hyphens and dialled as digits', () => {
    renderWithProviders(<Phone number="312345678" />);
    const link = screen.getByRole('link');
    expect(link.textContent).toBe('03-1234-5678');
    expect(link.getAttribute('href')).toBe('tel:0312345678');
  });
});
