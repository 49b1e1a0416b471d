// Who may see which part of the app: shared/guards.ts, so that the server's sign-in without
// script (server/doors/login-screen.ts, ADR 086) sends a person where the app would.
export * from '../../../../shared/guards';
