'use client';

import { useSubscription } from '@trpc/tanstack-react-query';
import type { HardwareDetail } from '@/server/api/hardware/hardware-timeline';
import type { HardwareRow } from '@/server/schemas/hardware-list';
import type { LiveMessage } from '@/server/types/live-message';
import { useTRPC } from '../trpc/trpc';
import { Breadcrumb, LiveDetail } from '../ui/detail-page';
import { timeText } from '../ui/format';
import { UpdatedWithActions } from '../ui/live-status';
import { Fields, Panel } from '../ui/panel';
import { useLiveObject } from '../ui/use-stable-table';
import { HardwareStateCell } from './hardware-state';
import { ProvisionTimeline } from './provision-timeline';
import { WipeWaitPanel } from './wipe-wait-panel';

function Facts({ row }: { row: HardwareRow }) {
  const mono = (value: string | null) => value && <span className="font-mono text-[13px]">{value}</span>;
  return (
    <Panel title="Machine">
      <Fields
        items={[
          ['Vendor', row.vendor ?? 'unknown'],
          ['Bound address', mono(row.ip)],
          ['Machine', row.machine ? `${row.machine.namespace}/${row.machine.name}` : null],
          ['Machine address', mono(row.machineIp)],
          ['Serial', mono(row.serial)],
          ['First seen', timeText(row.firstSeen)],
          ['Last seen', timeText(row.lastSeen)],
          ['Boots', <span className="tabular-nums">{row.bootCount}</span>],
          [
            'Failure',
            row.failureReason ? (
              <span className="text-red-300" data-testid="detail-failure">
                {row.failureReason}
                {row.failureMessage ? `: ${row.failureMessage}` : ''}
              </span>
            ) : null,
          ],
        ]}
      />
    </Panel>
  );
}

/** One MAC the boot service knows: its facts, state and current step, and its provisioning timeline, live. */
export function HardwareDetailPage({ mac }: { mac: string }) {
  const trpc = useTRPC();
  const live = useLiveObject<HardwareDetail>();
  const subscription = useSubscription(
    trpc.hardware.timeline.subscriptionOptions(
      { mac },
      {
        onData: (message: LiveMessage<HardwareDetail>) => {
          live.receive(message);
        },
      },
    ),
  );
  const detail = live.view;
  const row = detail?.row ?? undefined;
  return (
    <section className="space-y-4">
      <Breadcrumb href="/hardware" label="Unleased hardware" trail={[detail?.timeline.mac ?? mac]} />
      <div className="flex flex-wrap items-start gap-x-6 gap-y-2">
        <h1 className="font-mono text-2xl font-semibold" data-testid="hardware-title">
          {detail?.timeline.mac ?? mac}
        </h1>
        {row && (
          <div className="rounded-md border border-slate-800 bg-slate-900 px-3 py-2">
            <HardwareStateCell row={row} />
          </div>
        )}
        <UpdatedWithActions at={live.receivedAt} />
      </div>
      <LiveDetail
        subscription={subscription}
        received={detail !== undefined}
        item={detail}
        loading="Loading the machine…"
        notFound={null}
      >
        {(found) => (
          <div className="grid gap-4 lg:grid-cols-[minmax(18rem,1fr)_2fr]">
            <div className="space-y-4">
              {found.wipe && <WipeWaitPanel mac={found.timeline.mac} wipe={found.wipe} />}
              {found.row ? (
                <Facts row={found.row} />
              ) : (
                <Panel title="Machine">
                  The boot service does not know this MAC (now); its history is below.
                </Panel>
              )}
            </div>
            <Panel title="Provisioning timeline">
              <ProvisionTimeline timeline={found.timeline} />
            </Panel>
          </div>
        )}
      </LiveDetail>
    </section>
  );
}
