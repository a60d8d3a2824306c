import {
  JUMP_HOST_BMC_CREDENTIALS_ANNOTATION,
  JUMP_HOST_BMC_MODES,
  type JumpHostBmcMode,
} from '../../schemas/jump-host-bmc-credentials';
import type { SIPCluster } from '../../types/crds/sip-cluster';
import { fail, ok, type Result } from '../common/result';

export { JUMP_HOST_BMC_CREDENTIALS_ANNOTATION, type JumpHostBmcMode };

/**
 * The mode the annotation asks for. Any other value is refused rather than read as `include`: a typo
 * of `omit` would otherwise hand out the very passwords it was written to keep back.
 */
export function jumpHostBmcMode(cluster: SIPCluster): Result<JumpHostBmcMode> {
  const value = cluster.metadata.annotations?.[JUMP_HOST_BMC_CREDENTIALS_ANNOTATION];
  if (value === undefined) return ok('include');
  const mode = JUMP_HOST_BMC_MODES.find((known) => known === value);
  if (mode) return ok(mode);
  return fail(
    `annotation ${JUMP_HOST_BMC_CREDENTIALS_ANNOTATION} is ${JSON.stringify(value)}; it must be "omit" or "include"`,
  );
}
