import { z } from 'zod';
import {
  BULK_ACTIONS,
  BULK_LIMITS,
  FIRMWARE_BULK_ACTIONS,
  HARDWARE_BULK_ACTIONS,
  type BulkAction,
} from '../../schemas/bulk-actions';
import { hardwareFilterSchema } from '../../schemas/hardware-list';
import { objectNameFieldSchema } from '../../schemas/kube-names';
import { labelKeySchema, labelValueSchema } from '../../schemas/label-rules';
import { provisionInputSchema } from '../../schemas/provision-form';
import { fleetFilterSchema, fleetSettingsSchema } from '../firmware/fleet.schema';
import { hostFilterSchema } from '../hosts/host-query';

/** At most this many hosts in one job; a larger selection is refused before anything runs. */
export const MAX_BULK_HOSTS = 10_000;
/** Jobs one server process runs at once; a further start is refused until one ends. */
export const MAX_RUNNING_JOBS = 4;
const [MIN_CONCURRENCY, MAX_CONCURRENCY] = BULK_LIMITS.concurrency;
const [MIN_RATE, MAX_RATE_PER_SECOND] = BULK_LIMITS.ratePerSecond;

export const bulkOptionsSchema = z.object({
  /** Hosts acted on at once. */
  concurrency: z
    .int()
    .min(MIN_CONCURRENCY, `concurrency must be at least ${MIN_CONCURRENCY}`)
    .max(MAX_CONCURRENCY, `concurrency must be at most ${MAX_CONCURRENCY}`)
    .default(10),
  /** Hosts started a second, at most. */
  ratePerSecond: z
    .number()
    .min(MIN_RATE, `the rate must be at least ${MIN_RATE} hosts a second`)
    .max(MAX_RATE_PER_SECOND, `the rate must be at most ${MAX_RATE_PER_SECOND} hosts a second`)
    .default(20),
});
export type BulkOptions = z.output<typeof bulkOptionsSchema>;

/** For `labels`: labels set (added or changed) and label keys removed on every host. */
export const bulkLabelsSchema = z
  .object({
    set: z.record(labelKeySchema, labelValueSchema).default({}),
    remove: z.array(labelKeySchema).max(100).default([]),
  })
  .refine((labels) => Object.keys(labels.set).length + labels.remove.length > 0, {
    message: 'name at least one label to set or remove',
  })
  .refine((labels) => labels.remove.every((key) => !(key in labels.set)), {
    message: 'a label cannot be both set and removed',
  });
export type BulkLabels = z.output<typeof bulkLabelsSchema>;

const needsLabels = {
  check: (input: { action: BulkAction; labels?: BulkLabels | undefined }) =>
    input.action !== 'labels' || input.labels !== undefined,
  message: 'the labels action needs labels to set or remove',
};

/** What a job does to whom: the action and the hosts list's filter (never a list of names). */
const hostsTargetSchema = z.object({
  /** Optional: a job names hosts unless it says otherwise. */
  kind: z.literal('hosts').default('hosts'),
  action: z.enum(BULK_ACTIONS),
  filter: hostFilterSchema,
  labels: bulkLabelsSchema.optional(),
});

const { namespace, role, profile, kubernetesVersion } = provisionInputSchema.shape;

/**
 * For `provision`: what the single provision dialog asks, less the per-machine parts. Every machine
 * joins one existing PlunderCluster, named after its MAC as the dialog names it (docs/decisions.md).
 */
export const bulkProvisionSchema = z.object({
  namespace,
  cluster: objectNameFieldSchema(63, 'a Kubernetes name'),
  role: role.default('worker'),
  profile,
  kubernetesVersion,
});
export type BulkProvision = z.output<typeof bulkProvisionSchema>;

/** The same for the unleased list: its filter, and only its unleased machines are acted on. */
const hardwareTargetSchema = z.object({
  kind: z.literal('hardware'),
  action: z.enum(HARDWARE_BULK_ACTIONS),
  filter: hardwareFilterSchema,
  provision: bulkProvisionSchema,
});

/** The fleet firmware view's: settings for the hosts of one vendor and model its filter matches. */
const firmwareTargetSchema = z.object({
  kind: z.literal('firmware'),
  action: z.enum(FIRMWARE_BULK_ACTIONS),
  filter: fleetFilterSchema,
  firmware: fleetSettingsSchema,
});

const startFields = {
  options: bulkOptionsSchema.default({ concurrency: 10, ratePerSecond: 20 }),
  /**
   * The count the operator confirmed (from the preview): the job is refused when the filter matches a
   * different number by the time it starts, and the request's audit row keeps it beside the filter.
   */
  confirmedCount: z.int().min(1).max(MAX_BULK_HOSTS),
};

const labelsRule = { message: needsLabels.message, path: ['labels'] };

export const bulkPreviewInputSchema = z.discriminatedUnion('kind', [
  hostsTargetSchema.refine(needsLabels.check, labelsRule),
  hardwareTargetSchema,
  firmwareTargetSchema,
]);
export type BulkPreviewInput = z.output<typeof bulkPreviewInputSchema>;
export type BulkPreviewInputValues = z.input<typeof bulkPreviewInputSchema>;

export const bulkStartInputSchema = z.discriminatedUnion('kind', [
  hostsTargetSchema.extend(startFields).refine(needsLabels.check, labelsRule),
  hardwareTargetSchema.extend(startFields),
  firmwareTargetSchema.extend(startFields),
]);
export type BulkStartInput = z.output<typeof bulkStartInputSchema>;
