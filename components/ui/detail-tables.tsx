import type { ConditionView } from '@/server/api/hosts/host-detail';
import type { EventView } from '@/server/api/object-events';
import { timeText } from './format';
import { Empty } from './panel';
import { Chip } from './tone';

const th = 'px-2 py-1.5 text-left text-[11px] font-semibold uppercase tracking-wide text-slate-400';
const td = 'px-2 py-1.5 align-top';

export function ConditionsTable({ conditions }: { conditions: ConditionView[] }) {
  if (conditions.length === 0) return <Empty>No conditions written yet.</Empty>;
  return (
    <table className="w-full text-sm" data-testid="conditions">
      <thead className="border-b border-slate-800">
        <tr>
          <th className={th}>Type</th>
          <th className={th}>Status</th>
          <th className={th}>Reason</th>
          <th className={th}>Message</th>
          <th className={th}>Since</th>
        </tr>
      </thead>
      <tbody>
        {conditions.map((condition) => (
          <tr key={condition.type} className="border-b border-slate-800/60">
            <td className={`${td} font-medium`}>{condition.type}</td>
            <td className={td}>
              <Chip
                tone={condition.status === 'True' ? 'ok' : condition.status === 'False' ? 'error' : 'neutral'}
              >
                {condition.status}
              </Chip>
            </td>
            <td className={`${td} font-mono text-xs`}>{condition.reason}</td>
            <td className={`${td} whitespace-pre-wrap break-words text-slate-300`}>
              {condition.message || '—'}
            </td>
            <td className={`${td} whitespace-nowrap text-xs tabular-nums text-slate-400`}>
              {timeText(condition.lastTransitionTime)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function EventsTimeline({ events }: { events: EventView[] }) {
  if (events.length === 0)
    return <Empty>No events recorded for this object (events expire after an hour).</Empty>;
  return (
    <ol className="space-y-0" data-testid="events">
      {events.map((event) => (
        <li
          key={event.uid}
          className="grid grid-cols-[11rem_5.5rem_minmax(0,1fr)] gap-3 border-b border-slate-800/60 py-1.5 text-sm"
        >
          <span className="text-xs tabular-nums text-slate-400">{timeText(event.lastTime)}</span>
          <span>
            <Chip tone={event.type === 'Warning' ? 'warning' : 'neutral'}>{event.type}</Chip>
          </span>
          <span className="min-w-0">
            <span className="font-medium">{event.reason}</span>
            {event.count > 1 && <span className="ml-1 text-xs text-slate-400">×{event.count}</span>}
            {event.source && <span className="ml-2 text-xs text-slate-400">{event.source}</span>}
            <span className="block whitespace-pre-wrap break-words text-slate-300">{event.note}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

export function YamlBlock({ yaml }: { yaml: string }) {
  return (
    <pre
      data-testid="yaml"
      className="max-h-[70vh] overflow-auto rounded border border-slate-800 bg-slate-950 p-3 font-mono text-xs leading-5 text-slate-200"
    >
      {yaml}
    </pre>
  );
}
