'use client';

import { positionProblems, type PositionField, type RackPosition } from '@/server/schemas/rack-position';
import { Field, inputClass } from '../ui/form-kit/field';

const FIELDS: { field: PositionField; label: string; hint: string }[] = [
  { field: 'rack', label: 'Rack', hint: 'e.g. rack-14' },
  { field: 'slot', label: 'Slot (lowest U)', hint: 'empty: in the unplaced tray' },
  { field: 'height', label: 'Height (U)', hint: 'empty: 1U' },
];

/**
 * Where a host sits, as three fields over the labels that hold it (`keys`): the host form and the
 * label editor both write those labels, and both check them as the rack view reads them.
 */
export function RackPositionFields({
  position,
  keys,
  units,
  onChange,
}: {
  position: RackPosition;
  keys: RackPosition;
  units: number;
  onChange: (field: PositionField, value: string) => void;
}) {
  const problems = positionProblems(position, units);
  return (
    <fieldset className="grid gap-3 sm:grid-cols-3" data-testid="rack-position">
      <legend className="mb-1 text-xs font-medium text-slate-300">Place in rack ({units}U)</legend>
      {FIELDS.map(({ field, label, hint }) => {
        const id = `rack-position-${field}`;
        const problem = problems[field];
        return (
          <Field key={field} label={label} path={id} error={problem} hint={`${hint} · ${keys[field]}`}>
            <input
              id={id}
              value={position[field]}
              inputMode={field === 'rack' ? undefined : 'numeric'}
              spellCheck={false}
              autoComplete="off"
              aria-invalid={Boolean(problem)}
              aria-describedby={problem ? `${id}-error` : undefined}
              className={`${inputClass(Boolean(problem))} font-mono`}
              onChange={(event) => {
                onChange(field, event.target.value.trim());
              }}
            />
          </Field>
        );
      })}
    </fieldset>
  );
}
