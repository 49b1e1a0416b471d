import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { CenteredLoader } from '../components/CenteredLoader';
import { NotFound } from '../components/NotFound';
import { type Area, areaOf } from '../features/auth/guards';
import { AreaErrorBoundary } from './AreaErrorBoundary';

type AreaModule = Promise<{ default: ComponentType }>;

/** Each area is its own chunk: features/<area>/routes.tsx, default export = the area's routes. */
const LOADERS: Record<Area, () => AreaModule> = {
  customer: () => import('../features/customer/routes'),
  driver: () => import('../features/driver/routes'),
  admin: () => import('../features/admin/routes'),
};

/**
 * The areas whose chunk has arrived. Such an area renders at once instead of through lazy(),
 * which would suspend once more even for a module already there, and React holds the reveal
 * of a suspended boundary for up to 300 ms: on a phone opening a customer page, the chunk is
 * usually there before the session check has answered (public/early.js, ADR 017).
 */
const loaded: Partial<Record<Area, ComponentType>> = {};

function load(area: Area): AreaModule {
  return LOADERS[area]().then((module) => {
    loaded[area] = module.default;
    return module;
  });
}

/** Starts downloading an area's chunk (e.g. as soon as the person is known). */
export function preloadArea(area: Area): void {
  void load(area).catch(() => {
    // The area's own load reports the failure, with Retry.
  });
}

function LoadedArea({ area, pathname }: { area: Area; pathname: string }) {
  // A rejected lazy() stays rejected: Retry makes a new one, which downloads the chunk again.
  const [Component, setComponent] = useState(() => loaded[area] ?? lazy(() => load(area)));
  return (
    <AreaErrorBoundary
      area={area}
      resetKey={pathname}
      onRetry={() => setComponent(() => lazy(() => load(area)))}
    >
      <Suspense fallback={<CenteredLoader />}>
        <Component />
      </Suspense>
    </AreaErrorBoundary>
  );
}

/** Every path but '/': its area's chunk (guarded again inside), or Page not found. */
export function Areas() {
  const { pathname } = useLocation();
  const area = areaOf(pathname);
  if (!area) return <NotFound />;
  return <LoadedArea key={area} area={area} pathname={pathname} />;
}
