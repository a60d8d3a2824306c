import type { EdgeProbe } from './edge-probe';
import { signinRaceProbe } from './finding-03-signin-race';
import { signinLockoutProbe } from './finding-04-signin-lockout';
import { openRedirectProbe } from './finding-09-open-redirect';
import { authDeadlineProbe } from './finding-10-auth-deadline';
import { changePasswordLimitProbe } from './finding-13-change-password-limit';

/** Every probe, in finding order; each finding's own file holds its attack. */
export const edgeProbes: EdgeProbe[] = [
  signinRaceProbe,
  signinLockoutProbe,
  openRedirectProbe,
  authDeadlineProbe,
  changePasswordLimitProbe,
];
