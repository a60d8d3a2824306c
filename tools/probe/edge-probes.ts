import type { EdgeProbe } from './edge-probe';
import { bootTrustProbe } from './finding-07-boot-trust';
import { readyzProbe } from './finding-11-readyz';

/** Every probe, in finding order; each finding's own file holds its attack. */
export const edgeProbes: EdgeProbe[] = [bootTrustProbe, readyzProbe];
