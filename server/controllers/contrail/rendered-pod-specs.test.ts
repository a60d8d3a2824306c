/**
 * What kwok cannot catch, since no container ever starts there: every pod the Contrail planners
 * render (each kind's upstream sample, the Manager's, the design's vRouter groups, a realistic DPDK
 * group, each component as the Manager sample makes it and as a user would run it) must mount only volumes it declares, name only ConfigMap and Secret keys that are rendered,
 * read only shell variables something sets, and read or write files only where something is mounted,
 * or where the image itself keeps them.
 */
import type {
  KubernetesObject,
  V1ConfigMap,
  V1Container,
  V1PodSpec,
  V1Secret,
  V1StatefulSet,
  V1Volume,
} from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { contrailSamplePlans, type SamplePlan } from '@/tools/testenv/contrail-sample-plans';

/** Paths the images keep themselves, so no volume is needed for them. */
const IMAGE_OWNED: { path: string; why: string }[] = [
  { path: '/docker-entrypoint.sh', why: 'the cassandra image’s entrypoint, which starts Cassandra' },
  { path: '/data', why: 'the zookeeper image’s data directory (ZOO_DATA_DIR), created by the image' },
  {
    path: '/dev/null',
    why: 'the null device every container has (the ZooKeeper command drops zkCli output there)',
  },
  { path: '/dev/tcp', why: 'bash’s own name for a TCP connection (the ZooKeeper probe’s ruok), no file' },
  { path: '/usr/bin/contrail-vrouter-agent', why: 'the agent binary of the contrail-vrouter-agent image' },
  {
    path: '/entrypoint.sh',
    why: 'the vRouter agent image’s entrypoint, which brings vhost0 up before it starts the agent',
  },
  { path: '/clean-up.sh', why: 'the vRouter agent image’s script that gives the node its interface back' },
  { path: '/usr/bin/contrail-k8s-cni', why: 'the CNI plugin binary of the kubernetes-cni-init image' },
  { path: '/opt/cni-v0.3.0.tgz', why: 'the standard CNI plugins, packed in the kubernetes-cni-init image' },
  {
    path: '/etc/rabbitmq',
    why: 'the rabbitmq image’s configuration directory (the env-style key naming it)',
  },
  {
    path: '/etc/contrail',
    why: 'the Contrail images’ configuration folder, where the commands link the pod’s files for the programs',
  },
  { path: '/var/log/contrail', why: 'the Contrail images’ log folder' },
  { path: '/usr/bin/python', why: 'the Python of the Contrail images' },
  ...[
    'contrail-api',
    'contrail-device-manager',
    'contrail-schema',
    'contrail-svc-monitor',
    'contrail-analytics-api',
    'contrail-query-engine',
    'contrail-collector',
    'contrail-nodemgr',
    'contrail-control',
    'contrail-dns',
    'contrail-named',
    'contrail-kube-manager',
  ].map((program) => ({ path: `/usr/bin/${program}`, why: `${program}, in its Contrail image` })),
  {
    path: '/opt/contrail/utils/provision_control.py',
    why: 'upstream’s registration script in the node manager image, which its Control pod runs',
  },
  { path: '/dev/stdout', why: 'the container’s own output, where dnsmasq logs' },
  { path: '/bin/bash', why: 'the shell of the Contrail images (the registration script’s interpreter)' },
  { path: '/usr/bin/node', why: 'Node.js of the web UI images' },
  { path: '/usr/src/contrail', why: 'contrail-web-core and contrail-web-controller, in the web UI images' },
  { path: '/tmp', why: 'every image’s temporary folder (the web UI’s downloads)' },
  {
    path: '/app/contrail-provisioner/contrail-provisioner-image.binary',
    why: 'the provisioner binary of its image',
  },
  {
    path: '/var/run/secrets/kubernetes.io/serviceaccount/token',
    why: 'the token Kubernetes mounts into a pod that runs as a ServiceAccount',
  },
];

const POD_IP = /\$\{POD_IP\}/g;

interface Pod {
  input: string;
  spec: V1PodSpec;
  /** The StatefulSet's claim templates: each pod gets a volume of that name. */
  claims: string[];
  configMaps: Map<string, Record<string, string>>;
  secrets: Map<string, Record<string, string>>;
  podIps: string[];
}

function podsOf(plan: SamplePlan): Pod[] {
  const configMaps = new Map<string, Record<string, string>>();
  const secrets = new Map<string, Record<string, string>>();
  const objects: KubernetesObject[] = [
    ...plan.objects,
    ...(plan.createSecret ? [plan.createSecret] : []),
    ...(plan.existing ?? []),
  ];
  for (const object of objects) {
    const name = object.metadata?.name ?? '';
    if (object.kind === 'ConfigMap') configMaps.set(name, (object as V1ConfigMap).data ?? {});
    if (object.kind === 'Secret') {
      const secret = object as V1Secret;
      secrets.set(name, { ...secret.data, ...secret.stringData });
    }
  }
  const podIps = [...configMaps.values()].flatMap((data) =>
    Object.keys(data).flatMap((key) => /(\d+\.\d+\.\d+\.\d+)/.exec(key)?.[1] ?? []),
  );
  return plan.objects.flatMap((object) => {
    // A Service or ConfigMap has no template: only workloads give pods.
    const workload = (object as { spec?: Partial<NonNullable<V1StatefulSet['spec']>> }).spec;
    const spec = workload?.template?.spec;
    return spec
      ? [
          {
            input: `${plan.input} ${object.kind ?? ''}`,
            spec,
            claims: (workload.volumeClaimTemplates ?? []).map((claim) => claim.metadata?.name ?? ''),
            configMaps,
            secrets,
            podIps: [...new Set(podIps)],
          },
        ]
      : [];
  });
}

const allPods = contrailSamplePlans().flatMap(podsOf);

function containersOf(spec: V1PodSpec): V1Container[] {
  return [...(spec.initContainers ?? []), ...spec.containers];
}

function volumeKeys(pod: Pod, volume: V1Volume): Record<string, string> | undefined {
  if (volume.configMap) return pod.configMaps.get(volume.configMap.name ?? '');
  if (volume.secret) return pod.secrets.get(volume.secret.secretName ?? '');
  return undefined;
}

/** What the kubelet sets in every container: the in-cluster address of the Kubernetes API. */
const KUBELET_ENV = ['KUBERNETES_SERVICE_HOST', 'KUBERNETES_SERVICE_PORT'];

/** The environment a container starts with: its env, every key of what envFrom names, the kubelet's. */
function environmentOf(pod: Pod, container: V1Container): Set<string> {
  const names = [...KUBELET_ENV, ...(container.env ?? []).map((env) => env.name)];
  for (const from of container.envFrom ?? []) {
    const keys = from.secretRef
      ? pod.secrets.get(from.secretRef.name ?? '')
      : pod.configMaps.get(from.configMapRef?.name ?? '');
    names.push(...Object.keys(keys ?? {}).map((key) => `${from.prefix ?? ''}${key}`));
  }
  return new Set(names);
}

/** Variables a container's shell command reads that neither its environment nor the script sets. */
function variableProblems(pod: Pod): string[] {
  return containersOf(pod.spec).flatMap((container) => {
    const script = [...(container.command ?? []), ...(container.args ?? [])].join(' ');
    const set = new Set([...script.matchAll(/\b([A-Za-z_]\w*)=/g)].map((m) => m[1]));
    const environment = environmentOf(pod, container);
    const read = new Set([...script.matchAll(/\$\{?([A-Za-z_]\w*)/g)].map((m) => m[1] ?? ''));
    return [...read]
      .filter((name) => !environment.has(name) && !set.has(name))
      .map((name) => `${container.name} reads $${name}, which nothing sets`);
  });
}

/** Mounts, volumes and the keys they and the environment name: what the API server would not catch. */
function referenceProblems(pod: Pod): string[] {
  const found: string[] = [];
  const volumes = new Map((pod.spec.volumes ?? []).map((v) => [v.name, v]));
  for (const volume of volumes.values()) {
    const keys = volumeKeys(pod, volume);
    if ((volume.configMap || volume.secret) && !keys)
      found.push(`volume ${volume.name} names no rendered object`);
    for (const item of [...(volume.configMap?.items ?? []), ...(volume.secret?.items ?? [])])
      if (keys && !(item.key in keys)) found.push(`volume ${volume.name} item ${item.key} is not rendered`);
  }
  for (const container of containersOf(pod.spec)) {
    for (const mount of container.volumeMounts ?? [])
      if (!volumes.has(mount.name) && !pod.claims.includes(mount.name))
        found.push(`${container.name} mounts ${mount.name}, which is no volume`);
    for (const env of container.env ?? []) {
      const configMapKey = env.valueFrom?.configMapKeyRef;
      const secretKey = env.valueFrom?.secretKeyRef;
      if (configMapKey && !(configMapKey.key in (pod.configMaps.get(configMapKey.name ?? '') ?? {})))
        found.push(`${container.name} env ${env.name} names ${configMapKey.key}, not rendered`);
      if (secretKey && !(secretKey.key in (pod.secrets.get(secretKey.name ?? '') ?? {})))
        found.push(`${container.name} env ${env.name} names ${secretKey.key}, not rendered`);
    }
    for (const from of container.envFrom ?? []) {
      if (from.configMapRef && !pod.configMaps.has(from.configMapRef.name ?? ''))
        found.push(`${container.name} envFrom ${from.configMapRef.name ?? ''}, not rendered`);
      if (from.secretRef && !pod.secrets.has(from.secretRef.name ?? ''))
        found.push(`${container.name} envFrom ${from.secretRef.name ?? ''}, not rendered`);
    }
  }
  return found;
}

/** Absolute paths in a command, readiness probe or preStop hook (`${POD_IP}` left in), and those `cp` writes to. */
function pathsOf(container: V1Container): { path: string; written: boolean }[] {
  // A file: URL names the path after its scheme.
  const text = [
    ...(container.command ?? []),
    ...(container.args ?? []),
    // The readiness probe and the preStop hook run in the container too, on its mounts.
    ...(container.readinessProbe?.exec?.command ?? []),
    ...(container.lifecycle?.preStop?.exec?.command ?? []),
  ]
    .join(' ')
    .replace(/file:\/\//g, '');
  const paths = [...text.matchAll(/(?<![\w$}])\/[\w.${}/-]+/g)].map((m) => m[0].replace(/\/$/, ''));
  const written = new Set(
    [...text.matchAll(/\bcp\s+(?:[^&;|]*\s)?(\/[\w.${}/-]+)\s*(?:&&|;|$)/g)].map((m) =>
      (m[1] ?? '').replace(/\/$/, ''),
    ),
  );
  return [...new Set(paths)].map((path) => ({ path, written: written.has(path) }));
}

const under = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);
const ABSOLUTE_PATH = /(?<![\w$}:/])(?<!URL\s*[:=]\s*')\/[\w.${}/-]+/g;

/**
 * Paths the rendered files a main container reads name (zoo.cfg's dataDir, …): the files of its
 * mounts its command names, or every file of a mount whose folder it names (a program reading its
 * folder). A URL's path in a file (`…URL: '/…'`) is no file.
 */
function filePathProblems(pod: Pod, container: V1Container): string[] {
  const mounts = container.volumeMounts ?? [];
  const volumes = new Map((pod.spec.volumes ?? []).map((v) => [v.name, v]));
  const commandPaths = pathsOf(container).flatMap(({ path }) =>
    path.includes('${POD_IP}') ? pod.podIps.map((ip) => path.replace(POD_IP, ip)) : [path],
  );
  return mounts.flatMap((mount) => {
    const volume = volumes.get(mount.name);
    const files = Object.entries((volume ? volumeKeys(pod, volume) : undefined) ?? {});
    const read = commandPaths.includes(mount.mountPath)
      ? files
      : files.filter(([key]) => commandPaths.includes(`${mount.mountPath}/${key}`));
    return read.flatMap(([key, text]) =>
      [...text.matchAll(ABSOLUTE_PATH)]
        .map((m) => m[0])
        .filter(
          (path) =>
            !mounts.some((m) => under(path, m.mountPath)) &&
            !IMAGE_OWNED.some((owned) => under(path, owned.path)),
        )
        .map((path) => `${container.name}'s ${key} names ${path}, under no mount and not the image's`),
    );
  });
}

/** Files the commands read or write: under a mount (a ConfigMap's key for each pod IP), or the image's. */
function pathProblems(pod: Pod): string[] {
  const found: string[] = [];
  const volumes = new Map((pod.spec.volumes ?? []).map((v) => [v.name, v]));
  for (const container of containersOf(pod.spec)) {
    const mounts = container.volumeMounts ?? [];
    for (const { path, written } of pathsOf(container)) {
      const mount = mounts.find((m) => under(path, m.mountPath));
      if (!mount) {
        if (!IMAGE_OWNED.some((owned) => under(path, owned.path)))
          found.push(
            `${container.name} uses ${path}: no volume is mounted there and the image does not keep it`,
          );
        continue;
      }
      const volume = volumes.get(mount.name);
      const keys = volume ? volumeKeys(pod, volume) : undefined;
      if (!keys || path === mount.mountPath) continue;
      if (written) found.push(`${container.name} writes ${path} into the read-only ${mount.name} volume`);
      const key = path.slice(mount.mountPath.length + 1);
      const names = key.includes('${POD_IP}') ? pod.podIps.map((ip) => key.replace(POD_IP, ip)) : [key];
      for (const name of names)
        if (!(name in keys)) found.push(`${container.name} reads ${path}: ${mount.name} has no key ${name}`);
    }
  }
  return [...new Set([...found, ...pod.spec.containers.flatMap((c) => filePathProblems(pod, c))])];
}

describe('the pods the Contrail planners render', () => {
  it('covers every kind with pods, from the samples and the realistic inputs', () => {
    const kinds = new Set(allPods.map((pod) => pod.input.split(' ')[0]));
    expect([...kinds].sort()).toEqual([
      'Cassandra',
      'Config',
      'Control',
      'Kubemanager',
      'ProvisionManager',
      'Rabbitmq',
      'Vrouter',
      'Webui',
      'Zookeeper',
    ]);
    expect(allPods.every((pod) => pod.podIps.length > 0)).toBe(true);
  });

  it('covers data on a claimed volume and on a folder of the node', () => {
    const dataPods = allPods.filter((pod) => !pod.input.startsWith('Vrouter'));
    const mounts = dataPods.flatMap((pod) =>
      pod.spec.containers.flatMap((c) =>
        (c.volumeMounts ?? []).flatMap((m) =>
          pod.claims.includes(m.name)
            ? [`${pod.input.split(' ')[0] ?? ''} claim at ${m.mountPath}`]
            : pod.spec.volumes?.some((v) => v.name === m.name && v.hostPath)
              ? [`${pod.input.split(' ')[0] ?? ''} node folder at ${m.mountPath}`]
              : [],
        ),
      ),
    );
    expect(new Set(mounts)).toEqual(
      new Set([
        'Cassandra claim at /var/lib/cassandra',
        'Zookeeper claim at /data',
        'Cassandra node folder at /var/lib/cassandra',
        'Zookeeper node folder at /data',
      ]),
    );
  });

  it('runs the vRouter agent as upstream: its init containers, privileged where upstream’s are, on the node’s folders', () => {
    const vrouters = allPods.filter((pod) => pod.input.startsWith('Vrouter'));
    const shape = (pod: Pod) => ({
      init: (pod.spec.initContainers ?? []).map((c) => c.name),
      main: pod.spec.containers.map((c) => c.name),
      privileged: containersOf(pod.spec)
        .filter((c) => c.securityContext?.privileged)
        .map((c) => c.name),
    });
    const kernel = vrouters.find((pod) => pod.input.startsWith('Vrouter vrouter-kernelmode-group1'));
    const dpdk = vrouters.find((pod) => pod.input.startsWith('Vrouter dpdk-x710'));
    if (!kernel || !dpdk) throw new Error('no kernel-mode or DPDK group rendered');
    expect(shape(kernel)).toEqual({
      init: ['init', 'nodeinit', 'vrouterkernelinit', 'vroutercni'],
      main: ['vrouteragent', 'nodemanager'],
      privileged: ['nodeinit', 'vrouterkernelinit', 'vroutercni', 'vrouteragent'],
    });
    expect(shape(dpdk)).toEqual({
      init: ['init', 'nodeinit', 'vrouterkernelinitdpdk', 'vroutercni'],
      main: ['vrouteragent', 'vrouteragentdpdk', 'nodemanager'],
      privileged: ['nodeinit', 'vrouterkernelinitdpdk', 'vroutercni', 'vrouteragent', 'vrouteragentdpdk'],
    });
    // Every folder of the node a container mounts is a path (the CNI init's key is checked below).
    for (const pod of vrouters)
      for (const volume of pod.spec.volumes ?? [])
        if (volume.hostPath) expect(volume.hostPath.path).toMatch(/^\/\w/);
  });

  it.each(allPods.map((pod) => [pod.input, pod] as const))(
    '%s: mounts declared volumes and names rendered keys',
    (_input, pod) => {
      expect(referenceProblems(pod)).toEqual([]);
    },
  );

  it.each(allPods.map((pod) => [pod.input, pod] as const))(
    '%s: its commands read only variables its environment or the script sets',
    (_input, pod) => {
      expect(variableProblems(pod)).toEqual([]);
    },
  );

  it.each(allPods.map((pod) => [pod.input, pod] as const))(
    '%s: its commands use files under a mount or the image’s own',
    (_input, pod) => {
      expect(pathProblems(pod)).toEqual([]);
    },
  );

  it('catches a mount of no volume, a missing key, a write into a ConfigMap, an unset variable and a probe’s missing file', () => {
    const [first] = allPods.filter((pod) => pod.input.startsWith('Zookeeper'));
    if (!first) throw new Error('no ZooKeeper pod rendered');
    const [main] = first.spec.containers;
    if (!main) throw new Error('no main container');
    const container: V1Container = Object.assign({}, main, {
      command: ['bash', '-c', 'cp /mydata/zoo.cfg.missing /mydata/copy && cat /nowhere/file $MISSING'],
      readinessProbe: { exec: { command: ['bash', '-c', 'cat /probe/file'] } },
      volumeMounts: [...(main.volumeMounts ?? []), { name: 'absent', mountPath: '/absent' }],
    });
    const broken: Pod = { ...first, spec: Object.assign({}, first.spec, { containers: [container] }) };
    expect(referenceProblems(broken)).toEqual(['zookeeper mounts absent, which is no volume']);
    expect(variableProblems(broken)).toEqual(['zookeeper reads $MISSING, which nothing sets']);
    expect(pathProblems(broken)).toEqual([
      'zookeeper reads /mydata/zoo.cfg.missing: config has no key zoo.cfg.missing',
      'zookeeper writes /mydata/copy into the read-only config volume',
      'zookeeper reads /mydata/copy: config has no key copy',
      'zookeeper uses /nowhere/file: no volume is mounted there and the image does not keep it',
      'zookeeper uses /probe/file: no volume is mounted there and the image does not keep it',
    ]);
  });
});
