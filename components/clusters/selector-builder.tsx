'use client';

import { useFieldArray, useWatch } from 'react-hook-form';
import type { LabelOption } from '@/server/api/clusters/label-options';
import { splitValues } from '@/server/schemas/label-rules';
import { SELECTOR_OPERATORS, type RoleForm } from '@/server/schemas/sip-cluster-form';
import { Field, GroupError } from '../ui/form-kit/field';
import { useRequiredFormKit } from '../ui/form-kit/form-kit-context';
import { NumberInput, Select, TextInput } from '../ui/form-kit/inputs';

function valueOptions(labels: LabelOption[], key: string) {
  return labels.find((label) => label.key === key)?.values ?? [];
}

const small = 'rounded border border-slate-700 px-2 py-0.5 text-xs text-slate-300 hover:bg-slate-800';
const remove = 'rounded px-1.5 text-slate-400 hover:bg-slate-800 hover:text-red-300';
const KEYS_LIST = 'label-keys';

function needsValues(operator: string): boolean {
  return operator === 'In' || operator === 'NotIn';
}

/** One In/NotIn/Exists/DoesNotExist row, with the values present on hosts offered as buttons. */
function ExpressionRow({
  path,
  expression,
  labels,
  onRemove,
}: {
  path: string;
  expression: RoleForm['matchExpressions'][number];
  labels: LabelOption[];
  onRemove: () => void;
}) {
  const { form } = useRequiredFormKit();
  const options = valueOptions(labels, expression.key);
  const withValues = needsValues(expression.operator);
  const addValue = (value: string) => {
    const current = splitValues(expression.values);
    if (current.includes(value)) return;
    form.setValue(`${path}.values`, [...current, value].join(', '), { shouldDirty: true });
  };
  return (
    <div className="grid grid-cols-[1fr_7rem_1.3fr_auto] items-start gap-2" data-testid="match-expression">
      <Field label={<span className="sr-only">Key</span>} path={`${path}.key`}>
        <TextInput path={`${path}.key`} list={KEYS_LIST} placeholder="label key" />
      </Field>
      <Field label={<span className="sr-only">Operator</span>} path={`${path}.operator`}>
        <Select
          path={`${path}.operator`}
          onValueChange={(event) => {
            if (!needsValues(event.target.value)) form.setValue(`${path}.values`, '', { shouldDirty: true });
          }}
        >
          {SELECTOR_OPERATORS.map((operator) => (
            <option key={operator} value={operator}>
              {operator}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label={<span className="sr-only">Values</span>}
        path={`${path}.values`}
        hint={
          withValues && options.length > 0 ? (
            <span className="flex flex-wrap gap-1">
              {options.slice(0, 12).map((option) => (
                <button
                  key={option.value}
                  type="button"
                  className="rounded bg-slate-800 px-1 font-mono text-[11px] text-slate-300 hover:bg-slate-700"
                  onClick={() => {
                    addValue(option.value);
                  }}
                >
                  +{option.value}
                </button>
              ))}
            </span>
          ) : undefined
        }
      >
        <TextInput
          path={`${path}.values`}
          keepSpaces
          disabled={!withValues}
          placeholder={withValues ? 'values, comma-separated' : 'no values'}
          className="disabled:opacity-40"
        />
      </Field>
      <button type="button" aria-label="Remove expression" className={remove} onClick={onRemove}>
        ✕
      </button>
    </div>
  );
}

/**
 * One role's host choice: matchLabels and matchExpressions built from the label keys and values
 * present on hosts (free text allowed), the anti-affinity key, and the counts.
 */
export function RoleEditor({ role, labels }: { role: 'ControlPlane' | 'Worker'; labels: LabelOption[] }) {
  const { form } = useRequiredFormKit();
  const base = `roles.${role}`;
  const value = useWatch({ control: form.control, name: base }) as RoleForm;
  const matchLabels = useFieldArray({ control: form.control, name: `${base}.matchLabels` });
  const matchExpressions = useFieldArray({ control: form.control, name: `${base}.matchExpressions` });
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-800 p-4" data-testid={`role-${role}`}>
      <legend className="px-1 text-sm font-semibold text-slate-200">
        {role === 'ControlPlane' ? 'Control plane' : 'Workers'}
      </legend>
      {/* Where the API server's refusals of this role's node set land. */}
      <GroupError path={base} />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Field label="Active" path={`${base}.active`}>
          <NumberInput path={`${base}.active`} min={0} step={1} />
        </Field>
        <Field label="Standby" path={`${base}.standby`}>
          <NumberInput path={`${base}.standby`} min={0} step={1} />
        </Field>
        <Field
          label="Anti-affinity: one host per"
          path={`${base}.topologyKey`}
          hint="A host label key, e.g. the rack; empty for none"
          className="col-span-2"
        >
          <TextInput path={`${base}.topologyKey`} list={KEYS_LIST} placeholder="no anti-affinity" />
        </Field>
      </div>

      <div className="space-y-2">
        <div className="text-xs font-medium text-slate-300">Hosts must have labels (matchLabels)</div>
        {matchLabels.fields.map((item, index) => {
          const path = `${base}.matchLabels.${index}`;
          const valuesList = `values-${role}-label-${index}`;
          return (
            <div
              key={item.id}
              className="grid grid-cols-[1fr_auto_1fr_auto] items-start gap-2"
              data-testid="match-label"
            >
              <Field label={<span className="sr-only">Key</span>} path={`${path}.key`}>
                <TextInput path={`${path}.key`} list={KEYS_LIST} placeholder="label key" />
              </Field>
              <span className="pt-1 text-slate-400">=</span>
              <Field label={<span className="sr-only">Value</span>} path={`${path}.value`}>
                <TextInput path={`${path}.value`} list={valuesList} placeholder="value" />
                <datalist id={valuesList}>
                  {valueOptions(labels, value.matchLabels[index]?.key ?? '').map((option) => (
                    <option
                      key={option.value}
                      value={option.value}
                      label={`${option.free} free of ${option.hosts}`}
                    />
                  ))}
                </datalist>
              </Field>
              <button
                type="button"
                aria-label="Remove label"
                className={remove}
                onClick={() => {
                  matchLabels.remove(index);
                }}
              >
                ✕
              </button>
            </div>
          );
        })}
        <GroupError path={`${base}.matchLabels`} />
        <div className="text-xs font-medium text-slate-300">Expressions (matchExpressions)</div>
        {matchExpressions.fields.map((item, index) => {
          const expression = value.matchExpressions[index];
          return (
            expression && (
              <ExpressionRow
                key={item.id}
                path={`${base}.matchExpressions.${index}`}
                expression={expression}
                labels={labels}
                onRemove={() => {
                  matchExpressions.remove(index);
                }}
              />
            )
          );
        })}
        <GroupError path={`${base}.matchExpressions`} />
        <div className="flex gap-2">
          <button
            type="button"
            className={small}
            data-testid={`add-label-${role}`}
            onClick={() => {
              matchLabels.append({ key: '', value: '' });
            }}
          >
            + label
          </button>
          <button
            type="button"
            className={small}
            onClick={() => {
              matchExpressions.append({ key: '', operator: 'In', values: '' });
            }}
          >
            + expression
          </button>
          {value.matchLabels.length === 0 && value.matchExpressions.length === 0 && (
            <span className="self-center text-xs text-amber-300/80">
              No selector: every free host matches.
            </span>
          )}
        </div>
      </div>
    </fieldset>
  );
}
