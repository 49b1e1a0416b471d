// Test helper (not part of the app): a customer screen at a path, with a fake server.
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { makeUser, type UserOut } from './fixtures';
import { fakeAuth, renderAt } from './render';
import { type Answers, fakeServer } from './testServer';

/** Renders `element` at `path` (matched by `pattern`) for a signed-in customer. */
export function renderScreen(
  element: ReactElement,
  {
    path,
    pattern = path,
    answers = {},
    user = makeUser({ deliveryDays: ['Tuesday', 'Friday'] }),
  }: { path: string; pattern?: string; answers?: Answers; user?: UserOut },
) {
  const server = fakeServer(answers);
  const { ServerProvider } = server;
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
