/** Label upstream puts on every child of a Manager; pruning still goes by ownerReference uid. */
export const CLUSTER_LABEL = 'contrail_cluster';
/** Pod and ConfigMap labels upstream uses: `contrail_manager=<type>` and `<type>=<name>`. */
export const SERVICE_TYPE_LABEL = 'contrail_manager';

/**
 * A node's SR-IOV virtual-function capacity, as a label (not an annotation) so node selectors and the
 * create-group form's node count can use it. A node without it advertises no VFs. The form's schema
 * holds it, so the form and the controller read the same label.
 */
export { VF_CAPACITY_LABEL } from '../../schemas/contrail-group-form';

export type DataServiceType = 'cassandra' | 'zookeeper' | 'rabbitmq';
/** The Contrail components that render per-pod configuration from their peers' status. */
export type ComponentType = 'config' | 'control' | 'kubemanager' | 'webui' | 'provisionmanager';
export type ServiceType = DataServiceType | ComponentType | 'vrouter';

export function serviceLabels(type: ServiceType, name: string): Record<string, string> {
  return { [SERVICE_TYPE_LABEL]: type, [type]: name };
}

export const configMapName = (type: ServiceType, name: string) => `${name}-${type}-configmap`;
export const serviceName = (type: ServiceType, name: string) => `${name}-${type}`;
export const statefulSetName = (type: ServiceType, name: string) => `${name}-${type}-statefulset`;
export const daemonSetName = (name: string) => `${name}-vrouter-daemonset`;
export const secretName = (name: string) => `${name}-secret`;
