import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';

export interface StallWatch {
  /** A file the tool appends to as it makes progress (tools/testenv/progress-reporter.ts). */
  progressFile: string;
  /** No write for this long and the tool is stuck: its whole process group is killed. */
  stallMs: number;
  /** How often the file is looked at; 10 s unless a test wants it sooner. */
  pollMs?: number;
}

/**
 * Runs a tool in a process group of its own, so stopping it also stops its workers and what they started.
 * Resolves with its exit code, or 'stalled' when a watched tool stopped making progress.
 */
export function runTool(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; stop: AbortSignal; watch?: StallWatch },
): Promise<number | 'stalled'> {
  return new Promise((resolve) => {
    options.stop.throwIfAborted();
    const started = Date.now();
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: 'inherit',
      detached: true,
    });
    let stalled = false;
    const killGroup = (signal: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    };
    const stop = () => {
      killGroup('SIGTERM');
    };
    options.stop.addEventListener('abort', stop, { once: true });
    const { watch } = options;
    const poll = watch
      ? setInterval(() => {
          void stat(watch.progressFile).then(
            (info) => {
              if (Date.now() - Math.max(started, info.mtimeMs) < watch.stallMs) return;
              stalled = true;
              killGroup('SIGKILL');
            },
            () => undefined,
          );
        }, watch.pollMs ?? 10_000)
      : undefined;
    child.on('error', () => {
      clearInterval(poll);
      resolve(127);
    });
    child.on('exit', (code) => {
      clearInterval(poll);
      options.stop.removeEventListener('abort', stop);
      // What the tool's workers left running (a server a hung test started) goes with it.
      killGroup('SIGKILL');
      resolve(stalled ? 'stalled' : (code ?? 1));
    });
  });
}
