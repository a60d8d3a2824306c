import type { EdgeProbe } from './edge-probe';

/** Every probe, in finding order; each finding's own file holds its attack. */
export const edgeProbes: EdgeProbe[] = [];
