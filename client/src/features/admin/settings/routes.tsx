import { Route } from 'react-router';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { SettingsScreen } from './SettingsScreen';

// The settings group: the business's settings (cut-off, holidays, tax, business details and
// bank account) on one screen, whose sections are saved one by one: leaving with one unsaved
// asks first. Each a <Route> with its full path.
export const settingsRoutes = (
  <>
    <Route
      path="/admin/settings"
      element={
        <UnsavedChangesGuard>
          <SettingsScreen />
        </UnsavedChangesGuard>
      }
    />
  </>
);
