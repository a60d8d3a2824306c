import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';

/** Every port kwokctl gives a binary-runtime cluster's components. */
export const clusterPortOptions = [
  'etcdPort',
  'etcdPeerPort',
  'kubeApiserverPort',
  'kubeControllerManagerPort',
  'kubeSchedulerPort',
  'kwokControllerPort',
] as const;
export type ClusterPortOption = (typeof clusterPortOptions)[number];

/**
 * Ports below Linux's ephemeral range (32768 and up), where no outgoing connection can hold one, and
 * below the band kwokctl counts down from 32767, so that clusters kwokctl places (the tests') do not
 * take them while this one is stopped.
 */
const PORT_BAND = { from: 20_000, to: 30_000 };

/** `count` distinct loopback ports, chosen at random in the band, that can be listened on now. */
export async function freeLoopbackPorts(
  count: number,
  random: () => number = Math.random,
): Promise<number[]> {
  const chosen: number[] = [];
  for (let tries = 0; chosen.length < count; tries++) {
    if (tries > 1_000)
      throw new Error(`no ${count} free ports between ${PORT_BAND.from} and ${PORT_BAND.to}`);
    const port = PORT_BAND.from + Math.floor(random() * (PORT_BAND.to - PORT_BAND.from));
    if (!chosen.includes(port) && (await isFree(port))) chosen.push(port);
  }
  return chosen;
}

export interface ClusterPort {
  /** kwokctl's option name, e.g. kubeApiserverPort. */
  option: string;
  port: number;
}

/** The loopback ports a kwokctl cluster was created with, from its kwok.yaml. */
export function clusterPorts(kwokYaml: string): ClusterPort[] {
  for (const document of parseAllDocuments(kwokYaml)) {
    const config = document.toJS() as { kind?: string; options?: Record<string, unknown> } | null;
    if (config?.kind !== 'KwokctlConfiguration') continue;
    return Object.entries(config.options ?? {})
      .filter((entry): entry is [string, number] => entry[0].endsWith('Port') && Number.isInteger(entry[1]))
      .map(([option, port]) => ({ option, port }))
      .filter(({ port }) => port > 0);
  }
  return [];
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * The ports of a stopped cluster that another program holds now. kwokctl keeps the ports a cluster was
 * created with, so while it is stopped another cluster (one `npm test` starts, say) may take one; the
 * restart would then fail, or talk to that other API server and report a certificate error.
 */
export async function takenClusterPorts(kwokYamlPath: string): Promise<ClusterPort[]> {
  const ports = clusterPorts(await readFile(kwokYamlPath, 'utf8'));
  const free = await Promise.all(ports.map(({ port }) => isFree(port)));
  return ports.filter((_, i) => !free[i]);
}

/** True when a component of this cluster still runs (its pid file names a live process started from the cluster's folder). */
export async function clusterComponentsRunning(clusterDir: string): Promise<boolean> {
  let names: string[];
  try {
    names = await readdir(join(clusterDir, 'pids'));
  } catch {
    return false;
  }
  for (const name of names) {
    const pid = (await readFile(join(clusterDir, 'pids', name), 'utf8').catch(() => '')).trim();
    if (!/^\d+$/.test(pid)) continue;
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.includes(clusterDir)) return true;
  }
  return false;
}
