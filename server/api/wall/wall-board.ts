import type { NamespaceScope } from '../../access/namespace-scope';
import { itemsInScope } from '../../access/scope-filters';
import { scopedObjects } from '../scoped-objects';
import type { HardwareRecord } from '../../boot/hardware-store';
import { SEEN_STALE_MS } from '../../schemas/hardware-list';
import type { Runtime } from '../../runtime';
import type { ResourceDescriptor } from '../../kube/resource';
import {
  bareMetalHostResource,
  cassandraResource,
  configResource,
  controlResource,
  ironicDatabaseResource,
  ironicResource,
  kubemanagerResource,
  managerResource,
  placementApiResource,
  plunderClusterResource,
  provisionManagerResource,
  rabbitmqResource,
  sipClusterResource,
  vrouterResource,
  webuiResource,
  zookeeperResource,
} from '../../types/crds';
import { stuckMachineItem } from './stuck-machines';
import { racksSummary } from '../racks/racks-of';
import type { RackReuse } from '../racks/rack-reuse';
import type { RackDrawing } from '../racks/rack-view';
import {
  buildWallView,
  contrailServiceKind,
  type ConditionedObject,
  type ServiceKind,
  type WallItem,
  type WallView,
} from './wall-view';

/** Unleased machines still looping (seen within 30 min), failed installs and stuck machines (boot service). */
function discovery(
  records: Iterable<HardwareRecord>,
  now: number,
): { unleased: number; problems: WallItem[] } {
  let unleased = 0;
  const problems: WallItem[] = [];
  for (const record of records) {
    if (record.state === 'unleased' && now - record.lastSeen < SEEN_STALE_MS) unleased += 1;
    if (record.state === 'failed') {
      problems.push({
        kind: 'Install',
        namespace: record.claim?.namespace ?? '',
        name: record.claim?.name ?? record.mac,
        detail: `${record.mac}: ${record.failureReason ?? 'failed'}${record.failureMessage ? ` — ${record.failureMessage}` : ''}`,
        since: new Date(record.stateChangedAt).toISOString(),
      });
    }
    const stuck = stuckMachineItem(record, now);
    if (stuck) problems.push(stuck);
  }
  return { unleased, problems };
}

/** The kinds of the service tiles, each rolling up the kinds behind it. */
const IRONIC_KINDS = [ironicResource, ironicDatabaseResource];
const PLACEMENT_KINDS = [placementApiResource];
const PLUNDER_KINDS = [plunderClusterResource];
/** A Contrail part: the kind a Manager's spec.services `service` becomes, and its label. */
const CONTRAIL_PARTS: [string, string, ResourceDescriptor<ConditionedObject>][] = [
  ['cassandras', 'Cassandra', cassandraResource],
  ['zookeepers', 'ZooKeeper', zookeeperResource],
  ['rabbitmq', 'RabbitMQ', rabbitmqResource],
  ['config', 'Config', configResource],
  ['controls', 'Control', controlResource],
  ['kubemanagers', 'Kubemanager', kubemanagerResource],
  ['webui', 'Webui', webuiResource],
  ['provisionManager', 'ProvisionManager', provisionManagerResource],
  ['vrouters', 'vRouter groups', vrouterResource],
];

/**
 * Every kind the wall reads but hosts (whose changes it hears one by one, wall-host-facts.ts): a change
 * of another kind (a Secret, a firmware object, a stand-in's status) shows nowhere on it.
 */
export const WALL_KINDS: readonly ResourceDescriptor[] = [
  sipClusterResource,
  ...IRONIC_KINDS,
  ...PLACEMENT_KINDS,
  managerResource,
  ...CONTRAIL_PARTS.map(([, , resource]) => resource),
  ...PLUNDER_KINDS,
];

/**
 * The wall's board without its racks tile: the overview leads with its attention list. A caller bound
 * to some namespaces sees their objects and the install problems of machines claimed into them; the
 * unleased machines, in no namespace yet, count for callers of every namespace only.
 */
export function wallBoardOf(runtime: Runtime, scope: NamespaceScope): WallView {
  const all = discovery(runtime.boot.store.all(), Date.now());
  const found = scope.all
    ? all
    : { unleased: 0, problems: itemsInScope(scope, all.problems, (item) => item.namespace) };
  const objects = (resources: ResourceDescriptor<ConditionedObject>[]) =>
    resources.flatMap((resource) => scopedObjects(runtime, resource, scope));
  const tile = (label: string, resources: ResourceDescriptor<ConditionedObject>[]): ServiceKind => ({
    label,
    objects: objects(resources),
  });
  // The service tiles: each rolls up the kinds behind it; Contrail counts each component and its groups.
  const services: ServiceKind[] = [
    tile('Ironic', IRONIC_KINDS),
    tile('Placement', PLACEMENT_KINDS),
    contrailServiceKind(
      objects([managerResource]),
      CONTRAIL_PARTS.map(([service, label, resource]) => ({ service, label, objects: objects([resource]) })),
    ),
    tile('Plunder clusters', PLUNDER_KINDS),
  ];
  return buildWallView({
    buildId: runtime.buildId,
    now: Date.now(),
    hosts: scopedObjects(runtime, bareMetalHostResource, scope),
    clusters: scopedObjects(runtime, sipClusterResource, scope),
    services,
    unleased: found.unleased,
    hardwareProblems: found.problems,
  });
}

/**
 * The wall's view: the board and the racks tile, which only the wall shows (with `drawRacks`, every rack
 * drawn; with `reuse`, its racks whose hosts did not change are those of the build before).
 */
export function wallOf(
  runtime: Runtime,
  scope: NamespaceScope,
  drawRacks = false,
  reuse?: RackReuse<RackDrawing>,
): WallView {
  const racks = runtime.informers.has(bareMetalHostResource)
    ? racksSummary(runtime, scope, drawRacks, reuse)
    : undefined;
  return { ...wallBoardOf(runtime, scope), racks };
}
