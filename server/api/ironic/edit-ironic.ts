import type { FieldErrors } from '../../schemas/field-errors';
import { GENERATE_ONLY_AT_CREATE, IRONIC_FIXED_FIELDS, ironicFormOf } from '../../schemas/ironic-edit';
import { formFieldOfSpecPath, objectsFromIronicForm, type IronicForm } from '../../schemas/ironic-form';
import { ironicResource, type Ironic } from '../../types/crds';
import type { EditableKind } from '../object-edit';

/**
 * An Ironic edited through the Ironic form. Only the Ironic itself changes: the database is fixed, and
 * a certificate is generated only at create, so an edit writes no other object.
 */
export const editableIronic: EditableKind<Ironic, IronicForm> = {
  resource: ironicResource,
  formOf: ironicFormOf,
  objectOf: (values) => objectsFromIronicForm(values).ironic,
  fixed: IRONIC_FIXED_FIELDS,
  fieldOf: formFieldOfSpecPath,
  checks: (values): FieldErrors =>
    values.tls.mode === 'generate' ? { 'tls.mode': GENERATE_ONLY_AT_CREATE } : {},
};
