import { Box, Container } from '@mantine/core';
import { type ComponentType, lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { UserInfo } from '../../../shared/schemas/auth';
import { useAuth } from '../features/auth/AuthContext';
import { areaOf, homeFor } from '../features/auth/guards';
import { isCataloguePath, releaseFirstScreen } from '../firstScreen';
import { preloadArea } from '../shell/Areas';
import { ConnectionBanner } from '../shell/ConnectionBanner';
import { useAccountLanguage } from '../shell/LanguageSwitch';
import { prefetchCatalogue } from '../trpc';
import { CenteredLoader } from './CenteredLoader';

type Frame = ComponentType<{ user: UserInfo }>;

/** The frame's module once it has arrived: then it renders at once (see Areas.tsx, `loaded`). */
let loadedFrame: Frame | null = null;
const loadFrame = () =>
  import('../shell/SignedInFrame').then((module) => {
    loadedFrame = module.default;
    return module;
  });
const LazyFrame = lazy(loadFrame);

/** The frame, chosen once per sign-in: a changed component type would remount every screen. */
function SignedInFrame({ user }: { user: UserInfo }) {
  const [Frame] = useState<Frame>(() => loadedFrame ?? LazyFrame);
  return <Frame user={user} />;
}

/** Starts downloading the signed-in frame (with the area, as soon as the person is known). */
export function preloadFrame(): void {
  void loadFrame().catch(() => {
    // The lazy load reports the failure through the error boundary.
  });
}

/**
 * Every screen's frame. Signed out (the login screen): the page alone, no top bar (spec:
 * Login), from the first download. Signed in: the top bar and the rest of the frame, a chunk
 * of their own, fetched together with the person's area.
 */
export function AppShellLayout() {
  const { user, loading } = useAuth();
  const { pathname } = useLocation();
  useAccountLanguage(user);
  // The server's first screen of the catalogue (ADR 021) stays only while the app is on its
  // way to the same catalogue; the catalogue itself removes it when its cards show.
  const toCatalogue = loading || (user !== null && isCataloguePath(pathname));
  useLayoutEffect(() => {
    if (!toCatalogue) releaseFirstScreen();
  }, [toCatalogue]);
  const area = user ? (areaOf(pathname) ?? areaOf(homeFor(user))) : null;
  // Fetch the area's chunk beside the frame's, not after it; a customer's catalogue too
  // (most customer screens start from it), so it does not wait for the screen's code. Not on
  // the way to the home (just signed in, or the home itself): the home asks for it once its
  // tiles are drawn, as on a poor line it held them back (ADR 096).
  const toHome = pathname === '/' || pathname === '/customer' || pathname === '/customer/';
  useEffect(() => {
    if (area) preloadArea(area);
    if (area) preloadFrame();
    if (area === 'customer' && !toHome) prefetchCatalogue();
  }, [area, toHome]);

  if (!user) {
    return (
      <Box component="main" p="md">
        <ConnectionBanner />
        <Container size="lg" px={0}>
          <Outlet />
        </Container>
      </Box>
    );
  }
  return (
    <Suspense fallback={<CenteredLoader />}>
      <SignedInFrame user={user} />
    </Suspense>
  );
}
