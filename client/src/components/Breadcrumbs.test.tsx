import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Breadcrumbs } from './Breadcrumbs';

describe('Breadcrumbs', () => {
  it('centres a short link in its 44 px box (no gap after "गृह" before the separator)', () => {
    renderWithProviders(
      <MemoryRouter>
        <Breadcrumbs items={[{ label: 'गृह', link: '/customer' }, { label: 'कार्ट' }]} />
      </MemoryRouter>,
    );
    const home = screen.getByRole('link', { name: 'गृह' });
    // The theme's phone rule makes the link an inline-flex box of at least 44 px.
    expect(home.className).toMatch(/tapLink/);
    expect(home.style.justifyContent).toBe('center');
    expect(screen.getByText('कार्ट').getAttribute('aria-current')).toBe('page');
  });
});
