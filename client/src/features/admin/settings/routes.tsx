import { Route } from 'react-router';
import { SettingsScreen } from './SettingsScreen';

// The settings group: the business's settings (cut-off, holidays, tax, business details and
// bank account) on one screen. Each a <Route> with its full path.
export const settingsRoutes = (
  <>
    <Route path="/admin/settings" element={<SettingsScreen />} />
  </>
);
