// What tests see of the processes a command left behind, read from /proc (Linux, where the project runs).
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';

export interface ProcessEntry {
  pid: number;
  command: string;
}

/** The state letter and parent pid in /proc/<pid>/stat, after the command name (which may hold spaces). */
function readStat(pid: number): { state: string; parent: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state = '', parent = ''] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state, parent: Number(parent) };
  } catch {
    return undefined;
  }
}

/**
 * Running: neither gone nor a zombie. A zombie has exited; an orphan waits as one for whoever reaps it,
 * and a container's first process may be slow to.
 */
export function isRunning(pid: number): boolean {
  const stat = readStat(pid);
  return stat !== undefined && stat.state !== 'Z';
}

/** Every process below `pid`. */
export async function descendants(pid: number): Promise<ProcessEntry[]> {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (!stat) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      const list = children.get(stat.parent) ?? [];
      list.push({ pid: Number(entry), command });
      children.set(stat.parent, list);
    } catch {
      // gone meanwhile
    }
  }
  const found: ProcessEntry[] = [];
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child);
      walk(child.pid);
    }
  };
  walk(pid);
  return found;
}
