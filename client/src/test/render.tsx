import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AuthContext, type AuthState } from '../features/auth/AuthContext';
import i18n from '../i18n';
import { cssVariablesResolver, theme } from '../theme';

/** Mantine and i18n around a component; env 'test' turns off transitions and portals. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </MantineProvider>
  );
}

export function renderWithProviders(ui: ReactElement) {
  return render(ui, { wrapper: Providers });
}

export function fakeAuth(overrides: Partial<AuthState> = {}): AuthState {
  return {
    user: null,
    loading: false,
    signIn: vi.fn(),
    signOut: vi.fn(async () => {}),
    ...overrides,
  };
}

/** Shows the router's current path, so tests can see where a redirect went. */
export function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** Renders `ui` (usually <App />) at `path` with a fixed auth state instead of the server. */
export function renderAt(ui: ReactElement, path: string, auth: AuthState) {
  return renderWithProviders(
    <AuthContext value={auth}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <Routes>
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </AuthContext>,
  );
}
