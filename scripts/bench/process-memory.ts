import { readFile } from 'node:fs/promises';

const MIB = 2 ** 20;

/** Linux only: a process's resident memory now and at its peak, in MiB. */
export async function memoryOf(pid: number): Promise<{ rssMiB: number; peakRssMiB: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMiB: (kib('VmRSS') * 1024) / MIB, peakRssMiB: (kib('VmHWM') * 1024) / MIB };
}
