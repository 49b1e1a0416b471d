import { z } from 'zod';
import { loginInput, loginOutput, userInfo } from '../../shared/schemas/auth';
import { login, logout, toUserInfo } from '../services/auth';
import { authedProcedure, publicProcedure, router } from '../trpc';

export const authRouter = router({
  login: publicProcedure
    .input(loginInput)
    .output(loginOutput)
    .mutation(({ ctx, input }) => login(ctx, input)),

  /** Logging out without a session still clears the cookie: it never fails. */
  logout: publicProcedure
    .input(z.void())
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx }) => logout(ctx)),

  profile: authedProcedure
    .input(z.void())
    .output(userInfo)
    .query(({ ctx }) => toUserInfo(ctx.user)),
});
