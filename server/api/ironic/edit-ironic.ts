import type { FieldErrors } from '../../schemas/field-errors';
import { GENERATE_ONLY_AT_CREATE, IRONIC_FIXED_FIELDS, ironicFormOf } from '../../schemas/ironic-edit';
import { formFieldOfSpecPath, objectsFromIronicForm, type IronicForm } from '../../schemas/ironic-form';
import { ironicResource, type Ironic } from '../../types/crds';
import type { Runtime } from '../../runtime';
import { wholeObject, type EditTarget } from '../object-edit';

/**
 * An Ironic edited through the Ironic form. Only the Ironic itself changes: the database is fixed, and
 * a certificate is generated only at create, so an edit writes no other object.
 */
export function editableIronic(runtime: Pick<Runtime, 'kc'>): EditTarget<Ironic, IronicForm> {
  return wholeObject(runtime.kc, {
    resource: ironicResource,
    formOf: ironicFormOf,
    objectOf: (values) => objectsFromIronicForm(values).ironic,
    fixed: IRONIC_FIXED_FIELDS,
    fieldOf: formFieldOfSpecPath,
    checks: (values): FieldErrors =>
      values.tls.mode === 'generate' ? { 'tls.mode': GENERATE_ONLY_AT_CREATE } : {},
  });
}
