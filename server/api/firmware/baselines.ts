/**
 * Firmware baselines (firmware_baselines): a named set of settings per vendor and model, checked when
 * saved against that hardware's FirmwareSchema by the per-host editor's rules (settingValueProblem).
 */
import type { Runtime } from '../../runtime';
import { settingValueProblem, type SettingValue } from '../../schemas/firmware-setting-rules';
import { firmwareSchemaResource, type FirmwareSchema } from '../../types/crds/firmware-schema';
import { actorOf, type HandlerOptions } from '../trpc';
import { MAX_BASELINES, type BaselineSave } from './baseline.schema';
import type { FleetBaseline } from './fleet-drift';
import { modelOf } from './fleet-apply';
import { asBmoExpects } from './settings-change';

export interface BaselineRow extends FleetBaseline {
  updatedBy: string;
  updatedAt: string;
}

export type BaselineAnswer =
  | { status: 'saved'; id: string }
  | { status: 'rejected'; message: string; fieldErrors?: Record<string, string> };

/** The FirmwareSchema BMO keeps for this vendor and model (any namespace: one registry per model). */
export function schemaFor(runtime: Runtime, vendor: string, model: string): FirmwareSchema | undefined {
  return runtime.informers
    .of(firmwareSchemaResource)
    .list()
    .find((schema) => schema.spec?.hardwareVendor === vendor && schema.spec.hardwareModel === model);
}

type StoredBaseline = {
  id: string;
  name: string;
  vendor: string;
  model: string;
  settings: unknown;
  updatedBy: string;
  updatedAt: Date;
};

function rowOf(stored: StoredBaseline): BaselineRow {
  return {
    id: stored.id,
    name: stored.name,
    vendor: stored.vendor,
    model: stored.model,
    settings: stored.settings as Record<string, SettingValue>,
    updatedBy: stored.updatedBy,
    updatedAt: stored.updatedAt.toISOString(),
  };
}

export async function listBaselines(runtime: Runtime): Promise<BaselineRow[]> {
  const rows = await runtime.db.firmwareBaseline.findMany({
    orderBy: [{ vendor: 'asc' }, { model: 'asc' }, { name: 'asc' }],
    take: MAX_BASELINES,
  });
  return rows.map(rowOf);
}

export async function baselineById(runtime: Runtime, id: string): Promise<BaselineRow | undefined> {
  const row = await runtime.db.firmwareBaseline.findUnique({ where: { id } });
  return row ? rowOf(row) : undefined;
}

/** Prisma's code for a unique constraint refusing a row. */
const UNIQUE_VIOLATION = 'P2002';

function nameTaken(input: BaselineSave): BaselineAnswer {
  return {
    status: 'rejected',
    message: `${modelOf(input.vendor, input.model)} has a baseline named ${input.name} already`,
  };
}

export function baselinesHandler({ ctx }: HandlerOptions) {
  return listBaselines(ctx.runtime);
}

/** Checks the settings against the model's schema; stores them only when every one passes. */
export async function saveBaselineHandler({
  ctx,
  input,
}: HandlerOptions<BaselineSave>): Promise<BaselineAnswer> {
  const schema = schemaFor(ctx.runtime, input.vendor, input.model)?.spec?.schema;
  if (!schema) {
    return {
      status: 'rejected',
      message: `no FirmwareSchema describes ${modelOf(input.vendor, input.model)}: a baseline cannot be checked`,
    };
  }
  const problems = Object.entries(input.settings).flatMap(([name, value]) => {
    const problem = settingValueProblem(name, value, schema[name]);
    return problem === undefined ? [] : [[name, problem] as const];
  });
  if (problems.length > 0) {
    return {
      status: 'rejected',
      message: `nothing was saved: ${problems.map(([, problem]) => problem).join('; ')}`,
      fieldErrors: Object.fromEntries(problems),
    };
  }
  const settings = Object.fromEntries(
    Object.entries(input.settings).map(([name, value]) => [
      name,
      asBmoExpects(value, schema[name]?.attribute_type),
    ]),
  );
  const data = {
    name: input.name,
    vendor: input.vendor,
    model: input.model,
    settings,
    updatedBy: actorOf(ctx.principal).actor,
  };
  const db = ctx.runtime.db;
  const taken = await db.firmwareBaseline.findFirst({
    where: {
      vendor: input.vendor,
      model: input.model,
      name: input.name,
      ...(input.id ? { NOT: { id: input.id } } : {}),
    },
    select: { id: true },
  });
  if (taken) return nameTaken(input);
  try {
    if (input.id) {
      const updated = await db.firmwareBaseline.updateMany({ where: { id: input.id }, data });
      if (updated.count === 0) return { status: 'rejected', message: 'that baseline no longer exists' };
      return { status: 'saved', id: input.id };
    }
    if ((await db.firmwareBaseline.count()) >= MAX_BASELINES) {
      return { status: 'rejected', message: `${MAX_BASELINES} baselines are kept at most: delete one first` };
    }
    const created = await db.firmwareBaseline.create({ data, select: { id: true } });
    return { status: 'saved', id: created.id };
  } catch (error) {
    // Another save of the same name won the race between the check above and this write.
    if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) return nameTaken(input);
    throw error;
  }
}

export async function deleteBaselineHandler({ ctx, input }: HandlerOptions<{ id: string }>) {
  const deleted = await ctx.runtime.db.firmwareBaseline.deleteMany({ where: { id: input.id } });
  return deleted.count > 0
    ? { status: 'deleted' as const }
    : { status: 'rejected' as const, message: 'that baseline no longer exists' };
}
