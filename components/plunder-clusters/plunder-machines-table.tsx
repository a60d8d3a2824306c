'use client';

import type { PlunderMachineView } from '@/server/api/plunder-clusters/plunder-cluster-row';
import { HardwareStateCell } from '../hardware/hardware-state';
import { MacLink } from '../hardware/mac-link';
import { ageText } from '../ui/format';
import { Empty } from '../ui/panel';
import { Chip } from '../ui/tone';
import { useNow } from '../ui/use-now';

const th = 'px-2 py-1.5 text-left text-[11px] font-semibold uppercase tracking-wide text-slate-400';
const td = 'px-2 py-1.5 align-top';

/** A Plunder cluster's machines: phase, the hardware each holds (MAC, address, state), age. */
export function PlunderMachinesTable({ machines }: { machines: PlunderMachineView[] }) {
  const now = useNow(5_000);
  if (machines.length === 0) return <Empty>This Plunder cluster has no machines.</Empty>;
  return (
    <table className="w-full text-sm" data-testid="plunder-machines">
      <thead className="border-b border-slate-800">
        <tr>
          <th className={th}>Machine</th>
          <th className={th}>Phase</th>
          <th className={th}>MAC</th>
          <th className={th}>Address</th>
          <th className={th}>Hardware</th>
          <th className={th}>Age</th>
        </tr>
      </thead>
      <tbody>
        {machines.map((machine) => (
          <tr key={machine.name} className="border-b border-slate-800/60" data-testid="plunder-machine">
            <td className={td}>
              <div className="font-medium">{machine.name}</div>
              <div className="text-xs text-slate-400">
                {machine.role}
                {machine.capiMachine ? ` · Cluster API Machine ${machine.capiMachine}` : ''}
              </div>
            </td>
            <td className={td}>
              <Chip tone={machine.ready ? 'ok' : machine.phase === 'Failed' ? 'error' : 'progress'}>
                {machine.phase}
              </Chip>
              {machine.message && (
                <div className="mt-0.5 text-xs text-slate-300" data-testid="machine-message">
                  {machine.message}
                </div>
              )}
            </td>
            <td className={`${td} font-mono text-xs`}>{machine.mac ? <MacLink mac={machine.mac} /> : '—'}</td>
            <td className={`${td} font-mono text-xs`}>{machine.ip ?? '—'}</td>
            <td className={td}>
              {machine.hardware ? (
                <HardwareStateCell
                  row={{
                    state: machine.hardware,
                    failureReason: null,
                    failureMessage: null,
                    addressConflict: null,
                    step: null,
                  }}
                />
              ) : (
                <span className="text-slate-400">none held</span>
              )}
            </td>
            <td className={`${td} tabular-nums text-slate-300`}>{ageText(machine.createdAt, now)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
