/**
 * A RAID layout change checked at the edge, before anything is written: against BMO's rules
 * (raid-rules.ts) with the host's BMC driver and root device hints, and against the layout the form
 * opened on. Pure: raid-change.handler.ts writes the merge patch.
 */
import { raidMergePatch, sameRaid, type RaidMergePatch } from '../../schemas/raid-apply';
import { bmcDriver, raidProblems, type RaidConfig } from '../../schemas/raid-rules';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';

export type RaidChange =
  | { status: 'rejected'; message: string; fieldErrors?: Record<string, string> }
  | {
      status: 'ok';
      /** spec.raid replaced whole (null: removed), at the version sent. */
      patch: { metadata: { resourceVersion: string }; spec: { raid: RaidMergePatch | null } };
    };

export function raidChangedMessage(name: string): string {
  return `the RAID layout of ${name} changed after you opened it; nothing was written. Look at it again and retry.`;
}

export function raidChange(
  host: BareMetalHost | undefined,
  name: string,
  change: { resourceVersion: string; before: RaidConfig | null; raid: RaidConfig | null },
): RaidChange {
  if (!host) return { status: 'rejected', message: `no BareMetalHost ${name}` };
  if (!sameRaid(host.spec.raid, change.before ?? undefined)) {
    return { status: 'rejected', message: raidChangedMessage(name) };
  }
  const problems = raidProblems(change.raid ?? undefined, {
    driver: bmcDriver(host.spec.bmc?.address),
    rootDeviceHints: host.spec.rootDeviceHints !== undefined,
  });
  if (problems.length > 0) {
    return {
      status: 'rejected',
      message: `nothing was written: ${problems.map((problem) => problem.message).join('; ')}`,
      fieldErrors: Object.fromEntries(problems.map((problem) => [problem.path, problem.message])),
    };
  }
  return {
    status: 'ok',
    patch: {
      metadata: { resourceVersion: change.resourceVersion },
      spec: { raid: change.raid ? raidMergePatch(change.raid) : null },
    },
  };
}
