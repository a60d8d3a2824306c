/**
 * Whether a SIPCluster's jump hosts get its hosts' BMC usernames and passwords. An annotation, not a
 * spec field: upstream's CRD would prune an unknown field without a word, while an annotation stays on
 * the object under either CRD (upstream's operator ignores it and includes the credentials).
 */
export const JUMP_HOST_BMC_CREDENTIALS_ANNOTATION = 'rackpilot.io/jump-host-bmc-credentials';

/** `include`: upstream's behaviour, the default. `omit`: BMC addresses only, no username or password. */
export const JUMP_HOST_BMC_MODES = ['include', 'omit'] as const;
export type JumpHostBmcMode = (typeof JUMP_HOST_BMC_MODES)[number];
