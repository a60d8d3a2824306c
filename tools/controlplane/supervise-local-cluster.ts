import { spawn } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { localClusterPaths, type LocalClusterOptions } from './local-cluster';

interface Component {
  name: string;
  binary: string;
  args?: string[];
  workDir?: string;
}

/** How often the components are looked at, and the least time between two restarts of one. */
const CHECK_MS = 2_000;
const RESTART_SPACING_MS = 5_000;

export interface Supervisor {
  /** Restarts so far, per component name. */
  readonly restarts: Map<string, number>;
  stop(): void;
}

async function readComponents(clusterDir: string): Promise<Component[]> {
  const documents = parseAllDocuments(await readFile(join(clusterDir, 'kwok.yaml'), 'utf8'));
  const configuration = documents
    .map((document) => document.toJS() as { kind?: string; components?: Component[] })
    .find((document) => document.kind === 'KwokctlConfiguration');
  return configuration?.components ?? [];
}

/** Whether the pid in the component's pid file is a live process of that component's binary. */
async function running(clusterDir: string, component: Component): Promise<boolean> {
  try {
    const pid = Number((await readFile(join(clusterDir, 'pids', `${component.name}.pid`), 'utf8')).trim());
    // A recycled pid runs something else: the command line must be the component's.
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    return commandLine.split('\0')[0] === component.binary;
  } catch {
    return false;
  }
}

function restart(clusterDir: string, component: Component): number | undefined {
  const log = openSync(join(clusterDir, 'logs', `${component.name}.log`), 'a');
  try {
    // Detached, as kwokctl starts them: the component outlives this process like the others do.
    const child = spawn(component.binary, component.args ?? [], {
      cwd: component.workDir ?? clusterDir,
      detached: true,
      stdio: ['ignore', log, log],
    });
    child.unref();
    return child.pid;
  } finally {
    closeSync(log);
  }
}

/**
 * Watches the local control plane's processes and starts again any that exited (the controller
 * manager and the scheduler exit when the API server stops answering for long enough). kwokctl
 * starts them once and never looks again; without this, nothing would schedule until the next start.
 */
export async function superviseLocalCluster(
  options: Pick<LocalClusterOptions, 'name' | 'stateDir'>,
  log: (line: string) => void,
): Promise<Supervisor> {
  const { clusterDir } = localClusterPaths(options);
  const components = await readComponents(clusterDir);
  const restarts = new Map<string, number>();
  const lastRestart = new Map<string, number>();
  let stopped = false;
  let checking = false;
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      for (const component of components) {
        if (stopped || (await running(clusterDir, component))) continue;
        if (Date.now() - (lastRestart.get(component.name) ?? 0) < RESTART_SPACING_MS) continue;
        lastRestart.set(component.name, Date.now());
        const pid = restart(clusterDir, component);
        if (pid === undefined) continue;
        await writeFile(join(clusterDir, 'pids', `${component.name}.pid`), String(pid));
        restarts.set(component.name, (restarts.get(component.name) ?? 0) + 1);
        log(`local control plane: ${component.name} had exited; started it again (pid ${pid})`);
      }
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), CHECK_MS);
  timer.unref();
  return {
    restarts,
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
