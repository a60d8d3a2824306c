// Starting the controller process (controller-process.ts) from a benchmark and talking to it.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ensureServerBuild, RUNTIME_FLAGS, runtimeEnv } from '../../tools/build/build-server.mjs';
import type { BenchedController, FromController, ToController } from './controller-messages';
import { benchLog } from './throwaway-cluster';

/** How the controller process runs: compiled as `npm start` runs the server, or from the sources through tsx. */
export type Runner = 'build' | 'tsx';

export function parseRunner(value: string): Runner {
  if (value !== 'build' && value !== 'tsx') throw new Error('--runner must be build or tsx');
  return value;
}

/** Starts `controller` against `kubeconfig` and resolves once its caches are synced. */
export async function spawnController(
  kubeconfig: string,
  controller: BenchedController,
  runner: Runner,
  nodeFlags: string[],
): Promise<ChildProcess> {
  const source = 'scripts/bench/controller-process.ts';
  const args =
    runner === 'tsx'
      ? [...nodeFlags, '--import', 'tsx', source, kubeconfig, controller]
      : [
          ...RUNTIME_FLAGS,
          ...nodeFlags,
          join(
            await ensureServerBuild(process.cwd(), benchLog, {
              dir: '.build/bench',
              entryPoints: { 'bench-controller': source },
            }),
            'bench-controller.mjs',
          ),
          kubeconfig,
          controller,
        ];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: runner === 'build' ? runtimeEnv(process.env) : process.env,
  });
  await nextMessage(child, 'started');
  return child;
}

/** The child's next message of kind `key`, after sending `request` if given. */
export function nextMessage<K extends 'started' | 'progress' | 'report'>(
  child: ChildProcess,
  key: K,
  request?: ToController,
): Promise<Extract<FromController, Record<K, unknown>>[K]> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromController) => {
      if (!(key in message)) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve((message as Extract<FromController, Record<K, unknown>>)[key]);
    };
    const onExit = (code: number | null) => {
      reject(new Error(`controller process exited with ${String(code)}`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    if (request) child.send(request);
  });
}
