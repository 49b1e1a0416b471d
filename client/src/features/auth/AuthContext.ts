import { createContext, useContext } from 'react';
import type { LoginInput, UserInfo } from '../../../../shared/schemas/auth';

export interface AuthState {
  /** The signed-in user, or null when signed out (or the check failed). */
  user: UserInfo | null;
  /** True until the first profile check has answered: show a loader, not a redirect. */
  loading: boolean;
  /** Signs in and returns the user; rejects with the server's message on failure. */
  signIn(values: LoginInput): Promise<UserInfo>;
  /** Ends the session here and in the browser's other tabs. Never rejects. */
  signOut(): Promise<void>;
  /** True when a session ended without the person logging out (expired, revoked). */
  sessionEnded?: boolean;
  /** True from Logout until someone signs in again: the login screen need not remember a page. */
  signingOut?: boolean;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}
