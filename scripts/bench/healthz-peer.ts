// A peer for bench-load's health probe: the same probe, at the same time, against a server that does
// no work at all. Under the load's processes a probe waits for a core whichever server it asks; the
// peer's answer times are that wait, and the server's beyond them are its own.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { RUNTIME_FLAGS, runtimeEnv } from '../../tools/build/build-server.mjs';

export interface HealthzPeer {
  url: string;
  pid: number;
  stop: () => void;
}

/** Starts the peer with the server's own V8 flags and environment; resolves once it listens. */
export async function startHealthzPeer(): Promise<HealthzPeer> {
  const child = fork(fileURLToPath(new URL('./healthz-peer-process.ts', import.meta.url)), {
    execArgv: [...RUNTIME_FLAGS, '--import', 'tsx'],
    env: runtimeEnv(process.env),
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the healthz peer exited (${code})`)));
    child.once('message', (message: { port: number }) => resolve(message.port));
  });
  const { pid } = child;
  if (pid === undefined) throw new Error('the healthz peer has no process id');
  return { url: `http://127.0.0.1:${port}`, pid, stop: () => child.kill() };
}
