import { spawn } from 'node:child_process';
import { SetupError } from '../../server/setup-error';

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Stream the command's output to this process's stderr while it runs (long builds). */
  echo?: boolean;
  /** Called with each complete line the command writes to stderr (progress of long builds). */
  onStderrLine?: (line: string) => void;
  /**
   * Stops the command and every process it started (it runs in a process group of its own) when this
   * fires; the call then rejects. For long builds a person may give up on with Ctrl-C.
   */
  signal?: AbortSignal;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

/** Runs a command to completion; a non-zero exit becomes a SetupError naming the command. */
export function runCommand(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  const { signal } = options;
  const stopped = () => new SetupError(`stopped: ${command} ${args.slice(0, 3).join(' ')}`);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(stopped());
      return;
    }
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: signal !== undefined,
    });
    const stop = () => {
      if (child.pid === undefined || child.exitCode !== null) return;
      try {
        // The whole group: `go build` and `next build` leave compilers and workers of their own.
        process.kill(-child.pid, 'SIGTERM');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    };
    signal?.addEventListener('abort', stop, { once: true });
    let stdout = '';
    let stderr = '';
    let partialLine = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (options.echo) process.stderr.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      stderr += text;
      if (options.echo) process.stderr.write(chunk);
      if (options.onStderrLine) {
        const lines = (partialLine + text).split('\n');
        partialLine = lines.pop() ?? '';
        for (const line of lines) options.onStderrLine(line);
      }
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      signal?.removeEventListener('abort', stop);
      reject(
        new SetupError(
          error.code === 'ENOENT'
            ? `${command} not found on PATH`
            : `${command} failed to start: ${error.message}`,
        ),
      );
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', stop);
      if (signal?.aborted) {
        reject(stopped());
        return;
      }
      if (code === 0) {
        resolve({ stdout, stderr });
        return;
      }
      const tail = (stderr || stdout).trim().split('\n').slice(-3).join(' | ');
      reject(
        new SetupError(`${command} ${args.slice(0, 3).join(' ')} exited with ${code ?? 'a signal'}: ${tail}`),
      );
    });
  });
}
