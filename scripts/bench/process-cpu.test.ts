import { describe, expect, it } from 'vitest';
import { cpuByCommand, cpuSecondsOf, describeCpuDelta } from './process-cpu';

describe('describeCpuDelta', () => {
  it('names what each command used between two readings, largest first, leaving out what barely ran', () => {
    const before = new Map([
      ['kube-apiserver', 10],
      ['etcd', 5],
      ['controller', 1],
    ]);
    const after = new Map([
      ['kube-apiserver', 51.2],
      ['etcd', 25.3],
      ['controller', 1.01],
      ['kwok', 3],
    ]);
    expect(describeCpuDelta(before, after)).toBe('kube-apiserver 41.2, etcd 20.3, kwok 3.0');
  });
});

describe('cpuByCommand', () => {
  it('counts this process as the bench, from its own /proc entry, and nothing for a marker no process has', async () => {
    // Burn a little CPU so the reading is above zero even on a fast machine.
    const until = Date.now() + 50;
    while (Date.now() < until);
    const totals = await cpuByCommand(`no-process-has-this-marker-${process.pid}`);
    expect([...totals.keys()]).toEqual(['bench']);
    expect(totals.get('bench')).toBeGreaterThan(0);
    expect((await cpuByCommand(`no-process-has-this-marker-${process.pid}`, false)).size).toBe(0);
  });
});

describe('cpuSecondsOf', () => {
  it('reads the CPU seconds of one process, and NaN for a process that does not exist', async () => {
    const until = Date.now() + 50;
    while (Date.now() < until);
    expect(await cpuSecondsOf(process.pid)).toBeGreaterThan(0);
    expect(await cpuSecondsOf(2 ** 31 - 1)).toBeNaN();
  });
});
