import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { KubeConfig, V1CustomResourceDefinition } from '@kubernetes/client-node';
import { load } from 'js-yaml';
import { applyObject, FIELD_MANAGER, isNotFound, objectPath } from './apply';
import { kubeGetJson } from './kube-request';
import { customResourceDefinitionResource as crdResource } from './resource';
import { SetupError } from '../setup-error';

interface ApiResourceList {
  resources?: { name: string }[];
}

/**
 * Every process reads these at start. Parsed with js-yaml rather than the yaml package: on crds/ the
 * yaml package's document model cost 0.45 s of CPU and 12 MiB more peak RSS, js-yaml 0.1 s and none,
 * with equal results (docs/benchmarks.md, "What starting cost").
 */
export async function readCrdFiles(dir: string): Promise<V1CustomResourceDefinition[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.yaml')).sort();
  return Promise.all(
    files.map(async (file) => load(await readFile(join(dir, file), 'utf8')) as V1CustomResourceDefinition),
  );
}

function isEstablished(crd: V1CustomResourceDefinition | undefined): boolean {
  return (
    crd?.status?.conditions?.some(
      (condition) => condition.type === 'Established' && condition.status === 'True',
    ) ?? false
  );
}

async function isServed(kc: KubeConfig, crd: V1CustomResourceDefinition): Promise<boolean> {
  for (const version of crd.spec.versions.filter((v) => v.served)) {
    try {
      const list = await kubeGetJson<ApiResourceList>(kc, `/apis/${crd.spec.group}/${version.name}`);
      if (!list.resources?.some((resource) => resource.name === crd.spec.names.plural)) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** Set on every CRD Rackpilot installs: only those it may update later. */
export const CRD_OWNER_ANNOTATION = 'rackpilot.io/installed-by';
const CRD_OWNER = 'rackpilot';

/**
 * What happened to one CRD: installed (absent before), updated (ours), or left alone because another
 * installer owns it (an upstream operator's) or it serves versions ours does not know (a newer one).
 */
export interface CrdInstallOutcome {
  name: string;
  outcome: 'installed' | 'updated' | 'foreign' | 'newer';
}

function servedVersions(crd: V1CustomResourceDefinition): string[] {
  return crd.spec.versions.filter((version) => version.served).map((version) => version.name);
}

/** Ours: annotated so, or (installed before the annotation existed) applied by our field manager. */
function installedByRackpilot(crd: V1CustomResourceDefinition): boolean {
  return (
    crd.metadata?.annotations?.[CRD_OWNER_ANNOTATION] === CRD_OWNER ||
    (crd.metadata?.managedFields ?? []).some(
      (entry) => entry.manager === FIELD_MANAGER && entry.operation === 'Apply',
    )
  );
}

/** The decision for one CRD, from what the cluster has (undefined when absent) and what we ship. */
export function crdInstallDecision(
  existing: V1CustomResourceDefinition | undefined,
  ours: V1CustomResourceDefinition,
): CrdInstallOutcome['outcome'] {
  if (!existing) return 'installed';
  if (!installedByRackpilot(existing)) return 'foreign';
  const known = new Set(servedVersions(ours));
  return servedVersions(existing).every((version) => known.has(version)) ? 'updated' : 'newer';
}

async function readCrd(kc: KubeConfig, name: string): Promise<V1CustomResourceDefinition | undefined> {
  try {
    return await kubeGetJson<V1CustomResourceDefinition>(kc, objectPath(crdResource, undefined, name));
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

async function waitUntilServed(
  kc: KubeConfig,
  crd: V1CustomResourceDefinition,
  deadline: number,
): Promise<void> {
  const name = crd.metadata?.name ?? '';
  for (;;) {
    const current = await readCrd(kc, name);
    if (isEstablished(current) && (await isServed(kc, crd))) return;
    if (Date.now() > deadline) throw new Error(`CRD ${name} was not established within the time allowed`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Installs the CRDs that are absent and updates those Rackpilot installed (server-side apply), then
 * waits until each is Established and its resources show up in discovery (informers started earlier
 * would get 404 on their first list). A CRD another installer owns, or one serving versions ours does
 * not know, is never touched: the outcome says so, for readyz and the log. With `write` false (the
 * CRDs are a deploy step of their own) nothing is written and a missing CRD is a setup error.
 */
export async function installCrds(
  kc: KubeConfig,
  crds: V1CustomResourceDefinition[],
  options: { timeoutMs?: number; write?: boolean } = {},
): Promise<CrdInstallOutcome[]> {
  const { timeoutMs = 60_000, write = true } = options;
  const outcomes: CrdInstallOutcome[] = [];
  for (const crd of crds) {
    const name = crd.metadata?.name ?? '';
    const existing = await readCrd(kc, name);
    if (!write && !existing) throw new SetupError(`CRD ${name} is not installed: apply deploy/crds first`);
    const outcome = crdInstallDecision(existing, crd);
    outcomes.push({ name, outcome });
    if (!write || (outcome !== 'installed' && outcome !== 'updated')) continue;
    // Object.assign, not spread: the types are client-node classes (plain data as read from YAML).
    const annotations = Object.assign({}, crd.metadata?.annotations, { [CRD_OWNER_ANNOTATION]: CRD_OWNER });
    await applyObject(
      kc,
      crdResource,
      Object.assign({}, crd, { metadata: Object.assign({}, crd.metadata, { annotations }) }),
    );
  }
  const deadline = Date.now() + timeoutMs;
  for (const crd of crds) await waitUntilServed(kc, crd, deadline);
  return outcomes;
}
