import { AppShell, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { useAuth } from '../features/auth/AuthContext';
import { TopBar } from './TopBar';

/** Every screen's frame: the top bar only when signed in (spec: Login), the page below. */
export function AppShellLayout() {
  const { user } = useAuth();
  return (
    <AppShell header={user ? { height: 60 } : undefined} padding="md">
      {user && (
        <AppShell.Header>
          <TopBar user={user} />
        </AppShell.Header>
      )}
      <AppShell.Main>
        {/* Bottom padding keeps the floating home button off the last row of content. */}
        <Container size="lg" px={0} pb={80}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
