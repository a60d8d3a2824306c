/**
 * Test helpers for booting the installer environment (tools/boot-env) in QEMU: a plain static file
 * server for images, and the kernel command line built from the script the boot service served.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';

export interface StaticServer {
  port: number;
  close(): Promise<void>;
}

/** Serves the files of `dir` by name (GET and HEAD, with Content-Length); anything else is a 404. */
export async function serveStatic(dir: string, files: string[]): Promise<StaticServer> {
  const server: Server = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.slice(1));
    if (!files.includes(name) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404).end();
      return;
    }
    const path = join(dir, name);
    void stat(path).then(
      (info) => {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': info.size });
        if (req.method === 'HEAD') {
          res.end();
          return;
        }
        // busybox's `wget --spider` sends a GET and hangs up after the headers.
        createReadStream(path)
          .on('error', () => res.destroy())
          .pipe(res);
      },
      () => res.writeHead(404).end(),
    );
  });
  return listenOnLoopback(server);
}

/**
 * Serves one file that never finishes: the headers name its whole length, the first `bytes` bytes are
 * sent, then the connection is held open (a download cut off mid-way, as when the machine loses power).
 */
export async function serveStalled(path: string, name: string, bytes: number): Promise<StaticServer> {
  const { size } = await stat(path);
  const server: Server = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== `/${name}`) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
    createReadStream(path, { start: 0, end: bytes - 1 })
      .on('error', () => res.destroy())
      .pipe(res, { end: false });
  });
  return listenOnLoopback(server);
}

async function listenOnLoopback(server: Server): Promise<StaticServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The `key=value` words of the `kernel` line of an iPXE script, after the kernel's URL. */
export function kernelArgumentsOf(script: string): string[] {
  const line = /^kernel \S+ (.*)$/m.exec(script)?.[1];
  if (!line) throw new Error(`no kernel line in:\n${script}`);
  return line.split(/\s+/).filter(Boolean);
}

/**
 * The installer's command line from a served install or wipe script: its arguments, with the
 * installer arguments of the boot contract (`extra`, and the progress URL beside the done URL) added
 * where the script does not have them yet, and a serial console for the test's log.
 */
export function installerCommandLine(script: string, extra: Record<string, string>): string {
  const args = kernelArgumentsOf(script);
  const keyOf = (word: string) => word.split('=')[0] ?? word;
  const present = new Set(args.map(keyOf));
  const done = args.find((word) => word.startsWith('rackpilot.done='))?.slice('rackpilot.done='.length);
  if (!done) throw new Error(`no rackpilot.done in:\n${script}`);
  const wanted: Record<string, string> = {
    'rackpilot.progress': done.replace('/boot/done?', '/boot/progress?'),
    ...extra,
  };
  // An argument the test names wins over the script's (the wipe mode, while scripts say wipe=1).
  const kept = args.filter((word) => !(keyOf(word) in extra));
  const added = Object.entries(wanted)
    .filter(([key]) => key in extra || !present.has(key))
    .map(([key, value]) => `${key}=${value}`);
  return ['console=ttyS0', ...kept, ...added].join(' ');
}
