/**
 * Runs a planned pod's main container command on this machine, for the Contrail data services. What
 * changes, and only that: every absolute path in the command and in the mounted files moves under
 * the pod's own temp folder (the ConfigMap volume is a read-only folder of its files, a Secret volume
 * of its decoded keys or the items it names, the image's own writable folders are made empty), each pod IP becomes 127.0.0.1, and each port after a pod IP (`<pod IP>:<port>[:<port>]`)
 * gets that pod's own free port (three pods on one loopback address cannot share ports). Programs the
 * image would find on PATH are given as shims by the test.
 */
import { chmod, chown, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { V1StatefulSet } from '@kubernetes/client-node';
import { freePort } from '@/tools/testenv/free-port';
import { startProgram, type RunningProgram } from './program';

export interface LoopbackPod {
  ip: string;
  root: string;
  /** Rendered port → this pod's local port. */
  ports: Map<number, number>;
}

/** Prefixes absolute paths (after a start, space, `=`, `;` or quote) with the pod's folder. */
export function underRoot(text: string, root: string): string {
  return text.replace(/(^|[\s=;'"])\/(?=[a-zA-Z])/gm, `$1${root}/`);
}

/** Points `<ip>:<port>` of every pod at 127.0.0.1 and that pod's port, then any bare pod IP at 127.0.0.1. */
export function toLoopback(text: string, pods: readonly LoopbackPod[]): string {
  let result = text;
  for (const pod of pods) {
    const ip = pod.ip.replace(/\./g, '\\.');
    // `ip:port`, and ZooKeeper's `ip:quorumPort:electionPort`
    result = result.replace(new RegExp(`${ip}((?::\\d+)+)`, 'g'), (_, ports: string) => {
      const local = ports
        .slice(1)
        .split(':')
        .map((port) => {
          const mapped = pod.ports.get(Number(port));
          if (mapped === undefined) throw new Error(`no local port for ${pod.ip}:${port}`);
          return mapped;
        });
      return `127.0.0.1:${local.join(':')}`;
    });
    result = result.replace(new RegExp(`\\b${ip}\\b`, 'g'), '127.0.0.1');
  }
  return result;
}

/** Distinct free loopback ports for each of `ports`. */
export async function localPorts(ports: readonly number[], taken: Set<number>): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  for (const port of ports) {
    let local = await freePort();
    while (taken.has(local)) local = await freePort();
    taken.add(local);
    map.set(port, local);
  }
  return map;
}

export interface PodLayout {
  statefulSet: V1StatefulSet;
  /** The ConfigMap's data, mounted where the StatefulSet says. */
  files: Record<string, string>;
  /** The data (base64) of the Secrets the pod mounts, by name. */
  secrets?: Record<string, Record<string, string>>;
  /** Writable folders the image itself has (e.g. ZooKeeper's /data). */
  imageFolders: string[];
  /** Extra environment: PATH with the test's shims, the Secret's values. */
  env: Record<string, string>;
  /** Port numbers in the files that are not `<ip>:<port>` pairs (e.g. admin.serverPort=2182), per pod. */
  portKeys?: (pod: LoopbackPod, text: string) => string;
  /** The user the container runs as locally when we are root, so the read-only mount is read-only. */
  runAs?: { uid: number; gid: number };
}

export async function startPod(
  pod: LoopbackPod,
  pods: readonly LoopbackPod[],
  layout: PodLayout,
): Promise<RunningProgram> {
  const spec = layout.statefulSet.spec?.template.spec;
  const container = spec?.containers[0];
  if (!container?.command) throw new Error('the planned StatefulSet has no command');
  const writable = async (path: string) => {
    await mkdir(path, { recursive: true });
    if (layout.runAs) await chown(path, layout.runAs.uid, layout.runAs.gid);
  };
  for (const mount of container.volumeMounts ?? []) {
    const volume = spec?.volumes?.find((v) => v.name === mount.name);
    const path = join(pod.root, mount.mountPath);
    if (volume?.emptyDir) {
      await writable(path);
    } else if (volume?.configMap) {
      await mkdir(path, { recursive: true });
      for (const [name, text] of Object.entries(layout.files)) {
        const local = toLoopback(underRoot(text, pod.root), pods);
        await writeFile(join(path, name), layout.portKeys ? layout.portKeys(pod, local) : local, {
          mode: 0o444,
        });
      }
      await chmod(path, 0o555);
    } else if (volume?.secret) {
      const data = layout.secrets?.[volume.secret.secretName ?? ''];
      if (!data) throw new Error(`no data given for Secret ${volume.secret.secretName ?? ''}`);
      const items = volume.secret.items ?? Object.keys(data).map((key) => ({ key, path: key }));
      await mkdir(path, { recursive: true });
      for (const { key, path: file } of items)
        await writeFile(join(path, file), Buffer.from(data[key] ?? '', 'base64'), { mode: 0o444 });
      await chmod(path, 0o555);
    } else {
      throw new Error(`volume ${mount.name} is neither a ConfigMap, a Secret nor an emptyDir`);
    }
  }
  for (const folder of layout.imageFolders) await writable(join(pod.root, folder));
  const script = underRoot(container.command.at(-1) ?? '', pod.root);
  const env = { ...process.env, ...layout.env, POD_IP: pod.ip };
  if (layout.runAs && process.getuid?.() === 0) {
    return startProgram(
      '/usr/bin/setpriv',
      [`--reuid=${layout.runAs.uid}`, `--regid=${layout.runAs.gid}`, '--clear-groups', 'bash', '-c', script],
      { env, cwd: pod.root },
    );
  }
  return startProgram('bash', ['-c', script], { env, cwd: pod.root });
}
