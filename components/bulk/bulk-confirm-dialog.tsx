'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { HostFilterInput } from '@/server/api/hosts/host-query';
import { HOST_ACTION_EFFECTS } from '@/server/schemas/host-actions';
import { BULK_LIMITS, type BulkAction } from '@/server/schemas/bulk-actions';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import { Field, inputClass } from '../ui/form-kit/field';
import { buttonClass, ModalDialog } from '../ui/modal-dialog';
import { parseLabelChange } from './bulk-labels';
import { BULK_ACTION_LABELS } from './bulk-outcomes';

function effectOf(action: BulkAction): string {
  if (action === 'labels') return 'change the labels below on each host';
  if (action === 'delete') return 'delete each BareMetalHost (provisioned or claimed hosts are skipped)';
  return HOST_ACTION_EFFECTS[action];
}

function numberProblem(value: string, [min, max]: readonly [number, number], what: string) {
  const number = Number(value);
  return value.trim() === '' || !Number.isFinite(number) || number < min || number > max
    ? `${what} must be a number from ${min} to ${max}`
    : undefined;
}

/**
 * The confirmation of a bulk action on every host the filter matches: the count and a sample read
 * from the server now, the pace chosen here, then the job starts and its page opens.
 */
/** One of the job's pace fields: typed as text, checked against its limits by the dialog. */
function PaceField(props: {
  label: string;
  path: string;
  error: string | undefined;
  limits: readonly [number, number];
  inputMode: 'numeric' | 'decimal';
  value: string;
  onChange: (value: string) => void;
}) {
  const { label, path, error, limits, inputMode, value, onChange } = props;
  return (
    <Field label={label} path={path} error={error} hint={limits.join(' to ')}>
      <input
        id={path}
        inputMode={inputMode}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        className={inputClass(Boolean(error))}
      />
    </Field>
  );
}

export function BulkConfirmDialog({
  action,
  filter,
  onClose,
}: {
  action: BulkAction;
  filter: HostFilterInput;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const [concurrency, setConcurrency] = useState('10');
  const [rate, setRate] = useState('20');
  const [labelText, setLabelText] = useState('');
  const [tried, setTried] = useState(false);
  const labels = action === 'labels' ? parseLabelChange(labelText) : undefined;
  const preview = useQuery(
    trpc.bulk.preview.queryOptions(
      { action, filter, ...(typeof labels === 'object' ? { labels } : {}) },
      { staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false, enabled: typeof labels !== 'string' },
    ),
  );
  const start = useMutation(
    trpc.bulk.start.mutationOptions({
      onSuccess: ({ id }) => {
        router.push(`/bulk/${id}`);
      },
    }),
  );
  const problems = {
    concurrency: numberProblem(concurrency, BULK_LIMITS.concurrency, 'Concurrency'),
    rate: numberProblem(rate, BULK_LIMITS.ratePerSecond, 'The rate'),
    labels: typeof labels === 'string' ? labels : undefined,
  };
  const count = preview.data?.count;
  const submit = () => {
    setTried(true);
    if (count === undefined || Object.values(problems).some(Boolean)) return;
    start.mutate({
      action,
      filter,
      ...(typeof labels === 'object' ? { labels } : {}),
      options: { concurrency: Number(concurrency), ratePerSecond: Number(rate) },
      confirmedCount: count,
    });
  };
  const shown = (problem: string | undefined) => (tried ? problem : undefined);
  return (
    <ModalDialog
      title={`${BULK_ACTION_LABELS[action]}: every matching host`}
      busy={start.isPending}
      onClose={onClose}
      testId="bulk-confirm"
    >
      {preview.error ? (
        <p role="alert" className="text-sm text-red-300" data-testid="bulk-preview-error">
          {errorText(preview.error)}
        </p>
      ) : count === undefined ? (
        <p className="text-sm text-slate-300">{problems.labels ? 'Name the labels below.' : 'Counting…'}</p>
      ) : (
        <div className="space-y-2 text-sm" data-testid="bulk-preview">
          <p>
            This will {effectOf(action)} on <strong data-testid="bulk-count">{count}</strong>{' '}
            {count === 1 ? 'host' : 'hosts'} that the filter matches now. A host that no longer matches when
            its turn comes is skipped.
          </p>
          <p className="text-slate-400">
            Among them:{' '}
            <span className="font-mono text-slate-200" data-testid="bulk-sample">
              {preview.data?.sample.join(', ')}
            </span>
            {count > (preview.data?.sample.length ?? 0) ? ' …' : ''}
          </p>
        </div>
      )}
      <form
        className="grid grid-cols-2 gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {action === 'labels' && (
          <Field
            label="Labels (key=value sets, -key removes)"
            path="labels"
            error={shown(problems.labels)}
            className="col-span-2"
          >
            <input
              id="labels"
              data-autofocus
              value={labelText}
              onChange={(event) => {
                setLabelText(event.target.value);
              }}
              className={`${inputClass(Boolean(shown(problems.labels)))} font-mono`}
            />
          </Field>
        )}
        <PaceField
          label="Hosts at once"
          path="concurrency"
          error={shown(problems.concurrency)}
          limits={BULK_LIMITS.concurrency}
          inputMode="numeric"
          value={concurrency}
          onChange={setConcurrency}
        />
        <PaceField
          label="Hosts a second, at most"
          path="rate"
          error={shown(problems.rate)}
          limits={BULK_LIMITS.ratePerSecond}
          inputMode="decimal"
          value={rate}
          onChange={setRate}
        />
        {start.error && (
          <p role="alert" className="col-span-2 text-sm text-red-300" data-testid="bulk-start-error">
            {errorText(start.error)}
          </p>
        )}
        <div className="col-span-2 flex justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            data-testid="bulk-start"
            disabled={count === undefined || start.isPending}
            className={
              action === 'delete' || action === 'power-off' ? buttonClass.danger : buttonClass.primary
            }
          >
            {count === undefined
              ? BULK_ACTION_LABELS[action]
              : `${BULK_ACTION_LABELS[action]} ${count} hosts`}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
