import type { OwnedServicesView } from '@/server/api/owned-workloads';
import { Empty, ErrorBox } from './panel';
import { Chip } from './tone';

const th = 'px-2 py-1.5 text-left text-[11px] font-semibold uppercase tracking-wide text-slate-400';
const td = 'px-2 py-1.5 align-top';

/** Each image once, with how many containers run it: Ironic's four containers share one image. */
export function imagesText(images: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const image of images) counts.set(image, (counts.get(image) ?? 0) + 1);
  return [...counts]
    .map(([image, count]) => (count > 1 ? `${image} (${count} containers)` : image))
    .join(', ');
}

/** The Deployments and Services a controller created for one object, with their readiness. */
export function OwnedObjects({
  owned,
  error,
  emptyText,
}: {
  owned: OwnedServicesView | undefined;
  error?: string;
  emptyText: string;
}) {
  if (error) return <ErrorBox>{error}</ErrorBox>;
  if (!owned) return <Empty>Loading…</Empty>;
  if (owned.deployments.length === 0 && owned.services.length === 0) {
    return <Empty>{emptyText}</Empty>;
  }
  return (
    <div className="space-y-3" data-testid="owned-objects">
      <table className="w-full text-sm">
        <thead className="border-b border-slate-800">
          <tr>
            <th className={th}>Deployment</th>
            <th className={`${th} text-right`}>Ready</th>
            <th className={th}>Image</th>
            <th className={th}>Problems</th>
          </tr>
        </thead>
        <tbody>
          {owned.deployments.map((deployment) => (
            <tr key={deployment.name} className="border-b border-slate-800/60">
              <td className={`${td} font-mono text-xs`}>{deployment.name}</td>
              <td className={`${td} text-right tabular-nums`}>
                <Chip tone={deployment.available >= deployment.replicas ? 'ok' : 'progress'}>
                  {deployment.ready}/{deployment.replicas}
                </Chip>
              </td>
              <td className={`${td} font-mono text-xs text-slate-300`}>{imagesText(deployment.images)}</td>
              <td className={`${td} text-xs text-amber-200`}>
                {deployment.problems.join('; ') || <span className="text-slate-400">none</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="w-full text-sm">
        <thead className="border-b border-slate-800">
          <tr>
            <th className={th}>Service</th>
            <th className={th}>Type</th>
            <th className={th}>Ports (port → nodePort)</th>
          </tr>
        </thead>
        <tbody>
          {owned.services.map((service) => (
            <tr key={service.name} className="border-b border-slate-800/60">
              <td className={`${td} font-mono text-xs`}>{service.name}</td>
              <td className={td}>{service.type}</td>
              <td className={`${td} font-mono text-xs tabular-nums`}>
                {service.ports.length > 6
                  ? `${service.ports.length} ports, ${service.ports[0]?.nodePort ?? '?'}–${service.ports.at(-1)?.nodePort ?? '?'}`
                  : service.ports
                      .map(
                        (port) =>
                          `${port.name ? `${port.name} ` : ''}${port.port}${port.nodePort ? ` → ${port.nodePort}` : ''}/${port.protocol}`,
                      )
                      .join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-slate-400">
        {owned.source === 'cache'
          ? 'Live from the server’s caches.'
          : 'Read from the API server when this page changed.'}
      </p>
    </div>
  );
}
