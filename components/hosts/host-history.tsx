import type { HostDetailView } from '@/server/api/hosts/host-detail';
import type { EventView } from '@/server/api/object-events';
import { ConditionsTable } from '../ui/detail-tables';
import { errorText } from '../ui/errors';
import { timeText } from '../ui/format';
import { Empty, ErrorBox, Panel } from '../ui/panel';
import { Chip } from '../ui/tone';
import { historyRows, type HistoryRow } from './host-history-rows';

const th = 'px-2 py-1.5 text-left text-[11px] font-semibold uppercase tracking-wide text-slate-300';
const td = 'px-2 py-1.5';

function took(row: HistoryRow): string {
  if (row.request || !row.start || !row.end) return '';
  const seconds = Math.round((Date.parse(row.end) - Date.parse(row.start)) / 1000);
  return seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}

function finished(row: HistoryRow) {
  if (row.request) return <span className="text-slate-400">requested</span>;
  return row.end ? timeText(row.end) : <Chip tone="progress">in progress</Chip>;
}

/** The host's conditions, and its operation history: its operator's steps and who asked for what. */
export function HostHistory({
  host,
  events,
}: {
  host: HostDetailView;
  events: { isError: boolean; error: { message: string } | null; data: EventView[] | undefined };
}) {
  const rows = historyRows(host.operations, events.data ?? []);
  return (
    <div className="space-y-4">
      <Panel title="Conditions">
        <ConditionsTable conditions={host.conditions} />
      </Panel>
      <Panel title="Operation history">
        {events.isError && (
          <ErrorBox>Requests from the console could not be read: {errorText(events.error)}</ErrorBox>
        )}
        {rows.length === 0 ? (
          <Empty>{events.data ? 'No operations recorded yet.' : 'Loading…'}</Empty>
        ) : (
          <table className="w-full text-sm" data-testid="operations">
            <thead className="border-b border-slate-800">
              <tr>
                <th className={th}>Operation</th>
                <th className={th}>By</th>
                <th className={th}>Started</th>
                <th className={th}>Finished</th>
                <th className={`${th} text-right`}>Took</th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {rows.map((row) => (
                <tr key={row.key} className="border-b border-slate-800/60" data-testid="operation">
                  <td className={td}>{row.operation}</td>
                  <td className={row.request ? `${td} font-mono` : `${td} text-slate-400`}>{row.by}</td>
                  <td className={td}>{timeText(row.start)}</td>
                  <td className={td}>{finished(row)}</td>
                  <td className={`${td} text-right`}>{took(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
    </div>
  );
}
