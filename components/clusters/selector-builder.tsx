'use client';

import type { LabelOption } from '@/server/api/tenant-clusters/tenant-clusters-router';
import { SELECTOR_OPERATORS, type RoleForm, type SelectorOperator } from '@/server/schemas/sip-cluster-form';
import { Field, inputClass, numberValue, parseNumber } from '../ui/form-field';

function valueOptions(labels: LabelOption[], key: string) {
  return labels.find((label) => label.key === key)?.values ?? [];
}

/** The key or the value half of one matchLabels entry. */
function LabelPartInput({
  path,
  part,
  list,
  placeholder,
  value,
  error,
  onChange,
  onTouch,
}: {
  path: string;
  part: 'key' | 'value';
  list: string;
  placeholder: string;
  value: string;
  error: string | undefined;
  onChange: (text: string) => void;
  onTouch: (path: string) => void;
}) {
  const id = `${path}.${part}`;
  return (
    <input
      id={id}
      name={id}
      list={list}
      value={value}
      placeholder={placeholder}
      spellCheck={false}
      aria-invalid={Boolean(error)}
      onChange={(event) => {
        onChange(event.target.value.trim());
      }}
      onBlur={() => {
        onTouch(id);
      }}
      className={`${inputClass(Boolean(error))} font-mono`}
    />
  );
}

const small = 'rounded border border-slate-700 px-2 py-0.5 text-xs text-slate-300 hover:bg-slate-800';
const remove = 'rounded px-1.5 text-slate-500 hover:bg-slate-800 hover:text-red-300';

/**
 * One role's host choice: matchLabels and matchExpressions built from the label keys and values
 * present on hosts (free text allowed), the anti-affinity key, and the counts.
 */
export function RoleEditor({
  role,
  value,
  labels,
  errorFor,
  onChange,
  onTouch,
}: {
  role: 'ControlPlane' | 'Worker';
  value: RoleForm;
  labels: LabelOption[];
  errorFor: (path: string) => string | undefined;
  onChange: (next: RoleForm) => void;
  onTouch: (path: string) => void;
}) {
  const base = `roles.${role}`;
  const keysList = `label-keys`;
  const set = (patch: Partial<RoleForm>) => {
    onChange({ ...value, ...patch });
  };
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-800 p-4" data-testid={`role-${role}`}>
      <legend className="px-1 text-sm font-semibold text-slate-200">
        {role === 'ControlPlane' ? 'Control plane' : 'Workers'}
      </legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Field label="Active" path={`${base}.active`} error={errorFor(`${base}.active`)}>
          <input
            id={`${base}.active`}
            name={`${base}.active`}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={numberValue(value.active)}
            aria-invalid={Boolean(errorFor(`${base}.active`))}
            onChange={(event) => {
              set({ active: parseNumber(event.target.value) });
            }}
            onBlur={() => {
              onTouch(`${base}.active`);
            }}
            className={`${inputClass(Boolean(errorFor(`${base}.active`)))} tabular-nums`}
          />
        </Field>
        <Field label="Standby" path={`${base}.standby`} error={errorFor(`${base}.standby`)}>
          <input
            id={`${base}.standby`}
            name={`${base}.standby`}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={numberValue(value.standby)}
            aria-invalid={Boolean(errorFor(`${base}.standby`))}
            onChange={(event) => {
              set({ standby: parseNumber(event.target.value) });
            }}
            onBlur={() => {
              onTouch(`${base}.standby`);
            }}
            className={`${inputClass(Boolean(errorFor(`${base}.standby`)))} tabular-nums`}
          />
        </Field>
        <Field
          label="Anti-affinity: one host per"
          path={`${base}.topologyKey`}
          error={errorFor(`${base}.topologyKey`)}
          hint="A host label key, e.g. the rack; empty for none"
          className="col-span-2"
        >
          <input
            id={`${base}.topologyKey`}
            name={`${base}.topologyKey`}
            list={keysList}
            value={value.topologyKey}
            placeholder="no anti-affinity"
            spellCheck={false}
            aria-invalid={Boolean(errorFor(`${base}.topologyKey`))}
            onChange={(event) => {
              set({ topologyKey: event.target.value.trim() });
            }}
            onBlur={() => {
              onTouch(`${base}.topologyKey`);
            }}
            className={`${inputClass(Boolean(errorFor(`${base}.topologyKey`)))} font-mono`}
          />
        </Field>
      </div>

      <div className="space-y-2">
        <div className="text-xs font-medium text-slate-300">Hosts must have labels (matchLabels)</div>
        {value.matchLabels.map((label, index) => {
          const path = `${base}.matchLabels.${index}`;
          const valuesList = `values-${role}-label-${index}`;
          return (
            <div
              key={index}
              className="grid grid-cols-[1fr_auto_1fr_auto] items-start gap-2"
              data-testid="match-label"
            >
              <Field
                label={<span className="sr-only">Key</span>}
                path={`${path}.key`}
                error={errorFor(`${path}.key`)}
              >
                <LabelPartInput
                  path={path}
                  part="key"
                  list={keysList}
                  placeholder="label key"
                  value={label.key}
                  error={errorFor(`${path}.key`)}
                  onTouch={onTouch}
                  onChange={(text) => {
                    set({
                      matchLabels: value.matchLabels.map((item, i) =>
                        i === index ? { ...item, key: text } : item,
                      ),
                    });
                  }}
                />
              </Field>
              <span className="pt-1 text-slate-500">=</span>
              <Field
                label={<span className="sr-only">Value</span>}
                path={`${path}.value`}
                error={errorFor(`${path}.value`)}
              >
                <LabelPartInput
                  path={path}
                  part="value"
                  list={valuesList}
                  placeholder="value"
                  value={label.value}
                  error={errorFor(`${path}.value`)}
                  onTouch={onTouch}
                  onChange={(text) => {
                    set({
                      matchLabels: value.matchLabels.map((item, i) =>
                        i === index ? { ...item, value: text } : item,
                      ),
                    });
                  }}
                />
                <datalist id={valuesList}>
                  {valueOptions(labels, label.key).map((option) => (
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
                  set({ matchLabels: value.matchLabels.filter((_, i) => i !== index) });
                }}
              >
                ✕
              </button>
            </div>
          );
        })}
        <div className="text-xs font-medium text-slate-300">Expressions (matchExpressions)</div>
        {value.matchExpressions.map((expression, index) => {
          const path = `${base}.matchExpressions.${index}`;
          const options = valueOptions(labels, expression.key);
          const needsValues = expression.operator === 'In' || expression.operator === 'NotIn';
          return (
            <div
              key={index}
              className="grid grid-cols-[1fr_7rem_1.3fr_auto] items-start gap-2"
              data-testid="match-expression"
            >
              <Field
                label={<span className="sr-only">Key</span>}
                path={`${path}.key`}
                error={errorFor(`${path}.key`)}
              >
                <input
                  id={`${path}.key`}
                  name={`${path}.key`}
                  list={keysList}
                  value={expression.key}
                  placeholder="label key"
                  spellCheck={false}
                  onChange={(event) => {
                    set({
                      matchExpressions: value.matchExpressions.map((item, i) =>
                        i === index ? { ...item, key: event.target.value.trim() } : item,
                      ),
                    });
                  }}
                  onBlur={() => {
                    onTouch(`${path}.key`);
                  }}
                  className={`${inputClass(Boolean(errorFor(`${path}.key`)))} font-mono`}
                />
              </Field>
              <Field
                label={<span className="sr-only">Operator</span>}
                path={`${path}.operator`}
                error={errorFor(`${path}.operator`)}
              >
                <select
                  id={`${path}.operator`}
                  name={`${path}.operator`}
                  value={expression.operator}
                  onChange={(event) => {
                    const operator = event.target.value as SelectorOperator;
                    const keep = operator === 'In' || operator === 'NotIn';
                    set({
                      matchExpressions: value.matchExpressions.map((item, i) =>
                        i === index ? { ...item, operator, values: keep ? item.values : '' } : item,
                      ),
                    });
                  }}
                  className={inputClass(false)}
                >
                  {SELECTOR_OPERATORS.map((operator) => (
                    <option key={operator} value={operator}>
                      {operator}
                    </option>
                  ))}
                </select>
              </Field>
              <Field
                label={<span className="sr-only">Values</span>}
                path={`${path}.values`}
                error={errorFor(`${path}.values`)}
                hint={
                  needsValues && options.length > 0 ? (
                    <span className="flex flex-wrap gap-1">
                      {options.slice(0, 12).map((option) => (
                        <button
                          key={option.value}
                          type="button"
                          className="rounded bg-slate-800 px-1 font-mono text-[11px] text-slate-300 hover:bg-slate-700"
                          onClick={() => {
                            const current = expression.values
                              .split(',')
                              .map((v) => v.trim())
                              .filter(Boolean);
                            if (current.includes(option.value)) return;
                            set({
                              matchExpressions: value.matchExpressions.map((item, i) =>
                                i === index
                                  ? { ...item, values: [...current, option.value].join(', ') }
                                  : item,
                              ),
                            });
                          }}
                        >
                          +{option.value}
                        </button>
                      ))}
                    </span>
                  ) : undefined
                }
              >
                <input
                  id={`${path}.values`}
                  name={`${path}.values`}
                  value={expression.values}
                  disabled={!needsValues}
                  placeholder={needsValues ? 'values, comma-separated' : 'no values'}
                  spellCheck={false}
                  onChange={(event) => {
                    set({
                      matchExpressions: value.matchExpressions.map((item, i) =>
                        i === index ? { ...item, values: event.target.value } : item,
                      ),
                    });
                  }}
                  onBlur={() => {
                    onTouch(`${path}.values`);
                  }}
                  className={`${inputClass(Boolean(errorFor(`${path}.values`)))} font-mono disabled:opacity-40`}
                />
              </Field>
              <button
                type="button"
                aria-label="Remove expression"
                className={remove}
                onClick={() => {
                  set({ matchExpressions: value.matchExpressions.filter((_, i) => i !== index) });
                }}
              >
                ✕
              </button>
            </div>
          );
        })}
        <div className="flex gap-2">
          <button
            type="button"
            className={small}
            data-testid={`add-label-${role}`}
            onClick={() => {
              set({ matchLabels: [...value.matchLabels, { key: '', value: '' }] });
            }}
          >
            + label
          </button>
          <button
            type="button"
            className={small}
            onClick={() => {
              set({ matchExpressions: [...value.matchExpressions, { key: '', operator: 'In', values: '' }] });
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
