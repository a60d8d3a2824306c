'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import type { ContrailGroupForm } from '@/server/schemas/contrail-group-form';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import { useRequiredFormKit } from '../ui/form-kit/form-kit-context';
import { useDebounced } from '../ui/use-debounced';

/** How often the count is asked again while the selector stays the same: nodes come and go. */
const REFRESH_MS = 5_000;

/**
 * Live: how many nodes the selector matches, which of them another group already holds (a group
 * may not take those; `self`, the group being edited, holds its own), and the fewest SR-IOV VFs
 * among them, which the form's VF rule checks.
 */
export function NodeMatchPanel({ self }: { self?: string | undefined }) {
  const trpc = useTRPC();
  const { form } = useRequiredFormKit();
  const selector = useWatch({
    control: form.control,
    name: 'nodeSelector',
  }) as ContrailGroupForm['nodeSelector'];
  const settled = useDebounced(selector, 300);
  const match = useQuery(
    trpc.contrail.groups.matchingNodes.queryOptions(
      { selector: settled, ...(self ? { self } : {}) },
      { refetchInterval: REFRESH_MS },
    ),
  );
  const capacity = match.data?.vfCapacity;
  useEffect(() => {
    if (capacity === undefined) return;
    if (form.getValues('nodeVfCapacity') !== capacity)
      form.setValue('nodeVfCapacity', capacity, { shouldValidate: true });
  }, [capacity, form]);

  if (match.isError) return <p className="text-sm text-red-300">{errorText(match.error)}</p>;
  const data = match.data;
  if (!data) return <p className="text-sm text-slate-400">Counting nodes…</p>;
  const free = data.count - data.taken;
  return (
    <div className="space-y-2 rounded border border-slate-800 bg-slate-950/60 p-3" aria-live="polite">
      <p className="text-sm">
        <span className="font-semibold tabular-nums" data-testid="match-count" data-count={data.count}>
          {data.count === 1 ? '1 node matches' : `${data.count} nodes match`}
        </span>
        {data.count > 0 && (
          <span className="text-slate-400">
            {' '}
            · {free} free
            {data.taken > 0 && (
              <span className="text-rose-300" data-testid="match-taken">
                {' '}
                · {data.taken} already in another group
              </span>
            )}
            {data.vfCapacity !== null &&
              data.vfCapacity > 0 &&
              ` · at least ${data.vfCapacity} SR-IOV VFs each`}
          </span>
        )}
      </p>
      {data.nodes.length > 0 && (
        <ul className="flex flex-wrap gap-1 text-xs" data-testid="match-nodes">
          {data.nodes.slice(0, 24).map((node) => (
            <li
              key={node.name}
              className={`rounded px-1.5 py-0.5 font-mono ${node.groups.length > 0 ? 'bg-rose-950 text-rose-200' : 'bg-slate-800 text-slate-200'}`}
              title={node.groups.length > 0 ? `already in ${node.groups.join(', ')}` : undefined}
            >
              {node.name}
              {node.groups.length > 0 && ` (${node.groups.join(', ')})`}
            </li>
          ))}
          {data.count > 24 && <li className="text-slate-400">and {data.count - 24} more</li>}
        </ul>
      )}
    </div>
  );
}
