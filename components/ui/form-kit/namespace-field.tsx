'use client';

import { Field } from './field';
import { TextInput } from './inputs';

/**
 * The `namespace` field of a create form: free text (the schema checks it) with the namespaces
 * that exist offered as suggestions.
 */
export function NamespaceField({
  namespaces,
  listId,
  hint = 'An existing namespace',
  placeholder,
  onValueChange,
}: {
  /** The suggestions (a namespaces query's data; undefined while loading). */
  namespaces: string[] | undefined;
  /** The datalist's id, unique on the page. */
  listId: string;
  hint?: string;
  placeholder?: string;
  /** After the user changes the namespace (e.g. to clear a choice that belonged to the old one). */
  onValueChange?: () => void;
}) {
  return (
    <Field label="Namespace" path="namespace" hint={hint}>
      <TextInput path="namespace" list={listId} placeholder={placeholder} onValueChange={onValueChange} />
      <datalist id={listId}>
        {(namespaces ?? []).map((namespace) => (
          <option key={namespace} value={namespace} />
        ))}
      </datalist>
    </Field>
  );
}
