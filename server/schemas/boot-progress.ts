/**
 * The provisioning steps a MAC goes through (the vocabulary of the progress callback,
 * server/boot/README.md), how a report's `key=value` body is read, and the timeline the console shows.
 * Pure values: shared by the boot service, the API and the page.
 */

/** Steps the installer or wiper reports through `POST /boot/progress`, in the order they happen. */
export const REPORTED_STEPS = [
  'installer-started',
  'network-up',
  'disk-chosen',
  'download',
  'written',
  'verified',
  'wiping',
  'wiped',
] as const;
export type ReportedStep = (typeof REPORTED_STEPS)[number];

/** Steps the boot service records by itself. */
export const SERVER_STEPS = ['script-served', 'kernel-fetched', 'initrd-fetched', 'done', 'failed'] as const;

export const PROVISION_STEPS = [...SERVER_STEPS, ...REPORTED_STEPS] as const;
export type ProvisionStep = (typeof PROVISION_STEPS)[number];

export const STEP_LABELS: Record<ProvisionStep, string> = {
  'script-served': 'Script served',
  'kernel-fetched': 'Kernel fetched',
  'initrd-fetched': 'Initrd fetched',
  'installer-started': 'Installer started',
  'network-up': 'Network up',
  'disk-chosen': 'Disk chosen',
  download: 'Downloading image',
  written: 'Written',
  verified: 'Verified',
  wiping: 'Wiping',
  wiped: 'Wiped',
  done: 'Done',
  failed: 'Failed',
};

export function isReportedStep(value: string): value is ReportedStep {
  return (REPORTED_STEPS as readonly string[]).includes(value);
}

export function isProvisionStep(value: string): value is ProvisionStep {
  return (PROVISION_STEPS as readonly string[]).includes(value);
}

/** A report's body: text of at most this many bytes (the contract's bound). */
export const MAX_STEP_BODY_BYTES = 1024;
export const MAX_DETAIL_PAIRS = 16;
const DETAIL_KEY = /^[a-z][a-z0-9_.-]{0,31}$/;
/** Printable ASCII without spaces (spaces separate the pairs). */
const DETAIL_VALUE = /^[\x21-\x7e]{0,200}$/;

export type StepDetail = Record<string, string>;

/**
 * `bytes=1048576 total=67108864` → `{ bytes: '1048576', total: '67108864' }`. Pairs are separated by
 * whitespace; keys are short lower-case names, values printable ASCII. Anything else is an error
 * naming what is wrong, so a client learns of its mistake instead of losing the detail unseen.
 */
export function parseStepDetail(body: string): { detail: StepDetail } | { error: string } {
  const detail: StepDetail = {};
  const pairs = body.trim() === '' ? [] : body.trim().split(/\s+/);
  if (pairs.length > MAX_DETAIL_PAIRS) return { error: `at most ${MAX_DETAIL_PAIRS} key=value pairs` };
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const key = at < 0 ? pair : pair.slice(0, at);
    const value = at < 0 ? '' : pair.slice(at + 1);
    if (at < 0 || !DETAIL_KEY.test(key)) return { error: `not a key=value pair: ${pair.slice(0, 40)}` };
    if (!DETAIL_VALUE.test(value)) return { error: `value of ${key} too long or not printable` };
    detail[key] = value;
  }
  return { detail };
}

/** A step as the lists show it: the MAC's latest. */
export interface StepView {
  step: ProvisionStep;
  /** ISO timestamp. */
  at: string;
  detail: StepDetail;
}

/** One line of a MAC's timeline: a step, or another change of its lifecycle state. */
export interface TimelineEvent {
  id: string;
  /** ISO timestamp. */
  at: string;
  /** The hardware state after the event. */
  state: string;
  step: ProvisionStep | null;
  detail: StepDetail;
  /** A failure's reason, or what the change was (claimed, released, retry…). */
  message: string | null;
  /** The PlunderMachine (namespace/name) that claimed the MAC, on a claim. */
  machine: string | null;
  /** The install or wipe run it belongs to; `HardwareTimeline.run` is the current one. */
  run: number;
}

export interface HardwareTimeline {
  mac: string;
  /** The current run: events with a lower one belong to earlier attempts. */
  run: number;
  /** Oldest first; at most the history's bound per MAC. */
  events: TimelineEvent[];
  /** A report newer than the stored events (a download between stored rows), when there is one. */
  latest: StepView | null;
}
