import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// The date picker's and the carousel's styles come with their own (lazily loaded) screens.
import './i18n';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { ALERT_MS } from './components/notify';
import { AuthProvider } from './features/auth/AuthProvider';
import { AreaErrorBoundary } from './shell/AreaErrorBoundary';
import { cssVariablesResolver, theme } from './theme';
import { queryClient, trpc, trpcClient } from './trpc';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications autoClose={ALERT_MS} position="top-center" />
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
  </StrictMode>,
);
