import type { EdgeProbe } from './edge-probe';
import { probeClient, signOut, wrongPassword } from './signin-attempts';

const ATTEMPTS = 8;

/**
 * A session must not be a way to guess its user's password: wrong current passwords given to
 * changePassword are limited like sign-ins. Sends wrong current passwords only, so the password never
 * changes; the short delay it causes does not touch the user's sign-ins from addresses they used before.
 */
export const changePasswordLimitProbe: EdgeProbe = {
  finding: 13,
  title: 'changePassword guesses not limited',
  needsCredentials: true,
  spendsSignInAttempts: true,
  async run(target, signal) {
    const client = await probeClient(target, signal);
    const statuses: number[] = [];
    try {
      for (let i = 0; i < ATTEMPTS; i++) {
        const result = await client.mutate('access.changePassword', {
          currentPassword: wrongPassword(),
          newPassword: wrongPassword(),
        });
        statuses.push(result.status);
        if (result.status !== 400) break;
      }
    } finally {
      await signOut(target.url, client.cookie);
    }
    const limited = statuses.at(-1) === 429;
    return {
      held: limited,
      detail: limited
        ? `changePassword refused with 429 after ${statuses.length - 1} wrong current passwords`
        : `${statuses.length} wrong current passwords all checked (${statuses.join(', ')})`,
    };
  },
};
