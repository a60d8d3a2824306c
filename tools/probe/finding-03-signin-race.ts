import type { EdgeProbe } from './edge-probe';
import { attemptSignIn, attemptSignInPatiently, throwAwayName, wrongPassword } from './signin-attempts';

const CONCURRENT = 22;

/**
 * Many sign-in attempts at once for one username must not all be checked: the limit has to be taken in
 * the same step that reads it. Uses a made-up username and wrong passwords only, so no account is touched.
 */
export const signinRaceProbe: EdgeProbe = {
  finding: 3,
  title: 'sign-in limit raced by concurrent attempts',
  needsCredentials: false,
  spendsSignInAttempts: true,
  async run(target, signal) {
    const username = throwAwayName('probe-race');
    // One attempt first, once the address has room, so the burst below meets the account limit.
    const first = await attemptSignInPatiently(target.url, username, wrongPassword(), signal);
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, () => attemptSignIn(target.url, username, wrongPassword(), signal)),
    );
    const checked = [first, ...answers].filter((answer) => answer.status === 401).length;
    const refused = answers.filter((answer) => answer.status === 429).length;
    return {
      held: refused > 0 && checked < CONCURRENT + 1,
      detail: `${CONCURRENT + 1} wrong passwords for a made-up username (${CONCURRENT} at once): ${checked} checked, ${refused} refused with 429`,
    };
  },
};
