import { z } from 'zod';
import { LANGUAGES } from '../../shared/enums';
import {
  changePasswordInput,
  loginInput,
  loginOutput,
  setLanguageInput,
  userInfo,
} from '../../shared/schemas/auth';
import { messageOut } from '../../shared/schemas/common';
import { answer } from '../platform/output';
import { authedProcedure, publicProcedure, router } from '../trpc';
import { businessInfoOf, login, logout, setLanguage, toUserInfo } from './auth';
import { changeOwnPassword } from './password-change';

export const authRouter = router({
  login: publicProcedure
    .input(loginInput)
    .output(answer(loginOutput))
    .mutation(({ ctx, input }) => login(ctx, input)),

  /** Logging out without a session still clears the cookie: it never fails. */
  logout: publicProcedure
    .input(z.void())
    .output(answer(messageOut))
    .mutation(({ ctx }) => logout(ctx)),

  /**
   * The app's own "who am I": the user, or null when signed out. Unlike `profile` (the spec's
   * 401), a signed-out answer is not an error, so a visitor's browser logs nothing.
   */
  session: publicProcedure
    .input(z.void())
    .output(answer(userInfo.nullable()))
    .query(({ ctx }) =>
      ctx.user ? toUserInfo(ctx.user, businessInfoOf(ctx.config.timeZone)) : null,
    ),

  profile: authedProcedure
    .input(z.void())
    .output(answer(userInfo))
    .query(({ ctx }) => toUserInfo(ctx.user, businessInfoOf(ctx.config.timeZone))),

  /**
   * The signed-in person's new password, with the current one (throttled like a login); their
   * other sessions end, this one stays (docs/decisions/024).
   */
  changePassword: authedProcedure
    .input(changePasswordInput)
    .output(answer(messageOut))
    .mutation(({ ctx, input }) => changeOwnPassword(ctx, input)),

  /** Saves the interface language on the signed-in person's account. */
  setLanguage: authedProcedure
    .input(setLanguageInput)
    .output(answer(z.object({ language: z.enum(LANGUAGES) })))
    .mutation(({ ctx, input }) => setLanguage(ctx.db, ctx.user, input.language)),
});
