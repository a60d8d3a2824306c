import type { KubeConfig } from '@kubernetes/client-node';
import type { BootService } from '../../boot/boot-service';
import { CLUSTER_NAME_LABEL, CONTROL_PLANE_LABEL, STANDALONE_ANNOTATION } from '../../boot/machine-facts';
import { poolKey, type LeaseHolder } from '../../inventory/ip-leases';
import {
  addressPool,
  addressProblem,
  canonicalIp,
  freeAddresses,
  isPool,
  type PoolSpec,
} from '../../inventory/ip-pool';
import { isNotFound } from '../../kube/apply';
import type { InformerSet } from '../../kube/informer-set';
import { kubeGetJson } from '../../kube/kube-request';
import type { FieldErrors } from '../../schemas/field-errors';
import { machineNamesFor, type ProvisionInput, type ProvisionOutcome } from '../../schemas/provision-form';
import {
  plunderClusterResource,
  plunderMachineResource,
  type PlunderCluster,
  type PlunderMachine,
} from '../../types/crds';
import { apiRejection, type CreateResult } from '../api-rejection';
import { createInOrder, createStep, kubeObjectWriter, type CreateStep } from '../create-in-order';
import { clusterApiMachine, clusterApiMachineResource, clusterApiMachineVersion } from './cluster-api';

export interface ProvisionDeps {
  kc: KubeConfig;
  informers: InformerSet;
  boot: BootService;
}

function rejected(fieldErrors: FieldErrors): ProvisionOutcome {
  const message = Object.values(fieldErrors)[0] ?? 'The request was refused';
  return { status: 'rejected', message, fieldErrors };
}

/** The PlunderCluster a provision call uses: found, or described by the inline form. */
function resolveCluster(
  deps: ProvisionDeps,
  input: ProvisionInput,
): { ok: true; cluster: PlunderCluster; create: boolean } | { ok: false; errors: FieldErrors } {
  const clusters = deps.informers.of(plunderClusterResource);
  if (input.cluster.mode === 'existing') {
    const cluster = clusters.get(input.cluster.name, input.namespace);
    if (!cluster) {
      return {
        ok: false,
        errors: { 'cluster.name': `No PlunderCluster ${input.cluster.name} in namespace ${input.namespace}` },
      };
    }
    return { ok: true, cluster, create: false };
  }
  const form = input.cluster.cluster;
  if (clusters.get(form.name, input.namespace)) {
    return {
      ok: false,
      errors: {
        'cluster.cluster.name': `A PlunderCluster named ${form.name} already exists in namespace ${input.namespace}`,
      },
    };
  }
  const spec: PoolSpec = { subnet: form.subnet };
  if (form.gateway) spec.gateway = form.gateway;
  if (form.poolStart && form.poolEnd) spec.ipPool = { start: form.poolStart, end: form.poolEnd };
  return {
    ok: true,
    cluster: {
      apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
      kind: 'PlunderCluster',
      metadata: { name: form.name, namespace: input.namespace },
      spec,
    },
    create: true,
  };
}

/** MACs another machine already holds or names, and machine names already taken. */
function conflicts(deps: ProvisionDeps, input: ProvisionInput, names: string[]): FieldErrors {
  const errors: FieldErrors = {};
  const machines = deps.informers.of(plunderMachineResource);
  const named = new Map<string, PlunderMachine>();
  for (const machine of machines.list()) {
    const mac = machine.spec.macaddress?.toLowerCase() ?? machine.status?.macaddress?.toLowerCase();
    if (mac) named.set(mac, machine);
  }
  input.macs.forEach((mac, index) => {
    const holder = named.get(mac);
    const record = deps.boot.store.get(mac);
    if (holder) {
      errors[`macs.${index}`] =
        `${mac} is already used by PlunderMachine ${holder.metadata.namespace ?? ''}/${holder.metadata.name ?? ''}`;
    } else if (record && record.state !== 'unleased') {
      errors[`macs.${index}`] =
        `${mac} is ${record.state}${record.claim ? ` (${record.claim.namespace}/${record.claim.name})` : ''}`;
    }
  });
  names.forEach((name) => {
    if (machines.get(name, input.namespace)) {
      errors.hostname = `A PlunderMachine named ${name} already exists in namespace ${input.namespace}`;
    }
  });
  return errors;
}

/** Checks every address before anything is reserved: a given one, or enough free ones in the pool. */
async function addressErrors(
  deps: ProvisionDeps,
  input: ProvisionInput,
  cluster: PlunderCluster,
  pool: string,
): Promise<FieldErrors> {
  const spec = cluster.spec ?? {};
  const held = await deps.boot.leases.held(pool);
  if (input.ip !== undefined) {
    const problem = addressProblem(spec, input.ip);
    if (problem) return { ip: problem };
    const holder = held.get(canonicalIp(input.ip) ?? input.ip);
    if (holder) return { ip: `${input.ip} is already given to ${holder.namespace}/${holder.name}` };
    return {};
  }
  const addresses = addressPool(spec);
  if (!addresses)
    return {
      ip: `PlunderCluster ${cluster.metadata.name ?? ''} has no subnet to allocate from: enter an address`,
    };
  if (!isPool(addresses)) return { ip: `PlunderCluster ${cluster.metadata.name ?? ''}: ${addresses.error}` };
  const free = freeAddresses(addresses, new Set(held.keys()), input.macs.length);
  if (free.length < input.macs.length) {
    return { ip: `The pool has ${free.length} free address(es) for ${input.macs.length} machine(s)` };
  }
  return {};
}

async function namespaceExists(kc: KubeConfig, namespace: string): Promise<boolean> {
  try {
    await kubeGetJson(kc, `/api/v1/namespaces/${namespace}`);
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

/** Takes one address per machine; on any failure gives back what it took and says why. */
async function reserveAddresses(
  deps: ProvisionDeps,
  input: ProvisionInput,
  cluster: PlunderCluster,
  pool: string,
  holders: LeaseHolder[],
): Promise<string[] | FieldErrors> {
  const taken: string[] = [];
  const giveBack = () =>
    Promise.all(holders.slice(0, taken.length).map((holder) => deps.boot.leases.release(holder)));
  for (const holder of holders) {
    if (input.ip !== undefined) {
      const result = await deps.boot.leases.hold(pool, input.ip, holder);
      if (!result.ok) {
        await giveBack();
        return { ip: `${input.ip} was just given to ${result.holder.namespace}/${result.holder.name}` };
      }
      taken.push(canonicalIp(input.ip) ?? input.ip);
      continue;
    }
    const addresses = addressPool(cluster.spec ?? {});
    const ip = isPool(addresses) ? await deps.boot.leases.allocate(pool, addresses, holder) : undefined;
    if (!ip) {
      await giveBack();
      return { ip: 'The pool ran out of addresses while allocating' };
    }
    taken.push(ip);
  }
  return taken;
}

/**
 * The PlunderMachine for one MAC. Under Cluster API it is owned by its Machine, which the contract
 * requires before it provisions (CAPI's own controller would set that reference; the console sets it
 * at once so provisioning does not wait for it). Without Cluster API it opts out of the contract.
 */
function plunderMachine(
  input: ProvisionInput,
  clusterName: string,
  name: string,
  mac: string,
  ip: string,
  underClusterApi: boolean,
): PlunderMachine {
  return {
    apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
    kind: 'PlunderMachine',
    metadata: {
      name,
      namespace: input.namespace,
      labels: {
        [CLUSTER_NAME_LABEL]: clusterName,
        ...(input.role === 'control-plane' ? { [CONTROL_PLANE_LABEL]: '' } : {}),
      },
      ...(underClusterApi ? {} : { annotations: { [STANDALONE_ANNOTATION]: 'true' } }),
    },
    spec: {
      macaddress: mac,
      ipaddress: ip,
      deploymentType: input.profile,
      hostname: name,
      kubernetesVersion: input.kubernetesVersion,
    },
  };
}

/** What to create, in order: the new cluster, then per MAC its Cluster API Machine and PlunderMachine. */
function provisionSteps(
  input: ProvisionInput,
  resolved: { cluster: PlunderCluster; create: boolean },
  names: string[],
  ips: string[],
  capiVersion: string | undefined,
): CreateStep[] {
  const clusterName = resolved.cluster.metadata.name ?? '';
  const steps: CreateStep[] = [];
  if (resolved.create) {
    steps.push(createStep(plunderClusterResource, resolved.cluster, { nameField: 'cluster.cluster.name' }));
  }
  for (const [index, name] of names.entries()) {
    const owner = capiVersion
      ? createStep(
          clusterApiMachineResource(capiVersion),
          clusterApiMachine(
            capiVersion,
            input.namespace,
            name,
            input.kubernetesVersion,
            clusterName,
            input.role,
          ),
          { nameField: 'hostname' },
        )
      : undefined;
    if (owner) steps.push(owner);
    const machine = plunderMachine(
      input,
      clusterName,
      name,
      input.macs[index] ?? '',
      ips[index] ?? '',
      !!owner,
    );
    steps.push(createStep(plunderMachineResource, machine, { nameField: 'hostname', owner }));
  }
  return steps;
}

/** An API-server refusal of a step, said as the form's answer. */
function refusal(error: unknown, step: CreateStep): CreateResult | undefined {
  const refused = apiRejection(error, {
    kind: step.resource.kind,
    namespace: step.object.metadata?.namespace ?? '',
    name: step.object.metadata?.name ?? '',
    nameField: step.nameField,
    fieldOf: () => undefined,
  });
  return refused?.status === 'rejected'
    ? { ...refused, message: `Nothing was created: ${refused.message}` }
    : refused;
}

/**
 * Creates the machines (and the cluster, and Cluster API Machines when CAPI is installed) for the
 * selected MACs. Everything is checked first; addresses are then reserved atomically; the objects are
 * created as every console create is, so nothing is half-created, and a refusal gives the addresses back.
 */
export async function provision(deps: ProvisionDeps, input: ProvisionInput): Promise<ProvisionOutcome> {
  // The profile is data (the boot_profiles table): one that does not exist, wipes, or lacks a file is
  // refused here, not found out when the machine boots.
  const profile = await deps.boot.profiles.usable(input.profile, 'install');
  if ('reason' in profile) return rejected({ profile: profile.message });
  const resolved = resolveCluster(deps, input);
  if (!resolved.ok) return rejected(resolved.errors);
  const { cluster } = resolved;
  const clusterName = cluster.metadata.name ?? '';
  const names = machineNamesFor(input, clusterName);
  const found = conflicts(deps, input, names);
  if (Object.keys(found).length > 0) return rejected(found);
  if (!(await namespaceExists(deps.kc, input.namespace))) {
    return rejected({ namespace: `Namespace ${input.namespace} does not exist` });
  }
  const pool = poolKey(input.namespace, clusterName);
  const addressCheck = await addressErrors(deps, input, cluster, pool);
  if (Object.keys(addressCheck).length > 0) return rejected(addressCheck);
  const capiVersion = await clusterApiMachineVersion(deps.kc);

  const holders = names.map((name) => ({ namespace: input.namespace, name }));
  const ips = await reserveAddresses(deps, input, cluster, pool, holders);
  if (!Array.isArray(ips)) return rejected(ips);
  const giveBack = () => Promise.all(holders.map((holder) => deps.boot.leases.release(holder)));
  let result: CreateResult;
  try {
    result = await createInOrder(kubeObjectWriter(deps.kc), {
      steps: provisionSteps(input, resolved, names, ips, capiVersion),
      dryRun: false,
      rejection: refusal,
    });
  } catch (error) {
    await giveBack();
    throw error;
  }
  if (result.status !== 'created') {
    await giveBack();
    return result.status === 'rejected' ? result : rejected({});
  }
  return {
    status: 'created',
    cluster: { namespace: input.namespace, name: clusterName, created: resolved.create },
    machines: names.map((name, index) => ({
      namespace: input.namespace,
      name,
      mac: input.macs[index] ?? '',
      ip: ips[index] ?? '',
    })),
    capiMachines: capiVersion !== undefined,
  };
}
