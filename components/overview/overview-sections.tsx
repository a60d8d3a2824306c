import { ConsoleLink } from '../console-link';
import type { OverviewHealth } from '@/server/api/overview/overview-health';
import type { OverviewView } from '@/server/api/overview/overview-view';
import type { WallItem } from '@/server/api/wall/wall-view';
import { timeText } from '../ui/format';
import { Empty, Panel } from '../ui/panel';

/** Where the console shows an object of this kind, when it has a page for it. */
function objectHref(kind: string, namespace: string, name: string): string | undefined {
  const path = `${encodeURIComponent(namespace)}/${encodeURIComponent(name)}`;
  if (kind === 'BareMetalHost') return `/hosts/${path}`;
  if (kind === 'SIPCluster') return `/clusters/${path}`;
  if (kind === 'Ironic') return `/ironic/${path}`;
  if (kind === 'Install') return '/hardware';
  if (kind === 'Machine') return `/hardware/${encodeURIComponent(name)}`;
  return undefined;
}

function ObjectName({ kind, namespace, name }: { kind: string; namespace: string; name: string }) {
  const href = objectHref(kind, namespace, name);
  const text = namespace ? `${namespace}/${name}` : name;
  return href ? (
    <ConsoleLink href={href} className="font-mono text-sky-300 hover:underline">
      {text}
    </ConsoleLink>
  ) : (
    <span className="font-mono">{text}</span>
  );
}

export function Problems({
  problems,
  controllersProblem,
}: {
  problems: OverviewView['problems'];
  controllersProblem: string | undefined;
}) {
  const items: (WallItem & { key: string })[] = problems.items.map((item) => ({
    ...item,
    key: `${item.kind}/${item.namespace}/${item.name}`,
  }));
  const count = problems.total + (controllersProblem ? 1 : 0);
  return (
    <Panel title={`Needs attention (${count})`} testId="problems">
      {count === 0 ? (
        <Empty>
          Nothing needs attention: no host in error or stuck in a step, every tenant cluster and service is
          Ready.
        </Empty>
      ) : (
        <ul className="divide-y divide-slate-800 text-sm">
          {controllersProblem && (
            <li className="py-2" data-testid="problem" data-kind="Controllers">
              <span className="mr-2 text-xs text-slate-400">Controllers</span>
              <span className="text-red-300">{controllersProblem}</span>
            </li>
          )}
          {items.map((item) => (
            <li key={item.key} className="py-2" data-testid="problem" data-kind={item.kind}>
              <span className="mr-2 text-xs text-slate-400">{item.kind}</span>
              <ObjectName kind={item.kind} namespace={item.namespace} name={item.name} />
              <div className="text-red-300">{item.detail}</div>
            </li>
          ))}
          {problems.total > problems.items.length && (
            <li className="py-2 text-slate-400">and {problems.total - problems.items.length} more</li>
          )}
        </ul>
      )}
    </Panel>
  );
}

export function Capacity({ capacity }: { capacity: OverviewView['capacity'] }) {
  const racks = [...new Set(capacity.free.map((entry) => entry.rack))];
  const flavors = [...new Set(capacity.free.map((entry) => entry.flavor))];
  const count = (rack: string, flavor: string) =>
    capacity.free.find((entry) => entry.rack === rack && entry.flavor === flavor)?.count;
  return (
    <Panel title="Capacity" testId="capacity">
      <p className="mb-3 text-sm text-slate-300">
        <ConsoleLink href="/hardware" className="text-sky-300 underline" data-testid="unleased-waiting">
          {capacity.unleased === undefined
            ? 'discovery is not running'
            : `${capacity.unleased} unleased machines`}
        </ConsoleLink>{' '}
        waiting to be provisioned.
      </p>
      {racks.length === 0 ? (
        <Empty>No free hosts: every host is claimed or not available.</Empty>
      ) : (
        <table className="text-sm tabular-nums" data-testid="free-hosts">
          <caption className="mb-1 text-left text-xs text-slate-400">
            Free hosts (unclaimed and available)
          </caption>
          <thead>
            <tr>
              <th scope="col" className="px-2 py-1 text-left text-xs font-medium text-slate-400">
                Rack
              </th>
              {flavors.map((flavor) => (
                <th
                  key={flavor}
                  scope="col"
                  className="px-2 py-1 text-right text-xs font-medium text-slate-400"
                >
                  {flavor || 'no flavor'}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {racks.map((rack) => (
              <tr key={rack} className="border-t border-slate-800">
                <th scope="row" className="px-2 py-1 text-left font-mono font-normal">
                  {rack || 'no rack'}
                </th>
                {flavors.map((flavor) => (
                  <td key={flavor} className="px-2 py-1 text-right">
                    {count(rack, flavor) ?? <span className="text-slate-400">0</span>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

export function RecentWarnings({ warnings }: { warnings: OverviewHealth['warnings'] | undefined }) {
  return (
    <Panel title="Recent warning events" testId="warnings">
      {!warnings ? (
        <Empty>Reading events…</Empty>
      ) : warnings.length === 0 ? (
        <Empty>No warning events.</Empty>
      ) : (
        <ul className="divide-y divide-slate-800 text-sm">
          {warnings.map((event) => (
            <li key={event.uid} className="py-2">
              <div className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium text-amber-300">{event.reason}</span>
                {event.regarding && (
                  <>
                    <span className="text-xs text-slate-400">{event.regarding.kind}</span>
                    <ObjectName {...event.regarding} />
                  </>
                )}
                <span className="ml-auto text-xs text-slate-400">
                  {timeText(event.lastTime)}
                  {event.count > 1 ? ` · ${event.count}×` : ''}
                </span>
              </div>
              <div className="text-slate-300">{event.note}</div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
