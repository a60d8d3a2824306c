/**
 * The config tier's way of running the real programs: one-shot checks through runCommand, long-running
 * servers in a process group of their own (JVMs and Erlang start helpers) that stop() ends as a whole.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Output kept per program: enough for the lines a test looks for and a failure message. */
const OUTPUT_LIMIT = 1024 * 1024;

export interface RunningProgram {
  pid: number;
  /** stdout and stderr so far (the last OUTPUT_LIMIT characters). */
  output(): string;
  exited(): boolean;
  /** SIGTERM to the group, SIGKILL after 10 s; resolves once the program has exited. */
  stop(): Promise<void>;
}

export function startProgram(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): RunningProgram {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exit = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  };
  if (child.pid === undefined) throw new Error(`${command} did not start`);
  return {
    pid: child.pid,
    output: () => output,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    async stop() {
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
      // Helpers that outlived the leader (epmd, forked workers) go with it.
      signalGroup('SIGKILL');
    },
  };
}

/** A temporary folder for one test file's files and state, and its removal. */
export async function tempFolder(prefix: string): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), `rackpilot-config-${prefix}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}
