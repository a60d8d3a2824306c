import type { EdgeProbe } from './edge-probe';
import { attemptSignInPatiently, throwAwayName, wrongPassword, type SigninAnswer } from './signin-attempts';

/** More than the default five free failures, fewer than any address limit worth having. */
const ATTEMPTS = 8;
/** A delay, not a lock-out: the console's default ceiling is 300 s. */
const LONGEST_ACCEPTABLE_DELAY_S = 900;

const shape = (answer: SigninAnswer) => `${answer.status} ${answer.error.replace(/\d+/g, 'N')}`;

/**
 * Unknown usernames must be answered and limited exactly like real ones (else the answers tell which
 * accounts exist), and a run of failures must delay, not lock. Attacks only a made-up username; with
 * credentials it adds one throw-away wrong password for that user, too few to delay it.
 */
export const signinLockoutProbe: EdgeProbe = {
  finding: 4,
  title: 'account lock-out and username enumeration',
  needsCredentials: false,
  spendsSignInAttempts: true,
  async run(target, signal) {
    const problems: string[] = [];
    if (target.credentials) {
      const real = await attemptSignInPatiently(
        target.url,
        target.credentials.username,
        wrongPassword(),
        signal,
      );
      const unknown = await attemptSignInPatiently(
        target.url,
        throwAwayName('probe-unknown'),
        wrongPassword(),
        signal,
      );
      if (shape(real) !== shape(unknown)) {
        problems.push(`a wrong password answers "${shape(real)}" but an unknown user "${shape(unknown)}"`);
      }
    }
    const username = throwAwayName('probe-lockout');
    const attempt = () => attemptSignInPatiently(target.url, username, wrongPassword(), signal);
    let failures = 0;
    let last = await attempt();
    while (last.status === 401 && failures < ATTEMPTS) {
      failures++;
      last = await attempt();
    }
    if (last.status === 423) problems.push('a username was locked (423)');
    else if (last.status !== 429) {
      problems.push(
        `${failures + 1} wrong passwords for an unknown username were never limited (${shape(last)}), ` +
          'so the limit on real accounts tells which exist',
      );
    } else if ((last.retryAfterSeconds ?? Infinity) > LONGEST_ACCEPTABLE_DELAY_S) {
      problems.push(`the delay is a lock-out: Retry-After ${last.retryAfterSeconds ?? 'missing'}`);
    }
    return {
      held: problems.length === 0,
      detail:
        problems.length > 0
          ? problems.join('; ')
          : `an unknown username is delayed after ${failures} failures (Retry-After ${last.retryAfterSeconds ?? '?'} s) as a real one is, never locked` +
            (target.credentials ? '; unknown user and wrong password answer alike' : ''),
    };
  },
};
