import { type ComponentType, lazy, useState } from 'react';

// The customer's screens other than the home (screens.tsx) arrive in a chunk of their own
// (ADR 096): the home's tiles wait only for the frame's and the home's code.

type Screens = typeof import('./screens');

let loading: Promise<Screens> | null = null;
/** The screens' module once it has arrived: a screen then renders at once, without suspending. */
let loaded: Screens | null = null;

/** The other screens' chunk, asked for once (a failed download is asked for again). */
function loadScreens(): Promise<Screens> {
  loading ??= import('./screens').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Starts downloading the other screens (the home asks once its tiles are drawn). */
export function preloadCustomerScreens(): void {
  void loadScreens().catch(() => {
    // The screen's own load reports the failure, with Retry (AreaErrorBoundary).
  });
}

type Name = keyof Screens;
const lazies = new Map<Name, ComponentType>();
function lazyScreen(name: Name): ComponentType {
  let component = lazies.get(name);
  if (!component) {
    component = lazy(() =>
      loadScreens().then((module) => ({ default: module[name] as ComponentType })),
    );
    lazies.set(name, component);
  }
  return component;
}

function ScreenOf({ name }: { name: Name }) {
  const [Component] = useState<ComponentType>(
    () => (loaded?.[name] as ComponentType | undefined) ?? lazyScreen(name),
  );
  return <Component />;
}

/**
 * One screen of screens.tsx: at once when its chunk is here, else through lazy() (the area's
 * Suspense shows the loader meanwhile). Chosen once per mount, so the screen never remounts;
 * keyed by name, so another route's screen is a screen of its own.
 */
export function Screen({ name }: { name: Name }) {
  return <ScreenOf key={name} name={name} />;
}
