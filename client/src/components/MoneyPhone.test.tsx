import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Money } from './Money';
import { Phone } from './Phone';

describe('Money', () => {
  it('shows whole yen with thousands separators', () => {
    renderWithProviders(<Money amount={1234567} />);
    expect(screen.getByText('¥1,234,567')).toBeTruthy();
  });
});

describe('Phone', () => {
  it('dials the stored number with its leading 0 restored, and shows it with its hyphens', () => {
    renderWithProviders(<Phone number="312345678" />);
    const link = screen.getByRole('link', { name: 'Call 03-1234-5678' });
    expect(link.getAttribute('href')).toBe('tel:0312345678');
    expect(link.textContent).toBe('03-1234-5678');
  });

  it('shows nothing without a number', () => {
    const { container } = renderWithProviders(<Phone number="" />);
    expect(container.querySelector('a')).toBeNull();
  });
});
