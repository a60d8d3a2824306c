'use client';

import { useState } from 'react';
import type { FieldErrors } from '@/server/schemas/field-errors';
import { errorText, fieldErrorsFromMessage } from './errors';
import { inputClass } from './form-field';

/** What a create procedure answers when the API server refused the objects. */
interface Rejection {
  message: string;
  fieldErrors: FieldErrors;
}

/**
 * The state every create form keeps: values, which fields were touched, whether a submit was tried,
 * the server's field errors and the form-wide message. Client errors show once a field was left or a
 * submit tried; server errors show until the next edit.
 */
export function useCreateForm<T>(initial: T | (() => T), validate: (values: T) => FieldErrors) {
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<Record<string, true>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formMessage, setFormMessage] = useState<string>();
  const clientErrors = validate(values);

  const change = (next: T) => {
    setValues(next);
    setServerErrors({});
    setFormMessage(undefined);
  };

  return {
    values,
    clientErrors,
    submitted,
    touched,
    serverErrors,
    formMessage,
    change,
    edit: (mutate: (draft: T) => void) => {
      const draft = structuredClone(values);
      mutate(draft);
      change(draft);
    },
    touch: (path: string) => {
      setTouched((current) => (current[path] ? current : { ...current, [path]: true }));
    },
    /** Marks the form submitted; false, with the form-wide message, while fields need attention. */
    trySubmit: (): boolean => {
      setSubmitted(true);
      const count = Object.keys(clientErrors).length;
      if (count > 0) {
        setFormMessage(`Nothing was created: ${count} field(s) need attention.`);
        return false;
      }
      setFormMessage(undefined);
      return true;
    },
    rejected: (rejection: Rejection) => {
      setServerErrors(rejection.fieldErrors);
      setFormMessage(rejection.message);
    },
    failed: (error: { message: string }) => {
      setServerErrors(fieldErrorsFromMessage(error.message));
      setFormMessage(errorText(error));
    },
  };
}

export type CreateFormState<T> = ReturnType<typeof useCreateForm<T>>;

/**
 * The error shown under each field and a text input wired to it. Built after the hooks that need the
 * form's values, so `hints` (e.g. a server preview's port conflicts) can come from them.
 */
export function formFields<T>(
  form: CreateFormState<T>,
  options: {
    /** Shown when the field has no error of its own. */
    hints?: FieldErrors;
    /** Fields whose errors show while typing, not only once the field is left. */
    liveFields?: ReadonlySet<string>;
  } = {},
) {
  const errorFor = (path: string): string | undefined =>
    (form.submitted || form.touched[path] ? form.clientErrors[path] : undefined) ??
    form.serverErrors[path] ??
    options.hints?.[path];
  const text = (
    path: string,
    value: string,
    onValue: (value: string) => void,
    extra: Record<string, unknown> = {},
  ) => (
    <input
      id={path}
      name={path}
      value={value}
      spellCheck={false}
      autoComplete="off"
      aria-invalid={Boolean(errorFor(path))}
      aria-describedby={errorFor(path) ? `${path}-error` : undefined}
      onChange={(event) => {
        onValue(event.target.value);
        if (options.liveFields?.has(path)) form.touch(path);
      }}
      onBlur={() => {
        form.touch(path);
      }}
      className={`${inputClass(Boolean(errorFor(path)))} font-mono`}
      {...extra}
    />
  );
  return { errorFor, text };
}
