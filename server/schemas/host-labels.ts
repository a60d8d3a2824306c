/** Labels SIP writes on the BareMetalHosts it schedules (wire-compatible with Airship SIP). */
export const SIP_CLUSTER_NAMESPACE_LABEL = 'sip.airshipit.org/cluster-namespace';
export const SIP_CLUSTER_NAME_LABEL = 'sip.airshipit.org/cluster-name';
export const SIP_NODE_TYPE_LABEL = 'sip.airshipit.org/node-type';

/** Rack and flavor of a host; Airship's ViNO keys are read when ours are absent. */
export const RACK_LABEL = 'rackpilot.io/rack';
export const FLAVOR_LABEL = 'rackpilot.io/flavor';
/**
 * The labels a host's rack is read from, the first with a value winning; RACKPILOT_RACK_LABEL_KEYS
 * replaces them (server/config.ts), and the first is where the host form writes a new rack.
 */
export const DEFAULT_RACK_LABEL_KEYS: readonly string[] = [
  RACK_LABEL,
  'vino.airshipit.org/rack',
  'airshipit.org/rack',
  'topology.kubernetes.io/zone',
];
const FLAVOR_FALLBACKS = ['vino.airshipit.org/flavor', 'airshipit.org/flavor'];

type Labels = Record<string, string> | undefined;

function firstOf(labels: Labels, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = labels?.[key];
    if (value) return value;
  }
  return undefined;
}

/** A host's rack: the value of the first of `keys` (the configured rack label keys) it carries. */
export function rackOf(labels: Labels, keys: readonly string[]): string | undefined {
  return firstOf(labels, keys);
}

/** The key of `keys` a host's rack is read from, when it has one. */
export function rackLabelKeyOf(labels: Labels, keys: readonly string[]): string | undefined {
  return keys.find((key) => Boolean(labels?.[key]));
}

export function flavorOf(labels: Labels): string | undefined {
  return firstOf(labels, [FLAVOR_LABEL, ...FLAVOR_FALLBACKS]);
}
