import type { HardwareView } from '@/server/api/hosts/host-detail';
import { bytesText, mebibytesText } from '../ui/format';
import { Empty, Fields, Panel } from '../ui/panel';
import { Chip } from '../ui/tone';

const mono = (value: string | undefined) =>
  value ? <span className="font-mono text-[13px]">{value}</span> : undefined;

const th = 'px-2 py-1.5 text-left text-[11px] font-semibold uppercase tracking-wide text-slate-400';
const td = 'px-2 py-1.5';

/** The Hardware tab: what inspection reported. */
export function Hardware({ hardware }: { hardware: HardwareView | undefined }) {
  if (!hardware) return <Empty>No hardware details yet: the host has not been inspected.</Empty>;
  return (
    <div className="space-y-4">
      <Panel title="System">
        <Fields
          items={[
            ['Vendor', [hardware.manufacturer, hardware.productName].filter(Boolean).join(' ') || undefined],
            ['Serial number', mono(hardware.serialNumber)],
            ['BIOS', hardware.bios],
            ['Hostname', mono(hardware.hostname)],
            [
              'CPU',
              hardware.cpu
                ? `${hardware.cpu.count ?? '?'} × ${hardware.cpu.model ?? 'unknown model'}${hardware.cpu.clockMegahertz ? ` @ ${(hardware.cpu.clockMegahertz / 1000).toFixed(2)} GHz` : ''} (${hardware.cpu.arch ?? '?'})`
                : undefined,
            ],
            ['RAM', mebibytesText(hardware.ramMebibytes)],
          ]}
        />
      </Panel>
      <Panel title={`Network interfaces (${hardware.nics.length})`}>
        {hardware.nics.length === 0 ? (
          <Empty>No NICs reported.</Empty>
        ) : (
          <table className="w-full text-sm" data-testid="nics">
            <thead className="border-b border-slate-800">
              <tr>
                <th className={th}>Name</th>
                <th className={th}>MAC / vendor</th>
                <th className={th}>IP</th>
                <th className={`${th} text-right`}>Speed</th>
                <th className={th}>VLAN</th>
                <th className={th}>PXE</th>
                <th className={th}>Switch port</th>
                <th className={th}>Model / PCI</th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {hardware.nics.map((nic, index) => (
                <tr key={`${nic.name ?? ''}-${index}`} className="border-b border-slate-800/60">
                  <td className={`${td} font-mono`}>{nic.name ?? '—'}</td>
                  <td className={td}>
                    <div className="font-mono">{nic.mac ?? '—'}</div>
                    <div className="text-xs text-slate-400">{nic.vendor ?? ''}</div>
                  </td>
                  <td className={`${td} font-mono`}>{nic.ip ?? '—'}</td>
                  <td className={`${td} text-right`}>{nic.speedGbps ? `${nic.speedGbps} Gb/s` : '—'}</td>
                  <td className={td}>{nic.vlanId ?? '—'}</td>
                  <td className={td}>{nic.pxe ? <Chip tone="ok">PXE</Chip> : '—'}</td>
                  <td className={`${td} text-xs`}>{nic.switchPort ?? '—'}</td>
                  <td className={`${td} text-xs text-slate-400`}>
                    {[nic.model, nic.pciAddress].filter(Boolean).join(' · ') || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
      <Panel title={`Disks (${hardware.disks.length})`}>
        {hardware.disks.length === 0 ? (
          <Empty>No disks reported.</Empty>
        ) : (
          <table className="w-full text-sm" data-testid="disks">
            <thead className="border-b border-slate-800">
              <tr>
                <th className={th}>Name</th>
                <th className={th}>Type</th>
                <th className={`${th} text-right`}>Size</th>
                <th className={th}>Vendor / model</th>
                <th className={th}>Serial</th>
                <th className={th}>WWN / HCTL</th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {hardware.disks.map((disk, index) => (
                <tr key={`${disk.name ?? ''}-${index}`} className="border-b border-slate-800/60">
                  <td className={`${td} font-mono`}>{disk.name ?? '—'}</td>
                  <td className={td}>{disk.type ?? (disk.rotational ? 'HDD' : '—')}</td>
                  <td className={`${td} text-right`}>{bytesText(disk.sizeBytes)}</td>
                  <td className={td}>{[disk.vendor, disk.model].filter(Boolean).join(' ') || '—'}</td>
                  <td className={`${td} font-mono text-xs`}>{disk.serialNumber ?? '—'}</td>
                  <td className={`${td} font-mono text-xs text-slate-400`}>
                    {[disk.wwn, disk.hctl].filter(Boolean).join(' · ') || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
    </div>
  );
}
