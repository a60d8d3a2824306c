'use client';

import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { HOST_ACTION_EFFECTS } from '@/server/schemas/host-actions';
import { BULK_LIMITS, type JobAction } from '@/server/schemas/bulk-actions';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import { Field, inputClass } from '../ui/form-kit/field';
import { buttonClass, ModalDialog } from '../ui/modal-dialog';
import { parseLabelChange } from './bulk-labels';
import { countOf, JOB_ACTION_LABELS, nounOf } from './bulk-outcomes';
import {
  BulkProvisionFields,
  DEFAULT_PROVISION_CHOICE,
  provisionOf,
  type ProvisionChoice,
} from './bulk-provision-fields';
import { targetInput, type BulkSelection } from './bulk-selection';

function effectOf(action: JobAction): string {
  if (action === 'labels') return 'change the labels below on each host';
  if (action === 'delete') return 'delete each BareMetalHost (provisioned or claimed hosts are skipped)';
  if (action === 'provision') {
    return 'create a PlunderMachine for each, in the cluster below, with an address from its pool';
  }
  if (action === 'firmware-settings') {
    return 'write the settings below to each HostFirmwareSettings, applied at its next cleaning (hosts that already match, or have no schema, are skipped)';
  }
  return HOST_ACTION_EFFECTS[action];
}

function numberProblem(value: string, [min, max]: readonly [number, number], what: string) {
  const number = Number(value);
  return value.trim() === '' || !Number.isFinite(number) || number < min || number > max
    ? `${what} must be a number from ${min} to ${max}`
    : undefined;
}

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

/**
 * The confirmation of a bulk action on every target the selection's filter matches: the count and a
 * sample read from the server now, the pace (and the action's own input) chosen here, then the job
 * starts and its page opens.
 */
export function BulkConfirmDialog({
  action,
  selection,
  onClose,
}: {
  action: JobAction;
  selection: BulkSelection;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const [concurrency, setConcurrency] = useState('10');
  const [rate, setRate] = useState('20');
  const [labelText, setLabelText] = useState('');
  const [choice, setChoice] = useState<ProvisionChoice>(DEFAULT_PROVISION_CHOICE);
  const [tried, setTried] = useState(false);
  const labels = action === 'labels' ? parseLabelChange(labelText) : undefined;
  const provision = action === 'provision' ? provisionOf(choice) : undefined;
  const target = targetInput(selection, action, {
    labels: typeof labels === 'object' ? labels : undefined,
    provision,
  });
  const pace = selection.kind === 'hardware' ? 'Machines' : 'Hosts';
  const preview = useQuery(
    trpc.bulk.preview.queryOptions(target ?? skipToken, {
      staleTime: Infinity,
      gcTime: 0,
      refetchOnWindowFocus: false,
    }),
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
    cluster: action === 'provision' && !provision ? 'Choose the Plunder cluster' : undefined,
  };
  const count = preview.data?.count;
  const submit = () => {
    setTried(true);
    if (!target || count === undefined || Object.values(problems).some(Boolean)) return;
    start.mutate({
      ...target,
      options: { concurrency: Number(concurrency), ratePerSecond: Number(rate) },
      confirmedCount: count,
    });
  };
  const shown = (problem: string | undefined) => (tried ? problem : undefined);
  return (
    <ModalDialog
      title={`${JOB_ACTION_LABELS[action]}: every matching ${nounOf(selection.kind, 1)}`}
      busy={start.isPending}
      onClose={onClose}
      testId="bulk-confirm"
    >
      {preview.error ? (
        <p role="alert" className="text-sm text-red-300" data-testid="bulk-preview-error">
          {errorText(preview.error)}
        </p>
      ) : count === undefined ? (
        <p className="text-sm text-slate-300">
          {problems.labels
            ? 'Name the labels below.'
            : problems.cluster
              ? 'Choose the cluster below.'
              : 'Counting…'}
        </p>
      ) : (
        <div className="space-y-2 text-sm" data-testid="bulk-preview">
          <p>
            This will {effectOf(action)} on <strong data-testid="bulk-count">{count}</strong>{' '}
            {nounOf(selection.kind, count)} that the filter matches now. One that no longer matches when its
            turn comes is skipped.
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
        {action === 'provision' && (
          <div className="col-span-2 grid grid-cols-2 gap-3">
            <BulkProvisionFields choice={choice} onChange={setChoice} />
          </div>
        )}
        {selection.kind === 'firmware' && (
          <dl className="col-span-2 max-h-40 overflow-auto text-sm" data-testid="bulk-firmware-settings">
            {Object.entries(selection.firmware.settings).map(([name, value]) => (
              <div key={name} className="flex gap-2">
                <dt className="font-mono text-slate-300">{name}</dt>
                <dd className="font-mono text-slate-100">{String(value)}</dd>
              </div>
            ))}
          </dl>
        )}
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
          label={`${pace} at once`}
          path="concurrency"
          error={shown(problems.concurrency)}
          limits={BULK_LIMITS.concurrency}
          inputMode="numeric"
          value={concurrency}
          onChange={setConcurrency}
        />
        <PaceField
          label={`${pace} a second, at most`}
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
              ? JOB_ACTION_LABELS[action]
              : `${JOB_ACTION_LABELS[action]} ${countOf(action, count)}`}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
