'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { get, useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import type { CreateResult } from '@/server/api/api-rejection';
import type { FieldErrors } from '@/server/schemas/field-errors';
import { errorText, fieldErrorsFromMessage } from '../errors';
import { errorLeaves } from './error-leaves';

export type FormTab = 'form' | 'yaml';

interface FormError {
  message?: unknown;
  type?: unknown;
}

/**
 * A react-hook-form form validated by one zod schema (the one the tRPC mutation takes). The whole
 * schema runs on every change, so rules across fields stay current; a field's error shows once it
 * was left, once a submit was tried, or while typing for `liveFields`. Server errors (field errors
 * of a refusal) sit at their fields until the next edit, like the form-wide message.
 */
export function useSchemaForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  initial: () => T,
  options: {
    liveFields?: readonly string[];
    /** The form field a server error's path belongs to, when the mutation's input is shaped otherwise. */
    fieldOf?: (serverPath: string) => string;
  } = {},
) {
  const [defaultValues] = useState(initial);
  const form = useForm<T>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues as DefaultValues<T>,
    // No per-field validation of its own: the subscription below runs the whole schema on every
    // change, which a per-field pass would only repeat for one field.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const [message, setMessage] = useState<string>();
  /** A submit was refused for the form's own errors; the SubmitBar counts the fields it marked. */
  const [invalidSubmit, setInvalidSubmit] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [tab, setTab] = useState<FormTab>('form');
  /** Why the YAML tab's text does not fit the form; the form keeps its last good values. */
  const [yamlProblem, setYamlProblem] = useState<string>();
  const { watch, trigger, setError, reset } = form;
  const { errors, touchedFields, dirtyFields, isSubmitted } = form.formState;

  useEffect(() => {
    void trigger();
    const subscription = watch(() => {
      setMessage(undefined);
      setInvalidSubmit(false);
      setNotice(undefined);
      void trigger();
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [watch, trigger]);

  const live = new Set(options.liveFields);
  const errorFor = (path: string): string | undefined => {
    const error = get<typeof errors, FormError | undefined>(errors, path);
    if (typeof error?.message !== 'string' || error.message === '') return undefined;
    const shown =
      isSubmitted ||
      error.type === 'server' ||
      get(touchedFields, path) === true ||
      (live.has(path) && get(dirtyFields, path) === true);
    return shown ? error.message : undefined;
  };

  /** What a create (or dry run) answered when nothing was created. */
  const showResult = (result: Exclude<CreateResult, { status: 'created' }>) => {
    if (result.status === 'accepted') {
      setNotice(result.message);
      return;
    }
    setServerErrors(result.fieldErrors);
    setMessage(result.message);
  };
  /** A failed call: zod issues from the tRPC input land at their fields. */
  const showFailure = (error: { message: string }) => {
    setServerErrors(fieldErrorsFromMessage(error.message));
    setMessage(errorText(error));
  };

  const setServerErrors = (fieldErrors: FieldErrors) => {
    for (const [path, text] of Object.entries(fieldErrors)) {
      setError((options.fieldOf?.(path) ?? path) as Path<T>, { type: 'server', message: text });
    }
    if (Object.keys(fieldErrors).length > 0) setTab('form');
  };

  return {
    form,
    errorFor,
    message,
    invalidSubmit,
    notice,
    tab,
    setTab,
    yamlProblem,
    setYamlProblem,
    /** Every current error, shown or not (the YAML tab lists them). */
    allErrors: () => errorLeaves(errors),
    /** A submit handler: `onValid` gets the schema's output; otherwise the form says what to fix. */
    onSubmit: (onValid: (values: T) => void) =>
      form.handleSubmit(
        (values) => {
          if (yamlProblem) {
            setMessage(`Nothing was created: the YAML does not fit the form (${yamlProblem})`);
            return;
          }
          setMessage(undefined);
          setInvalidSubmit(false);
          onValid(values);
        },
        () => {
          setMessage(undefined);
          setInvalidSubmit(true);
          if (!yamlProblem) setTab('form');
        },
      ),
    /** Values read from the YAML tab replace the form's (touched fields and a tried submit stay). */
    load: (values: T) => {
      reset(values, {
        keepDefaultValues: true,
        keepTouched: true,
        keepIsSubmitted: true,
        keepSubmitCount: true,
      });
      void trigger();
    },
    /** onSuccess/onError of a create or dry-run mutation. */
    outcome: (onCreated: (created: Extract<CreateResult, { status: 'created' }>) => void) => ({
      onSuccess: (result: CreateResult) => {
        if (result.status === 'created') onCreated(result);
        else showResult(result);
      },
      onError: showFailure,
    }),
  };
}

export type SchemaForm<T extends FieldValues> = ReturnType<typeof useSchemaForm<T>>;
