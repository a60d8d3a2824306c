import type { Runtime } from '../../runtime';
import { PLACEMENT_FIXED_FIELDS, placementFormOf } from '../../schemas/placement-edit';
import {
  placementFieldOfSpecPath,
  placementFromForm,
  type PlacementForm,
} from '../../schemas/placement-form';
import { placementApiResource, type PlacementAPI } from '../../types/crds/placement-api';
import { wholeObject, type EditTarget } from '../object-edit';
import { placementChecks } from './create-placement';

/** A PlacementAPI edited through the PlacementAPI form, with the create's checks of the Secrets it names. */
export function editablePlacement(runtime: Runtime): EditTarget<PlacementAPI, PlacementForm> {
  return wholeObject(runtime.kc, {
    resource: placementApiResource,
    formOf: placementFormOf,
    objectOf: placementFromForm,
    fixed: PLACEMENT_FIXED_FIELDS,
    fieldOf: placementFieldOfSpecPath,
    checks: (values, live) => placementChecks(runtime, values, live),
  });
}
