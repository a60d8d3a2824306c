import {
  expandSettings,
  isIpxeScript,
  parseIpxeScript,
  resolveUri,
  splitOptions,
  type IpxeCommand,
  type IpxeLine,
} from './ipxe-script';

/**
 * Runs iPXE scripts the way a PXE-booting server's iPXE would, against the network the caller
 * provides: it fetches what `chain`, `kernel` and `initrd` name (relative URIs resolved against the
 * script's own URI), sleeps when told, and ends in what the firmware does next.
 */

export interface IpxeFetched {
  status: number;
  /** Body as text when asked for (`as: 'text'`); images are only counted. */
  text?: string;
  bytes: number;
}

export interface IpxeNetwork {
  fetch(url: string, as: 'text' | 'discard'): Promise<IpxeFetched>;
  /** Waits; rejects when the machine is switched off meanwhile. */
  sleep(ms: number): Promise<void>;
  echo?(text: string): void;
}

export interface LoadedKernel {
  url: string;
  /** The kernel command line, as given after the URI (settings already expanded). */
  cmdline: string;
}

export type IpxeOutcome =
  /** A kernel (with its initrds) was fetched and started. */
  | { kind: 'boot'; kernel: LoadedKernel; initrds: string[] }
  /** iPXE gave up control: `exit`, `sanboot` of the local disk, or the script ended. */
  | { kind: 'local' }
  | { kind: 'reboot' }
  | { kind: 'poweroff' }
  /** A command failed and nothing handled it; iPXE would print the message and exit. */
  | { kind: 'failed'; message: string };

interface Frame {
  uri: string;
  lines: IpxeLine[];
  next: number;
}

/** Nested (non-tail) `chain`s deeper than this fail, like iPXE running out of image slots. */
const MAX_DEPTH = 16;
/** Commands run per boot before the lab calls it a runaway script (a `goto` loop without a sleep). */
const MAX_STEPS = 2_000;
const IDLE_COMMANDS = new Set(['dhcp', 'ifopen', 'ifconf', 'ifclose', 'ifstat', 'imgstat', 'ntp', 'console']);

class CommandFailed extends Error {}

type Step = { outcome: IpxeOutcome } | { ok: boolean } | { jumped: true };

export class IpxeInterpreter {
  private readonly settings: Map<string, string>;
  private readonly stack: Frame[] = [];
  private kernel: LoadedKernel | undefined;
  private initrds: string[] = [];
  private steps = 0;
  private lastError: string | undefined;

  constructor(
    private readonly network: IpxeNetwork,
    settings: ReadonlyMap<string, string>,
  ) {
    this.settings = new Map(settings);
  }

  /** Boots from `uri` (the DHCP boot file name) and returns what the machine does next. */
  async run(uri: string): Promise<IpxeOutcome> {
    try {
      const outcome = await this.chain(uri, [], true);
      return outcome ?? (await this.loop());
    } catch (error) {
      if (error instanceof CommandFailed) return { kind: 'failed', message: error.message };
      throw error;
    }
  }

  private async loop(): Promise<IpxeOutcome> {
    for (;;) {
      const frame = this.stack.at(-1);
      if (!frame) return { kind: 'local' };
      const line = frame.lines[frame.next];
      if (!line) {
        this.stack.pop();
        continue;
      }
      frame.next += 1;
      let ok = true;
      for (const [index, command] of line.commands.entries()) {
        if ((command.join === 'and' && !ok) || (command.join === 'or' && ok)) continue;
        const tail = frame.next >= frame.lines.length && index === line.commands.length - 1;
        const step = await this.execute(command, frame, tail);
        if ('outcome' in step) return step.outcome;
        if ('jumped' in step) {
          // The rest of the line is not reached: execution continues elsewhere.
          ok = true;
          break;
        }
        ok = step.ok;
      }
      if (!ok) {
        throw new CommandFailed(`${frame.uri} line ${line.number}: ${this.lastError ?? 'command failed'}`);
      }
    }
  }

  /** Fetches a script or image and runs it; a tail `chain` replaces its frame instead of nesting. */
  private async chain(uri: string, args: string[], replace: boolean): Promise<IpxeOutcome | undefined> {
    const base = this.stack.at(-1)?.uri;
    const url = resolveUri(uri, base);
    const fetched = await this.fetch(url, 'text');
    if (fetched.status < 200 || fetched.status > 299) {
      throw new CommandFailed(`could not fetch ${url}: HTTP ${fetched.status}`);
    }
    const text = fetched.text ?? '';
    if (!isIpxeScript(text)) {
      // Not a script: iPXE chains a bootable image directly.
      return { kind: 'boot', kernel: { url, cmdline: args.join(' ') }, initrds: [...this.initrds] };
    }
    let lines: IpxeLine[];
    try {
      lines = parseIpxeScript(text);
    } catch (error) {
      throw new CommandFailed(`${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (replace) this.stack.pop();
    if (this.stack.length >= MAX_DEPTH) throw new CommandFailed(`${url}: scripts nested too deeply`);
    this.stack.push({ uri: url, lines, next: 0 });
    return undefined;
  }

  private async fetchImage(uri: string, frame: Frame): Promise<string | undefined> {
    const url = resolveUri(uri, frame.uri);
    const fetched = await this.fetch(url, 'discard');
    if (fetched.status >= 200 && fetched.status <= 299) return url;
    this.lastError = `could not fetch ${url}: HTTP ${fetched.status}`;
    return undefined;
  }

  /** A network error is a failed command; an abort (the machine lost power) ends the run. */
  private async fetch(url: string, as: 'text' | 'discard'): Promise<IpxeFetched> {
    try {
      return await this.network.fetch(url, as);
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') throw error;
      throw new CommandFailed(
        `could not fetch ${url}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private async execute(command: IpxeCommand, frame: Frame, tail: boolean): Promise<Step> {
    if (++this.steps > MAX_STEPS) throw new CommandFailed(`more than ${MAX_STEPS} commands in one boot`);
    const [name = '', ...rest] = command.words.map((word) => expandSettings(word, this.settings));
    switch (name) {
      case 'chain':
      case 'imgexec': {
        const { options, args } = splitOptions(rest, ['name', 'n', 'timeout', 't']);
        const [uri, ...cmdline] = args;
        if (!uri) return { ok: false };
        try {
          const outcome = await this.chain(uri, cmdline, tail || options.has('replace') || options.has('r'));
          return outcome ? { outcome } : { jumped: true };
        } catch (error) {
          if (!(error instanceof CommandFailed)) throw error;
          this.lastError = error.message;
          return { ok: false };
        }
      }
      case 'kernel':
      case 'imgselect':
      case 'imgload': {
        const { args } = splitOptions(rest, ['name', 'n', 'timeout', 't']);
        const [uri, ...cmdline] = args;
        const url = uri ? await this.fetchImage(uri, frame) : undefined;
        if (!url) return { ok: false };
        this.kernel = { url, cmdline: cmdline.join(' ') };
        return { ok: true };
      }
      case 'initrd':
      case 'imgfetch':
      case 'module': {
        const { args } = splitOptions(rest, ['name', 'n', 'timeout', 't']);
        const url = args[0] ? await this.fetchImage(args[0], frame) : undefined;
        if (!url) return { ok: false };
        this.initrds.push(url);
        return { ok: true };
      }
      case 'imgfree':
        this.kernel = undefined;
        this.initrds = [];
        return { ok: true };
      case 'boot':
      case 'imgboot':
        return this.kernel
          ? { outcome: { kind: 'boot', kernel: this.kernel, initrds: [...this.initrds] } }
          : { ok: false };
      case 'sleep': {
        const seconds = Number(rest[0]);
        if (!Number.isFinite(seconds) || seconds < 0) return { ok: false };
        await this.network.sleep(seconds * 1000);
        return { ok: true };
      }
      case 'prompt': {
        // Nobody is at the console: the prompt times out (a failure), or waits forever without one.
        const { options } = splitOptions(rest, ['timeout', 't', 'key', 'k']);
        const timeout = Number(options.get('timeout') ?? options.get('t'));
        if (!Number.isFinite(timeout)) throw new CommandFailed('prompt without --timeout waits for a key');
        await this.network.sleep(timeout);
        return { ok: false };
      }
      case 'reboot':
        return { outcome: { kind: 'reboot' } };
      case 'poweroff':
        return { outcome: { kind: 'poweroff' } };
      case 'exit':
        return { outcome: { kind: 'local' } };
      case 'sanboot': {
        const { args } = splitOptions(rest, ['drive', 'd', 'filename', 'f', 'label', 'l', 'uuid', 'u']);
        // A SAN URI would boot from the network's storage, which the lab does not have.
        return args.length === 0 ? { outcome: { kind: 'local' } } : { ok: false };
      }
      case 'echo': {
        this.network.echo?.(splitOptions(rest).args.join(' '));
        return { ok: true };
      }
      case 'set': {
        const [key, ...value] = rest;
        if (!key) return { ok: false };
        this.settings.set(key, value.join(' '));
        return { ok: true };
      }
      case 'clear':
        if (rest[0]) this.settings.delete(rest[0]);
        return { ok: true };
      case 'isset':
        return { ok: rest.some((word) => word !== '') };
      case 'iseq':
        return { ok: (rest[0] ?? '') === (rest[1] ?? '') };
      case 'goto': {
        const target = frame.lines.findIndex((line) => line.label === rest[0]);
        if (target < 0) return { ok: false };
        frame.next = target + 1;
        return { jumped: true };
      }
      default:
        if (IDLE_COMMANDS.has(name)) return { ok: true };
        throw new CommandFailed(`${name}: command not found`);
    }
  }
}
