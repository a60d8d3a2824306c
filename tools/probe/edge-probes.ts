import type { EdgeProbe } from './edge-probe';
import { unansweredUpgradesProbe } from './finding-01-unanswered-upgrades';
import { auditTrailProbe } from './finding-02-audit-trail';
import { signinRaceProbe } from './finding-03-signin-race';
import { signinLockoutProbe } from './finding-04-signin-lockout';
import { subscriptionsOutliveSessionProbe } from './finding-05-subscriptions-outlive-session';
import { auditFloodProbe } from './finding-06-audit-flood';
import { bootTrustProbe } from './finding-07-boot-trust';
import { deleteSipClusterProbe } from './finding-08-delete-body';
import { openRedirectProbe } from './finding-09-open-redirect';
import { authDeadlineProbe } from './finding-10-auth-deadline';
import { readyzProbe } from './finding-11-readyz';
import { databaseTimeoutsProbe } from './finding-12-database-timeouts';
import { changePasswordLimitProbe } from './finding-13-change-password-limit';
import { smallerEdgesProbe } from './finding-14-smaller-edges';
import { bootTokenBindingProbe } from './finding-15-boot-token-binding';
import { viewerFanOutProbe } from './finding-16-viewer-fan-out';
import { slowWebsocketReadersProbe } from './finding-17-slow-websocket-readers';
import { refusedCallAuditFloodProbe } from './finding-18-refused-call-audit-flood';
import { roleChangeAcrossReplicasProbe } from './finding-19-role-change-across-replicas';
import { smallerEdgesSecondProbe } from './finding-20-smaller-edges-second';
import { jumpHostCredentialsProbe } from './finding-21-jump-host-credentials';

/** Every probe, in finding order; each finding's own file holds its attack. */
export const edgeProbes: EdgeProbe[] = [
  unansweredUpgradesProbe,
  auditTrailProbe,
  signinRaceProbe,
  signinLockoutProbe,
  subscriptionsOutliveSessionProbe,
  auditFloodProbe,
  bootTrustProbe,
  deleteSipClusterProbe,
  openRedirectProbe,
  authDeadlineProbe,
  readyzProbe,
  databaseTimeoutsProbe,
  changePasswordLimitProbe,
  smallerEdgesProbe,
  bootTokenBindingProbe,
  viewerFanOutProbe,
  slowWebsocketReadersProbe,
  refusedCallAuditFloodProbe,
  roleChangeAcrossReplicasProbe,
  smallerEdgesSecondProbe,
  jumpHostCredentialsProbe,
];
