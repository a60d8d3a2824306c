import { describe, expect, it } from 'vitest';
import { Shutdown } from './shutdown';

describe('Shutdown', () => {
  it('runs steps last-registered first, past a failing and a hanging one', async () => {
    const ran: string[] = [];
    const log: string[] = [];
    const shutdown = new Shutdown(50);
    shutdown.add('database', () => {
      ran.push('database');
    });
    shutdown.add('hangs', () => new Promise<void>(() => undefined));
    shutdown.add('fails', () => {
      throw new Error('boom');
    });
    shutdown.add('accepting', () => {
      ran.push('accepting');
    });
    await shutdown.run((line) => log.push(line));
    expect(ran).toEqual(['accepting', 'database']);
    expect(log).toEqual(['stopping fails failed: boom', 'stopping hangs took over 0.05 s; going on']);
  });

  it('runs each step once, however often it is asked to stop', async () => {
    let runs = 0;
    const shutdown = new Shutdown();
    shutdown.add('once', () => {
      runs++;
    });
    await Promise.all([shutdown.run(() => undefined), shutdown.run(() => undefined)]);
    expect(runs).toBe(1);
  });
});
