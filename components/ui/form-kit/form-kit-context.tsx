'use client';

import { createContext, useContext, type ReactNode, type SubmitEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { FieldErrors } from '@/server/schemas/field-errors';
import type { SchemaForm } from './use-schema-form';

export interface FormKitValue {
  form: UseFormReturn;
  /** The message shown under a field: its error once it should show, else its hint. */
  errorFor: (path: string) => string | undefined;
}

const FormKitContext = createContext<FormKitValue | undefined>(undefined);

export function useFormKit(): FormKitValue | undefined {
  return useContext(FormKitContext);
}

export function useRequiredFormKit(): FormKitValue {
  const kit = useFormKit();
  if (!kit) throw new Error('A form-kit input must be inside <FormKit>');
  return kit;
}

/**
 * The <form> of a schema form; the fields inside read their values and errors from it. `hints`
 * show under fields without an error of their own (e.g. a server preview's port conflicts).
 */
export function FormKit<T extends FieldValues>({
  kit,
  onSubmit,
  hints,
  className,
  children,
}: {
  kit: SchemaForm<T>;
  /** A kit.onSubmit(…) handler. */
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => Promise<void>;
  hints?: FieldErrors;
  className?: string;
  children: ReactNode;
}) {
  const value: FormKitValue = {
    form: kit.form as unknown as UseFormReturn,
    errorFor: (path) => kit.errorFor(path) ?? hints?.[path],
  };
  return (
    <FormKitContext value={value}>
      <form
        noValidate
        onSubmit={(event) => {
          void onSubmit(event);
        }}
        className={className}
      >
        {children}
      </form>
    </FormKitContext>
  );
}
