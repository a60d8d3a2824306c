import type { EdgeProbe } from './edge-probe';
import { unansweredUpgradesProbe } from './finding-01-unanswered-upgrades';
import { subscriptionsOutliveSessionProbe } from './finding-05-subscriptions-outlive-session';

/** Every probe, in finding order; each finding's own file holds its attack. */
export const edgeProbes: EdgeProbe[] = [unansweredUpgradesProbe, subscriptionsOutliveSessionProbe];
