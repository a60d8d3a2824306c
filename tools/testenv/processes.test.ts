import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { descendants, isRunning } from './processes';

describe('descendants and isRunning', () => {
  it('find a child this process started, running until it has exited', async () => {
    const child = spawn('sleep', ['30']);
    const pid = child.pid ?? 0;
    try {
      expect(isRunning(pid)).toBe(true);
      expect(await descendants(process.pid)).toContainEqual({
        pid,
        command: 'sleep 30',
      });
    } finally {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    expect(isRunning(pid)).toBe(false);
    expect(isRunning(-1)).toBe(false);
  });
});
