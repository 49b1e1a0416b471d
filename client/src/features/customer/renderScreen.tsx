// Test helper (not part of the app): a customer screen at a path, with a fake server.
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { fakeAuth, makeUser, renderAt } from '../../test/render';
import { type Answers, fakeServer } from './testServer';

/** Renders `element` at `path` (matched by `pattern`) for a signed-in customer. */
export function renderScreen(
  element: ReactElement,
  { path, pattern = path, answers = {} }: { path: string; pattern?: string; answers?: Answers },
) {
  const server = fakeServer(answers);
  const { ServerProvider } = server;
  const user = makeUser({ deliveryDays: ['Tuesday', 'Friday'] });
  const view = renderAt(
    <ServerProvider>
      <Routes>
        <Route path={pattern} element={element} />
        <Route path="*" element={null} />
      </Routes>
    </ServerProvider>,
    path,
    fakeAuth({ user }),
  );
  return { ...view, ...server };
}
