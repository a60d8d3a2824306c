'use client';

import { useFieldArray } from 'react-hook-form';
import { Field, GroupError } from '../ui/form-kit/field';
import { useRequiredFormKit } from '../ui/form-kit/form-kit-context';
import { TextInput } from '../ui/form-kit/inputs';

const small = 'rounded border border-slate-700 px-2 py-0.5 text-xs text-slate-300 hover:bg-slate-800';

/** `key = value` rows of a form array (a node selector, a profile's extra settings), with add and remove. */
export function PairList({
  path,
  noun,
  keyPlaceholder,
  valuePlaceholder,
  testId,
}: {
  path: string;
  /** What one row is, for the buttons: "label", "setting". */
  noun: string;
  keyPlaceholder: string;
  valuePlaceholder: string;
  testId: string;
}) {
  const { form } = useRequiredFormKit();
  const rows = useFieldArray({ control: form.control, name: path });
  return (
    <div className="space-y-2" data-testid={testId}>
      <GroupError path={path} />
      {rows.fields.map((item, index) => (
        <div
          key={item.id}
          className="grid grid-cols-[1fr_auto_1fr_auto] items-start gap-2"
          data-testid={`${testId}-row`}
        >
          <Field
            label={<span className="sr-only">{`${noun} ${index + 1} key`}</span>}
            path={`${path}.${index}.key`}
          >
            <TextInput path={`${path}.${index}.key`} placeholder={keyPlaceholder} />
          </Field>
          <span className="pt-1 text-slate-400">=</span>
          <Field
            label={<span className="sr-only">{`${noun} ${index + 1} value`}</span>}
            path={`${path}.${index}.value`}
          >
            <TextInput path={`${path}.${index}.value`} placeholder={valuePlaceholder} keepSpaces />
          </Field>
          <button
            type="button"
            aria-label={`Remove ${noun} ${index + 1}`}
            className="rounded px-1.5 text-slate-400 hover:bg-slate-800 hover:text-red-300"
            onClick={() => {
              rows.remove(index);
            }}
          >
            ✕
          </button>
        </div>
      ))}
      <button
        type="button"
        className={small}
        data-testid={`${testId}-add`}
        onClick={() => {
          rows.append({ key: '', value: '' });
        }}
      >
        + Add {noun}
      </button>
    </div>
  );
}
