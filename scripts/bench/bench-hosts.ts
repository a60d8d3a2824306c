// Lab-shaped BareMetalHosts in any number, and the memory of the server process that caches them:
// what the server benchmarks share.
import { readFile } from 'node:fs/promises';
import type { KubeConfig } from '@kubernetes/client-node';
import { objectPath } from '../../server/kube/apply';
import { kubeRequestJson } from '../../server/kube/kube-request';
import { collectionPath } from '../../server/kube/resource';
import { bareMetalHostResource } from '../../server/types/crds/bare-metal-host';
import { labHosts } from '../../tools/lab/lab-hosts';
import { benchLog as log, inBatches } from './throwaway-cluster';

const MIB = 2 ** 20;

/** `count` hosts shaped like the hardware lab's (spec, labels, status), each with its own name and MAC. */
export async function seedHosts(kc: KubeConfig, namespace: string, count: number): Promise<void> {
  const lab = labHosts({ namespace });
  log(`creating ${count} lab-shaped BareMetalHosts`);
  const started = Date.now();
  await inBatches(
    Array.from({ length: count }, (_, i) => i),
    32,
    async (i) => {
      const template = lab[i % lab.length];
      if (!template) throw new Error('the lab has no hosts');
      const host = structuredClone(template.bareMetalHost);
      const name = `${template.name}-${String(Math.floor(i / lab.length)).padStart(4, '0')}`;
      host.metadata.name = name;
      const hex = i.toString(16).padStart(6, '0');
      host.spec.bootMACAddress = `02:be:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
      await kubeRequestJson(kc, collectionPath(bareMetalHostResource, namespace), {
        method: 'POST',
        body: host,
      });
      await kubeRequestJson(kc, `${objectPath(bareMetalHostResource, namespace, name)}/status`, {
        method: 'PATCH',
        contentType: 'application/merge-patch+json',
        body: { status: template.status },
      });
    },
  );
  log(`hosts created in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Resident and peak resident memory of a process, from /proc/<pid>/status (Linux only). */
export async function memoryOf(pid: number): Promise<{ rssMiB: number; peakRssMiB: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMiB: (kib('VmRSS') * 1024) / MIB, peakRssMiB: (kib('VmHWM') * 1024) / MIB };
}
