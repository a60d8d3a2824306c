// Static checks of deploy/ that need no cluster; deploy/manifests.int.test.ts has the API server
// validate every manifest, and runs the server as the shipped ServiceAccount.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  V1ConfigMap,
  V1Deployment,
  V1PersistentVolumeClaim,
  V1PodDisruptionBudget,
  V1Service,
  V1ClusterRoleBinding,
} from '@kubernetes/client-node';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../server/config';

const root = fileURLToPath(new URL('..', import.meta.url));

function documents(file: string): { kind: string; metadata: { name: string } }[] {
  return parseAllDocuments(readFileSync(join(root, file), 'utf8')).map(
    (doc) => doc.toJS() as { kind: string; metadata: { name: string } },
  );
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the kind's type
function one<T>(file: string, kind: string, name?: string): T {
  const found = documents(file).find((doc) => doc.kind === kind && (!name || doc.metadata.name === name));
  if (!found) throw new Error(`${file} has no ${kind} ${name ?? ''}`);
  return found as T;
}

const configMap = one<V1ConfigMap>('deploy/base/config.yaml', 'ConfigMap');
const deployment = one<V1Deployment>('deploy/base/deployment.yaml', 'Deployment');
const container = deployment.spec?.template.spec?.containers[0];
const podLabels = deployment.spec?.template.metadata?.labels ?? {};

function selects(selector: Record<string, string> | undefined, labels: Record<string, string>): boolean {
  return Object.entries(selector ?? {}).every(([key, value]) => labels[key] === value);
}

describe('deploy/base', () => {
  it("gives every variable of the README's configuration table a place", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const variables = [...readme.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((match) => match[1]);
    expect(variables.length).toBeGreaterThan(30);
    const placed = [...Object.keys(configMap.data ?? {}), ...(container?.env ?? []).map((env) => env.name)];
    expect(variables.filter((variable) => !placed.includes(variable ?? ''))).toEqual([]);
  });

  it('configures a server the config reader accepts, in its namespace, writing no CRDs', () => {
    const config = readServerConfig(
      { ...configMap.data, DATABASE_URL: 'postgresql://rackpilot:secret@rackpilot-postgres:5432/rackpilot' },
      '/app',
    );
    expect(config.installCrds).toBe(false);
    expect(config.kubeconfig).toBeUndefined();
    expect(config.namespace).toBe(
      (parse(readFileSync(join(root, 'deploy/base/kustomization.yaml'), 'utf8')) as { namespace: string })
        .namespace,
    );
    expect(container?.env?.find((env) => env.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef).toEqual({
      name: 'rackpilot-database',
      key: 'url',
    });
  });

  it('runs two replicas apart, probed, bounded and under the restricted profile', () => {
    expect(deployment.spec?.replicas).toBe(2);
    expect(deployment.spec?.strategy?.rollingUpdate?.maxUnavailable).toBe(0);
    const pod = deployment.spec?.template.spec;
    const antiAffinity = pod?.affinity?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution?.[0];
    expect(antiAffinity?.podAffinityTerm.topologyKey).toBe('kubernetes.io/hostname');
    expect(selects(antiAffinity?.podAffinityTerm.labelSelector?.matchLabels, podLabels)).toBe(true);
    expect(container?.readinessProbe?.httpGet?.path).toBe('/api/readyz');
    expect(container?.livenessProbe?.httpGet?.path).toBe('/api/healthz');
    expect(container?.resources?.requests).toBeDefined();
    expect(container?.resources?.limits?.memory).toBeDefined();
    expect(pod?.securityContext?.runAsNonRoot).toBe(true);
    expect(pod?.securityContext?.seccompProfile?.type).toBe('RuntimeDefault');
    expect(container?.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      runAsNonRoot: true,
      capabilities: { drop: ['ALL'] },
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(pod?.serviceAccountName).toBe('rackpilot');
  });

  it('mounts one volume all replicas share, read-only, at RACKPILOT_BOOT_ASSETS', () => {
    const path = configMap.data?.RACKPILOT_BOOT_ASSETS;
    const mount = container?.volumeMounts?.find((candidate) => candidate.mountPath === path);
    expect(mount?.readOnly).toBe(true);
    const volume = deployment.spec?.template.spec?.volumes?.find(
      (candidate) => candidate.name === mount?.name,
    );
    const claimName = volume?.persistentVolumeClaim?.claimName ?? '';
    const claim = one<V1PersistentVolumeClaim>(
      'deploy/base/boot-assets.yaml',
      'PersistentVolumeClaim',
      claimName,
    );
    expect(claim.spec?.accessModes).toEqual(['ReadWriteMany']);
    const resources = (
      parse(readFileSync(join(root, 'deploy/base/kustomization.yaml'), 'utf8')) as { resources: string[] }
    ).resources;
    expect(resources).toContain('boot-assets.yaml');
  });

  it('has a PDB and two Services that select the pods and reach their port', () => {
    const pdb = one<V1PodDisruptionBudget>('deploy/base/pod-disruption-budget.yaml', 'PodDisruptionBudget');
    expect(selects(pdb.spec?.selector?.matchLabels, podLabels)).toBe(true);
    const ports = (container?.ports ?? []).map((port) => port.name);
    for (const name of ['rackpilot-console', 'rackpilot-boot']) {
      const service = one<V1Service>('deploy/base/services.yaml', 'Service', name);
      expect(selects(service.spec?.selector, podLabels), name).toBe(true);
      expect(ports).toContain(service.spec?.ports?.[0]?.targetPort);
    }
  });

  it('exposes the boot asset server on the boot Service, at the port the configuration gives it', () => {
    const assets = container?.ports?.find((port) => port.name === 'assets');
    const boot = one<V1Service>('deploy/base/services.yaml', 'Service', 'rackpilot-boot');
    expect(boot.spec?.ports?.find((port) => port.name === 'assets')).toMatchObject({ targetPort: 'assets' });
    expect(assets?.containerPort).toBe(Number(configMap.data?.RACKPILOT_BOOT_ASSET_PORT));
    const policy = parse(readFileSync(join(root, 'deploy/base/network-policy.yaml'), 'utf8')) as {
      spec: { ingress: { ports: { port: string }[] }[] };
    };
    expect(policy.spec.ingress.flatMap((rule) => rule.ports.map((port) => port.port))).toContain('assets');
  });

  it('binds both roles to the ServiceAccount', () => {
    for (const doc of documents('deploy/base/rbac/bindings.yaml') as V1ClusterRoleBinding[]) {
      expect(doc.subjects).toEqual([
        { kind: 'ServiceAccount', name: 'rackpilot', namespace: 'rackpilot-system' },
      ]);
      expect(doc.roleRef.name).toBe('rackpilot');
    }
  });
});

describe('deploy/crds and the ServiceMonitor component', () => {
  it('crds/Kustomization lists every CRD file', () => {
    const listed = (parse(readFileSync(join(root, 'crds/Kustomization'), 'utf8')) as { resources: string[] })
      .resources;
    const files = readdirSync(join(root, 'crds')).filter((file) => file.endsWith('.yaml'));
    expect([...listed].sort()).toEqual(files.sort());
  });

  it("the ServiceMonitor scrapes the console Service's port at /api/metrics", () => {
    const monitor = one<{
      spec: {
        selector: { matchLabels: Record<string, string> };
        endpoints: { port: string; path: string }[];
      };
    }>('deploy/components/service-monitor/service-monitor.yaml', 'ServiceMonitor');
    const console = one<V1Service>('deploy/base/services.yaml', 'Service', 'rackpilot-console');
    expect(selects(monitor.spec.selector.matchLabels, console.metadata?.labels ?? {})).toBe(true);
    expect(
      selects(
        monitor.spec.selector.matchLabels,
        one<V1Service>('deploy/base/services.yaml', 'Service', 'rackpilot-boot').metadata?.labels ?? {},
      ),
    ).toBe(false);
    expect(monitor.spec.endpoints).toEqual([
      expect.objectContaining({ port: console.spec?.ports?.[0]?.name, path: '/api/metrics' }),
    ]);
  });
});
