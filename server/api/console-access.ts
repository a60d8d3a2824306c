import type { ApiAccess } from '../kube/rbac-rules';
import {
  clusterApiMachineResource,
  eventResource,
  leaseResource,
  namespaceResource,
  secretResource,
} from '../kube/resource';
import {
  bareMetalHostResource,
  hostFirmwareComponentsResource,
  hostFirmwareSettingsResource,
  ironicDatabaseResource,
  ironicResource,
  placementApiResource,
  plunderClusterResource,
  plunderMachineResource,
  sipClusterResource,
} from '../types/crds';

/** A call the console makes, and why; `onlyWhen` names what must be installed for it to happen. */
export interface ConsoleAccess extends ApiAccess {
  why: string;
  onlyWhen?: string;
}

/**
 * The Kubernetes calls the console's procedures make beyond the informers' lists and watches. Every
 * create form dry-runs first (also a create) and deletes what it made when a later object fails, so a
 * form's kinds are created and deleted. deploy/ grants exactly these together with the runtime's and
 * the controllers' (scripts/gen-rbac.ts); the ServiceAccount test checks each one is really made.
 */
const ROLLBACK = 'a form object is refused after the dry runs passed: those created before it are deleted';

export const consoleAccess: ConsoleAccess[] = [
  { resource: secretResource, verbs: ['create'], why: 'Add host and Ironic forms: BMC and API credentials' },
  { resource: secretResource, verbs: ['delete'], why: 'undoing a half-created form', onlyWhen: ROLLBACK },
  {
    resource: bareMetalHostResource,
    verbs: ['create', 'patch', 'delete'],
    why: 'Add host; power, restart, detach, inspect, labels and spec.raid are merge patches; delete',
  },
  {
    resource: hostFirmwareSettingsResource,
    verbs: ['patch'],
    why: "a host's firmware settings: spec.settings, a merge patch",
  },
  {
    resource: hostFirmwareComponentsResource,
    verbs: ['patch'],
    why: "a host's requested firmware updates: spec.updates, a merge patch",
  },
  { resource: ironicResource, verbs: ['create', 'delete'], why: 'Ironic form and delete' },
  { resource: ironicDatabaseResource, verbs: ['create'], why: 'Ironic form with a new database' },
  {
    resource: ironicDatabaseResource,
    verbs: ['delete'],
    why: 'undoing a half-created form',
    onlyWhen: ROLLBACK,
  },
  { resource: placementApiResource, verbs: ['create', 'delete'], why: 'PlacementAPI form and delete' },
  { resource: sipClusterResource, verbs: ['create', 'delete'], why: 'tenant cluster form and delete' },
  { resource: plunderClusterResource, verbs: ['create'], why: 'provision into a new cluster' },
  {
    resource: plunderClusterResource,
    verbs: ['delete'],
    why: 'undoing a provision whose machine was refused',
    onlyWhen: 'a machine of a provision is refused after its new cluster was created',
  },
  { resource: plunderMachineResource, verbs: ['create', 'delete'], why: 'provision and release' },
  {
    resource: clusterApiMachineResource,
    verbs: ['create', 'delete'],
    why: 'provision and release, as the Machine owning the PlunderMachine',
    onlyWhen: 'Cluster API is installed',
  },
  { resource: namespaceResource, verbs: ['get'], why: 'provision checks the namespace exists' },
  {
    resource: namespaceResource,
    verbs: ['list'],
    why: "the create forms' namespace lists, and role bindings scoped by a label selector on namespaces",
  },
  { resource: namespaceResource, verbs: ['create'], why: "a create form's New namespace" },
  { resource: eventResource, verbs: ['list'], why: "an object's events and the overview's warnings" },
  {
    resource: leaseResource,
    verbs: ['get'],
    ownNamespace: true,
    why: "the overview names the controllers' leader",
  },
];
