/** Labels SIP writes on the BareMetalHosts it schedules (wire-compatible with Airship SIP). */
export const SIP_CLUSTER_NAMESPACE_LABEL = 'sip.airshipit.org/cluster-namespace';
export const SIP_CLUSTER_NAME_LABEL = 'sip.airshipit.org/cluster-name';
export const SIP_NODE_TYPE_LABEL = 'sip.airshipit.org/node-type';

/** Rack and flavor of a host; Airship's ViNO keys are read when ours are absent. */
export const RACK_LABEL = 'rackpilot.io/rack';
export const FLAVOR_LABEL = 'rackpilot.io/flavor';
const RACK_FALLBACKS = ['vino.airshipit.org/rack', 'airshipit.org/rack', 'topology.kubernetes.io/zone'];
const FLAVOR_FALLBACKS = ['vino.airshipit.org/flavor', 'airshipit.org/flavor'];

type Labels = Record<string, string> | undefined;

function firstOf(labels: Labels, keys: string[]): string | undefined {
  for (const key of keys) {
    const value = labels?.[key];
    if (value) return value;
  }
  return undefined;
}

export function rackOf(labels: Labels): string | undefined {
  return firstOf(labels, [RACK_LABEL, ...RACK_FALLBACKS]);
}

/** The key a host's rack is read from, when it has one. */
export function rackLabelKeyOf(labels: Labels): string | undefined {
  return [RACK_LABEL, ...RACK_FALLBACKS].find((key) => Boolean(labels?.[key]));
}

export function flavorOf(labels: Labels): string | undefined {
  return firstOf(labels, [FLAVOR_LABEL, ...FLAVOR_FALLBACKS]);
}
