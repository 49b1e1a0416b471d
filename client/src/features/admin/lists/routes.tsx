import { Route } from 'react-router';
import { ListsScreen } from './ListsScreen';

// The office's lists as tables (ADR 044).
export const listsRoutes = (
  <>
    <Route path="/admin/lists" element={<ListsScreen />} />
    <Route path="/admin/lists/:kind" element={<ListsScreen />} />
  </>
);
