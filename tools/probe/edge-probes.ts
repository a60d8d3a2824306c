import type { EdgeProbe } from './edge-probe';
import { unansweredUpgradesProbe } from './finding-01-unanswered-upgrades';
import { subscriptionsOutliveSessionProbe } from './finding-05-subscriptions-outlive-session';
import { bootTrustProbe } from './finding-07-boot-trust';
import { readyzProbe } from './finding-11-readyz';
import { smallerEdgesProbe } from './finding-14-smaller-edges';

/** Every probe, in finding order; each finding's own file holds its attack. */
export const edgeProbes: EdgeProbe[] = [
  unansweredUpgradesProbe,
  subscriptionsOutliveSessionProbe,
  bootTrustProbe,
  readyzProbe,
  smallerEdgesProbe,
];
