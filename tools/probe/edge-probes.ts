import type { EdgeProbe } from './edge-probe';
import { auditTrailProbe } from './finding-02-audit-trail';
import { auditFloodProbe } from './finding-06-audit-flood';
import { deleteSipClusterProbe } from './finding-08-delete-body';
import { databaseTimeoutsProbe } from './finding-12-database-timeouts';

/** Every probe, in finding order; each finding's own file holds its attack. */
export const edgeProbes: EdgeProbe[] = [
  auditTrailProbe,
  auditFloodProbe,
  deleteSipClusterProbe,
  databaseTimeoutsProbe,
];
