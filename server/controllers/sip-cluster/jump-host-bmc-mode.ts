import type { SIPCluster } from '../../types/crds/sip-cluster';
import { fail, ok, type Result } from '../common/result';

/**
 * Whether a SIPCluster's jump hosts get its hosts' BMC usernames and passwords. An annotation, not a
 * spec field: upstream's CRD would prune an unknown field without a word, while an annotation stays on
 * the object under either CRD (upstream's operator ignores it and includes the credentials).
 */
export const JUMP_HOST_BMC_CREDENTIALS_ANNOTATION = 'rackpilot.io/jump-host-bmc-credentials';

/** `include`: upstream's behaviour, the default. `omit`: BMC addresses only, no username or password. */
export type JumpHostBmcMode = 'include' | 'omit';

const MODES: readonly JumpHostBmcMode[] = ['include', 'omit'];

/**
 * The mode the annotation asks for. Any other value is refused rather than read as `include`: a typo
 * of `omit` would otherwise hand out the very passwords it was written to keep back.
 */
export function jumpHostBmcMode(cluster: SIPCluster): Result<JumpHostBmcMode> {
  const value = cluster.metadata.annotations?.[JUMP_HOST_BMC_CREDENTIALS_ANNOTATION];
  if (value === undefined) return ok('include');
  const mode = MODES.find((known) => known === value);
  if (mode) return ok(mode);
  return fail(
    `annotation ${JUMP_HOST_BMC_CREDENTIALS_ANNOTATION} is ${JSON.stringify(value)}; it must be "omit" or "include"`,
  );
}
