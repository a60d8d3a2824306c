import type { EdgeProbe } from './edge-probe';
import { deleteSipClusterProbe } from './finding-08-delete-body';

/** Every probe, in finding order; each finding's own file holds its attack. */
export const edgeProbes: EdgeProbe[] = [deleteSipClusterProbe];
