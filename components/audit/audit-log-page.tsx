'use client';

import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useRef } from 'react';
import { canAct, useViewer } from '../access/use-viewer';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import { timeText } from '../ui/format';
import { Panel } from '../ui/panel';
import { buttonClass, inputClass, PlainTable } from '../ui/plain-table';
import { useDebounced } from '../ui/use-debounced';

// refused: the change was not made, with the reason; pending: written before a change whose end was
// never recorded (server/access/audit-log.ts).
const RESULTS = ['ok', 'refused', 'error', 'denied', 'pending'] as const;
type Result = (typeof RESULTS)[number];
const FILTERS = ['actor', 'action', 'result'] as const;

const resultTone: Record<string, string> = {
  ok: 'text-emerald-300',
  refused: 'text-amber-300',
  error: 'text-red-300',
  denied: 'text-amber-300',
  pending: 'text-sky-300',
};

/** The audit log, newest first; filters and the page cursor live in the URL. */
export function AuditLogPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const viewer = useViewer();
  const actor = useDebounced(params.get('actor') ?? '', 300);
  const action = useDebounced(params.get('action') ?? '', 300);
  const resultParam = params.get('result');
  const result = RESULTS.find((value) => value === resultParam);
  const before = params.get('before') ?? undefined;
  const page = useQuery({
    ...trpc.access.audit.queryOptions({
      actor: actor || undefined,
      action: action || undefined,
      result,
      before: before && /^\d+$/.test(before) ? before : undefined,
    }),
    placeholderData: keepPreviousData,
  });
  const retention = useQuery(trpc.access.auditRetention.queryOptions());
  const setRetention = useMutation(
    trpc.access.setAuditRetention.mutationOptions({ onSuccess: () => void retention.refetch() }),
  );

  const go = (next: URLSearchParams) => {
    router.replace(`${pathname}?${next.toString()}`);
  };
  // The filters are read from their controls, not from the URL: a replace still on its way would
  // otherwise drop what was typed in one filter when the next is typed into at once.
  const filters = useRef<HTMLDivElement>(null);
  const applyFilters = () => {
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const control = filters.current?.querySelector<HTMLInputElement | HTMLSelectElement>(
        `[name="${name}"]`,
      );
      if (control?.value) next.set(name, control.value);
    }
    go(next);
  };
  const setBefore = (id: string | undefined) => {
    const next = new URLSearchParams(params);
    if (id) next.set('before', id);
    else next.delete('before');
    go(next);
  };
  const rows = page.data?.rows ?? [];

  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-50">Audit log</h1>
      <div ref={filters} className="flex flex-wrap items-end gap-3" role="search">
        <label className="text-xs text-slate-300">
          Who
          <input
            name="actor"
            aria-label="Filter by user"
            defaultValue={params.get('actor') ?? ''}
            onChange={applyFilters}
            className={`${inputClass} mt-1 block`}
          />
        </label>
        <label className="text-xs text-slate-300">
          Action
          <input
            name="action"
            aria-label="Filter by action"
            defaultValue={params.get('action') ?? ''}
            onChange={applyFilters}
            className={`${inputClass} mt-1 block`}
          />
        </label>
        <label className="text-xs text-slate-300">
          Result
          <select
            name="result"
            defaultValue={result ?? ''}
            onChange={applyFilters}
            className={`${inputClass} mt-1 block`}
          >
            <option value="">any</option>
            {RESULTS.map((value: Result) => (
              <option key={value}>{value}</option>
            ))}
          </select>
        </label>
      </div>
      {page.error && <p className="text-sm text-red-300">{errorText(page.error)}</p>}
      <Panel title="Entries, newest first" testId="audit-panel">
        <PlainTable
          testId="audit"
          headers={['Time', 'Who', 'Action', 'Target', 'Result', 'Input', 'Address']}
          empty="No entries match."
          rows={rows.map((row) => ({
            key: row.id,
            cells: [
              <span key="at" className="whitespace-nowrap tabular-nums">
                {timeText(row.at)}
              </span>,
              <span key="who">
                {row.actor}
                {row.role && <span className="text-xs text-slate-400"> ({row.role})</span>}
              </span>,
              <code key="action" className="text-xs">
                {row.action}
              </code>,
              row.target ?? '—',
              <span key="result" className={resultTone[row.result]} title={row.error ?? undefined}>
                {row.result}
                {row.error && <span className="block max-w-xs truncate text-xs">{row.error}</span>}
              </span>,
              <code key="input" className="line-clamp-2 max-w-sm break-all text-xs text-slate-400">
                {JSON.stringify(row.input)}
              </code>,
              row.clientIp,
            ],
          }))}
        />
        <div className="mt-3 flex gap-2">
          {before && (
            <button type="button" className={buttonClass} onClick={() => setBefore(undefined)}>
              Newest
            </button>
          )}
          {page.data?.more && (
            <button type="button" className={buttonClass} onClick={() => setBefore(rows.at(-1)?.id)}>
              Older
            </button>
          )}
        </div>
      </Panel>
      <Panel title="Retention" testId="audit-retention">
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const days = Number(new FormData(event.currentTarget).get('days'));
            setRetention.mutate({ days });
          }}
        >
          <label className="text-xs text-slate-300">
            Keep entries for (days)
            <input
              key={retention.data?.days}
              name="days"
              type="number"
              min={7}
              max={3650}
              defaultValue={retention.data?.days}
              disabled={!canAct(viewer, 'admin')}
              className={`${inputClass} mt-1 block w-32`}
            />
          </label>
          {canAct(viewer, 'admin') ? (
            <button type="submit" className={buttonClass} disabled={setRetention.isPending}>
              Save
            </button>
          ) : (
            <span className="text-xs text-slate-400">Only admins change the retention.</span>
          )}
        </form>
        {setRetention.error && <p className="mt-2 text-sm text-red-300">{errorText(setRetention.error)}</p>}
      </Panel>
    </div>
  );
}
