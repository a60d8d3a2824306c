import type { BootService } from '../../boot/boot-service';
import type { Runtime } from '../../runtime';
import type { HardwareTimeline, TimelineEvent } from '../../schemas/boot-progress';
import type { HardwareRow } from '../../schemas/hardware-list';
import { bareMetalHostResource, plunderMachineResource } from '../../types/crds';
import { bmcHostOf, wipeWaitOf, type WipeWait } from '../../schemas/wipe-power-cycle';
import type { LiveMessage } from '../../types/live-message';
import { liveView } from '../live-view';
import { oneReadAtATime } from '../one-read-at-a-time';
import { hardwareRow } from './hardware-rows';

/** One MAC's page: its list row (null once the boot service forgot it) and its provisioning timeline. */
export interface HardwareDetail {
  row: HardwareRow | null;
  timeline: HardwareTimeline;
  /** While released and not yet wiped: what it waits for, and the host that can power-cycle it. */
  wipe: WipeWait | null;
}

/**
 * One MAC's row and timeline, live. The history is read from PostgreSQL only when the MAC's history
 * changed (here or on another replica, see ProgressTracker); sightings and state changes re-project
 * the row from memory, and a repeated step (a download) shows as `latest` without a read.
 */
export async function* hardwareDetail(
  runtime: Runtime,
  boot: BootService,
  mac: string,
  signal: AbortSignal | undefined,
): AsyncGenerator<LiveMessage<HardwareDetail>> {
  const machines = runtime.informers.of(plunderMachineResource);
  const hosts = runtime.informers.of(bareMetalHostResource);
  let events: TimelineEvent[] = await boot.hardwareDb.progress.timeline(mac);
  const subscribe = (onChange: () => void) => {
    const reread = oneReadAtATime(
      () => boot.hardwareDb.progress.timeline(mac),
      (fresh) => {
        events = fresh;
        onChange();
      },
      () => signal?.aborted ?? false,
    );
    const onHistory = (changed: string) => {
      if (changed === mac) reread();
    };
    const onStep = (changed: string) => {
      if (changed === mac) onChange();
    };
    boot.progress.on('mac', onHistory);
    boot.progress.on('step', onStep);
    boot.store.on('state', onChange);
    machines.on('change', onChange);
    hosts.on('change', onChange);
    return () => {
      hosts.off('change', onChange);
      boot.progress.off('mac', onHistory);
      boot.progress.off('step', onStep);
      boot.store.off('state', onChange);
      machines.off('change', onChange);
    };
  };
  const build = (): HardwareDetail => {
    const record = boot.store.get(mac);
    const latest = boot.progress.unstored(mac) ?? null;
    return {
      row: record
        ? hardwareRow(record, (namespace, name) => machines.get(name, namespace), boot.progress.current(mac))
        : null,
      timeline: { mac, run: events.at(-1)?.run ?? 0, events, latest },
      wipe: record ? wipeWaitOf(record.state, bmcHostOf(hosts.list(), mac)) : null,
    };
  };
  yield* liveView(subscribe, build, signal);
}
