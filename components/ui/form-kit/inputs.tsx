'use client';

import type {
  ChangeEvent,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { inputClass } from './field';
import { useRequiredFormKit } from './form-kit-context';

interface Bound {
  /** The field's dotted path: its id, its name and its place in the form values. */
  path: string;
  /** Called after the form took the new value (to adjust other fields). */
  onValueChange?: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
}

/** id, aria and the form binding every kit control shares. */
function useBinding({ path, onValueChange }: Bound, register: { valueAsNumber?: true; trim?: boolean } = {}) {
  const { form, errorFor } = useRequiredFormKit();
  const error = errorFor(path);
  return {
    invalid: Boolean(error),
    props: {
      id: path,
      'aria-invalid': Boolean(error),
      'aria-describedby': error ? `${path}-error` : undefined,
      ...form.register(path, {
        ...(register.valueAsNumber ? { valueAsNumber: true } : {}),
        ...(register.trim ? { setValueAs: (value: string) => value.trim() } : {}),
        ...(onValueChange ? { onChange: onValueChange } : {}),
      }),
    },
  };
}

type InputProps = Bound & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'>;

/** A one-line text field; leading and trailing spaces are dropped unless `keepSpaces`. */
export function TextInput({
  path,
  onValueChange,
  keepSpaces,
  className,
  ...rest
}: InputProps & { keepSpaces?: boolean }) {
  const { invalid, props } = useBinding({ path, onValueChange }, { trim: !keepSpaces });
  return (
    <input
      spellCheck={false}
      autoComplete="off"
      {...rest}
      {...props}
      className={`${inputClass(invalid)} font-mono ${className ?? ''}`}
    />
  );
}

/** A whole-number field; an emptied field is NaN, reported as "Enter a number". */
export function NumberInput({ path, onValueChange, className, ...rest }: InputProps) {
  const { invalid, props } = useBinding({ path, onValueChange }, { valueAsNumber: true });
  return (
    <input
      type="number"
      inputMode="numeric"
      {...rest}
      {...props}
      className={`${inputClass(invalid)} font-mono tabular-nums ${className ?? ''}`}
    />
  );
}

export function TextArea({
  path,
  onValueChange,
  className,
  ...rest
}: Bound & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'>) {
  const { invalid, props } = useBinding({ path, onValueChange });
  return (
    <textarea
      spellCheck={false}
      {...rest}
      {...props}
      className={`${inputClass(invalid)} font-mono text-xs ${className ?? ''}`}
    />
  );
}

export function Select({
  path,
  onValueChange,
  className,
  children,
  ...rest
}: Bound & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'> & { children: ReactNode }) {
  const { invalid, props } = useBinding({ path, onValueChange });
  return (
    <select {...rest} {...props} className={`${inputClass(invalid)} disabled:opacity-40 ${className ?? ''}`}>
      {children}
    </select>
  );
}

/** A check box with its label text after it. */
export function Checkbox({
  path,
  onValueChange,
  children,
  testId,
  className,
}: Bound & { children: ReactNode; testId?: string; className?: string }) {
  const { form } = useRequiredFormKit();
  return (
    <label className={`flex items-center gap-2 text-sm text-slate-300 ${className ?? ''}`}>
      <input
        type="checkbox"
        data-testid={testId}
        {...form.register(path, onValueChange ? { onChange: onValueChange } : {})}
      />
      {children}
    </label>
  );
}

/** One radio button per option, bound to one field. */
export function RadioGroup({
  path,
  name,
  options,
  onValueChange,
}: Bound & { name: string; options: { value: string; label: string }[] }) {
  const { form } = useRequiredFormKit();
  return (
    <div className="flex flex-wrap gap-4 text-sm" role="radiogroup" aria-label={name}>
      {options.map((option) => (
        <label key={option.value} className="flex items-center gap-1.5">
          <input
            type="radio"
            value={option.value}
            data-testid={`${name}-${option.value}`}
            {...form.register(path, onValueChange ? { onChange: onValueChange } : {})}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
