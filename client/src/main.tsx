// Only the styles of the login screen's parts: the signed-in frame brings all of Mantine's
// (shell/SignedInFrame.tsx), so the first download stays small.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Container.css';
// The date picker's and the carousel's styles come with their own (lazily loaded) screens.
import './i18n';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { preloadFrame } from './components/AppShellLayout';
import { hasEarly } from './early';
import { AuthProvider } from './features/auth/AuthProvider';
import i18n, { i18nReady } from './i18n';
import { AreaErrorBoundary } from './shell/AreaErrorBoundary';
import { preloadArea } from './shell/Areas';
import { cssVariablesResolver, theme } from './theme';
import { queryClient, trpc, trpcClient } from './trpc';

// A customer's page (index.html already asked for its chunks, public/early.js, and but on the
// home for its catalogue): load the frame and the area now, so they are there when the session
// check answers and render without suspending. The guards still decide what shows.
if (hasEarly('auth.session') && /^\/(customer|cart)(\/|$)/.test(location.pathname)) {
  preloadFrame();
  preloadArea('customer');
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AuthProvider>
              {/* The last net: an error in the frame itself still shows Retry, not a blank page. */}
              <AreaErrorBoundary>
                <App />
              </AreaErrorBoundary>
            </AuthProvider>
          </BrowserRouter>
        </QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  </StrictMode>
);

// English is bundled: render at once. A Nepali or Japanese reader's first render waits for
// that language's chunk (i18n.ts), so it never flashes English; if that fails, English it is.
const render = () => createRoot(root).render(app);
if (i18n.hasResourceBundle(i18n.language, 'translation')) render();
else void i18nReady.then(render, render);
