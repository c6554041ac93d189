/**
 * The two requests of the sign-in by emailed code (machines/signInByCode.ts), as every page that uses it provides
 * them: send the code, check it. The application's own endpoints, so the session is the application's.
 */
import { fromPromise } from 'xstate';
import { createApiClient, type ApiClient } from './client';

export function signInByCodeActors(api: Pick<ApiClient, 'resendCode' | 'verifyEmail'> = createApiClient()) {
  return {
    sendCode: fromPromise<void, { email: string }>(async ({ input }) => {
      await api.resendCode(input.email);
    }),
    verify: fromPromise<void, { email: string; code: string }>(async ({ input }) => {
      await api.verifyEmail(input.email, input.code);
    }),
  };
}
