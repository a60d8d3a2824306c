/**
 * The asset server: a child program (tools/controlplane/boot-asset-server/main.go) that sends the boot
 * route's files by sendfile(2), which Node cannot (docs/decisions.md, "Boot assets over sendfile"). The
 * route checks the profile and the file, then redirects to a link signed here: the file's path, size and
 * mtime as checked, its ETag, and what a complete download reports. The key is shared by the replicas
 * (asset-link-key.ts), so a link one replica signs is served by whichever the host reaches next.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { SetupError } from '../setup-error';
import type { BootProfileFile } from '../schemas/boot-profile';
import { assetOrigin, assetServerEvent, signedAssetLink, type AssetTicket } from './asset-link';

export const DEFAULT_ASSET_PORT = 3001;
/** A download that moves no byte for this long is cut: every boot route answers within bounded time. */
export const ASSET_IDLE_MS = 30_000;
/** As RACKPILOT_MAX_CONNECTIONS bounds the server's own by default: a peer cannot hold more sockets than this. */
export const ASSET_MAX_CONNECTIONS = 4096;

export interface AssetServerSettings {
  /** The boot-asset-server binary (RACKPILOT_BOOT_ASSET_SERVER); `npm start` and the tests build it. */
  binary: string | undefined;
  /** Its port (RACKPILOT_BOOT_ASSET_PORT); 0 is any free one. */
  port: number;
  /** Where hosts reach it (RACKPILOT_BOOT_ASSET_URL); unset, http:// at the boot URL's host, its port. */
  url: string | undefined;
}

export interface AssetServerOptions extends AssetServerSettings {
  /** The address it binds (HOST). */
  host: string;
  /** The idle bound; tests shorten it. */
  idleMs?: number;
  /** Connections served at once (more wait unaccepted); tests lower it. */
  maxConnections?: number;
}

export interface AssetServerEvents {
  /** A GET answered in full or in part (200, 206) and every byte of it sent. */
  fetched: (profile: string, role: BootProfileFile['role'], address: string) => void;
  /** A link's file is gone or changed since the route checked it. */
  changed: (profile: string) => void;
}

export class AssetServer {
  private child: ChildProcessWithoutNullStreams | undefined;
  private port: number | undefined;
  private starting: Promise<void> | undefined;
  private key: Buffer | undefined;
  private stopped = false;

  constructor(
    private readonly options: AssetServerOptions,
    /** The asset store: the program opens nothing outside it. */
    private readonly root: string,
    /** The boot service's origin: the links' host unless `url` names another. */
    private readonly bootUrl: string,
    /** The replicas' signing key, read (or created) on first need: the database may be down at start. */
    private readonly readKey: () => Promise<Buffer>,
    private readonly events: AssetServerEvents,
    private readonly log: (line: string) => void,
  ) {}

  /** The running program's process id (the benchmark counts its CPU and memory with the server's). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Refuses a missing binary at once; starts the program unless the key cannot be read yet. */
  async start(): Promise<void> {
    const binary = this.options.binary;
    if (!binary)
      throw new SetupError(
        'RACKPILOT_BOOT_ASSET_SERVER is not set: the boot service sends its assets through the boot-asset-server program (npm start and the tests build it; the image has it at /app/bin/boot-asset-server)',
      );
    await access(binary, constants.X_OK).catch(() => {
      throw new SetupError(`RACKPILOT_BOOT_ASSET_SERVER=${binary} is not an executable file`);
    });
    await this.ensure().catch((error: unknown) => {
      this.log(
        `boot: the asset server is not running yet (${messageOf(error)}); it starts on the next download`,
      );
    });
  }

  /** A signed link to the file, on the asset server (started first if it is not running). */
  async link(ticket: AssetTicket, now = Date.now()): Promise<string> {
    await this.ensure();
    const key = this.key;
    if (!key) throw new Error('the signing key is not read yet');
    return signedAssetLink(assetOrigin(this.bootUrl, this.port, this.options.url), key, ticket, now);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.starting?.catch(() => undefined);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Its stdin closing stops it once the downloads under way are over (each bounded by the idle time),
    // as the HTTP server drains the requests it accepted: a rolling update cuts no image download.
    child.stdin.end();
    await exited;
  }

  private ensure(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('the boot service is stopping'));
    if (this.child && this.port !== undefined) return Promise.resolve();
    this.starting ??= this.spawn().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private async spawn(): Promise<void> {
    this.key ??= await this.readKey();
    const idleMs = this.options.idleMs ?? ASSET_IDLE_MS;
    const listen = `${this.options.host.includes(':') ? `[${this.options.host}]` : this.options.host}:${this.options.port}`;
    const child = spawn(
      this.options.binary ?? '',
      [
        '-listen',
        listen,
        '-root',
        this.root,
        '-idle',
        `${idleMs}ms`,
        '-max-connections',
        String(this.options.maxConnections ?? ASSET_MAX_CONNECTIONS),
      ],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    const listening = new Promise<number>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        const event = assetServerEvent(line);
        if (!event) this.log(`boot: the asset server said something unknown: ${line.slice(0, 200)}`);
        else if (event.event === 'listening') resolve(event.port);
        else if (event.event === 'fetched') this.events.fetched(event.profile, event.role, event.address);
        else this.events.changed(event.profile);
      });
      child.once('error', reject);
      child.once('exit', (code, signal) => {
        const why = stderr.trim().split('\n').at(-1) ?? '';
        reject(new Error(`it exited (${signal ?? `code ${code}`})${why ? `: ${why}` : ''}`));
        if (this.child !== child) return;
        this.child = undefined;
        this.port = undefined;
        if (!this.stopped)
          this.log(
            `boot: the asset server exited (${signal ?? `code ${code}`}${why ? `: ${why}` : ''}); it starts again on the next download`,
          );
      });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.write(`${this.key.toString('hex')}\n`);
    this.child = child;
    this.port = await listening;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
