import { describe, expect, it, vi } from 'vitest';
import { isRunning } from '../testenv/processes';
import { runCommand } from './run-command';

describe('runCommand', () => {
  it('gives the output of a command that succeeds', async () => {
    await expect(runCommand('sh', ['-c', 'echo out; echo err >&2'])).resolves.toEqual({
      stdout: 'out\n',
      stderr: 'err\n',
    });
  });

  it('names the command and its last output when it fails', async () => {
    await expect(runCommand('sh', ['-c', 'echo broken >&2; exit 3'])).rejects.toThrow(
      'sh -c echo broken >&2; exit 3 exited with 3: broken',
    );
  });

  it('stops the command and what it started when the signal fires', async () => {
    const stop = new AbortController();
    let grandchild = 0;
    // A shell that starts a long sleep of its own: the sleep is in the shell's process group.
    const running = runCommand('sh', ['-c', 'sleep 60 & echo $! >&2; wait'], {
      signal: stop.signal,
      onStderrLine: (line) => {
        grandchild = Number(line);
        stop.abort();
      },
    });
    await expect(running).rejects.toThrow('stopped: sh -c');
    expect(grandchild).toBeGreaterThan(0);
    await vi.waitFor(() => {
      expect(isRunning(grandchild)).toBe(false);
    });
  });

  it('does not start a command once the signal has fired', async () => {
    const stop = new AbortController();
    stop.abort();
    await expect(
      runCommand('sh', ['-c', 'echo started > /dev/stderr'], { signal: stop.signal }),
    ).rejects.toThrow('stopped: sh -c');
  });
});
