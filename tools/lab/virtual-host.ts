import { configUrls, findCallbacks, type InstallerCallbacks } from './installer-callbacks';
import { IpxeInterpreter, type IpxeOutcome } from './ipxe-interpreter';
import type { LabHttp } from './lab-http';

/**
 * One simulated server of the hardware lab. It has a BMC (power on, off, reset) and firmware that
 * PXE-boots first: iPXE fetches the boot file and runs whatever the boot service answers. A kernel
 * that is booted is the installer (or the wipe): it reads its callback URLs, works for a while, and
 * reports done or failed; then the machine reboots and asks the boot service again. Booting from the
 * local disk (what the service answers once a machine is installed) ends the PXE traffic until the
 * BMC resets the machine.
 */

export type VirtualHostPhase =
  /** Switched off (or vanished). */
  | 'off'
  /** Firmware self-test before the network boot. */
  | 'post'
  /** iPXE is fetching and running scripts (the reboot loop of an unassigned MAC lives here). */
  | 'pxe'
  /** A kernel from the boot service is running: an install or a wipe. */
  | 'installing'
  /** Booted from its local disk; no more PXE requests until a reset. */
  | 'running'
  /** iPXE gave up (a fetch failed or a script broke); the firmware tries again after a pause. */
  | 'boot-failed';

export interface VirtualHostIdentity {
  name: string;
  mac: string;
  uuid: string;
  serial: string;
  manufacturer: string;
  product: string;
  /** The simulated BMC's address, e.g. `redfish+http://10.40.0.12/redfish/v1/Systems/1`. */
  bmcAddress: string;
  /**
   * The PXE NIC's address (iPXE's ${net0/ip}). On the lab's loopback "site" it is a 127.x.y.z address
   * the machine's requests come from, so the boot service sees one client per machine.
   */
  ip: string;
}

export interface VirtualHostTiming {
  /** Firmware self-test before each network boot. */
  postMs: number;
  /** How long an install or wipe runs before it reports. */
  installMs: number;
  /** Pause before the firmware retries a network boot that failed. */
  retryMs: number;
  /** Each delay is varied by ± this fraction, so a fleet does not move in lockstep. */
  jitter: number;
}

export type VirtualHostEvent =
  | { kind: 'boot'; host: string; outcome: IpxeOutcome['kind'] }
  | { kind: 'reported'; host: string; result: 'done' | 'failed'; status: number; error?: string }
  | { kind: 'no-callback'; host: string; kernel: string };

export interface VirtualHostContext {
  http: LabHttp;
  /** The DHCP boot file name iPXE is pointed at: `http://…/boot.ipxe`. */
  bootUrl: string;
  timing: VirtualHostTiming;
  /** Only these origins are downloaded from; kernels elsewhere (a distribution mirror) are not. */
  fetchOrigins: ReadonlySet<string>;
  /** A fraction of installs that fail by themselves (injectable failure rate). */
  installFailureRate: number;
  random: () => number;
  onEvent?: (event: VirtualHostEvent) => void;
}

class PowerLost extends Error {
  override name = 'AbortError';
}

export class VirtualHost {
  phase: VirtualHostPhase = 'off';
  /** Network boots started since the lab began. */
  boots = 0;
  /** Reports accepted by the boot service. */
  installsDone = 0;
  installsFailed = 0;
  lastError: string | undefined;
  /** The URL of the kernel last booted (install or wipe), for tests and the lab's log. */
  lastKernel: string | undefined;
  private power: AbortController | undefined;
  private run: Promise<void> | undefined;
  private failures: { reason: string; left: number } | undefined;

  constructor(
    readonly identity: VirtualHostIdentity,
    private readonly context: VirtualHostContext,
  ) {}

  get poweredOn(): boolean {
    return this.power !== undefined;
  }

  /** BMC: power on; the firmware starts a network boot. No effect when already on. */
  powerOn(): void {
    if (this.power) return;
    const power = new AbortController();
    this.power = power;
    this.run = this.bootCycle(power.signal).catch(() => undefined);
  }

  /** BMC: hard power off. Whatever the machine was doing stops mid-way, reports included. */
  async powerOff(): Promise<void> {
    const power = this.power;
    if (!power) return;
    this.power = undefined;
    power.abort(new PowerLost('powered off'));
    await this.run;
    this.phase = 'off';
  }

  /** BMC: power cycle; a machine running from disk PXE-boots again. */
  async reset(): Promise<void> {
    await this.powerOff();
    this.powerOn();
  }

  /** Failure injection: the machine disappears (unplugged, dead PSU) without telling anyone. */
  vanish(): Promise<void> {
    return this.powerOff();
  }

  /** Failure injection: the next `count` installs report failure with this reason instead of done. */
  failNextInstalls(reason: string, count = 1): void {
    this.failures = count > 0 ? { reason, left: count } : undefined;
  }

  private sleep(ms: number, signal: AbortSignal): Promise<void> {
    const { jitter } = this.context.timing;
    const delay = Math.max(0, ms * (1 + jitter * (2 * this.context.random() - 1)));
    return new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(signal.reason as Error);
        return;
      }
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, delay);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  private settings(): Map<string, string> {
    const { mac, uuid, serial, manufacturer, product, ip } = this.identity;
    return new Map([
      ['net0/mac', mac],
      ['mac', mac],
      ['net0/ip', ip],
      ['ip', ip],
      ['uuid', uuid],
      ['serial', serial],
      ['manufacturer', manufacturer],
      ['product', product],
      ['buildarch', 'x86_64'],
      ['platform', 'efi'],
      ['filename', this.context.bootUrl],
    ]);
  }

  private async bootCycle(signal: AbortSignal): Promise<void> {
    for (;;) {
      let next: 'again' | 'stop';
      try {
        next = await this.bootOnce(signal);
      } catch (error) {
        // Anything but losing power is a broken boot; the firmware tries again, like a real one.
        if (signal.aborted) throw error;
        this.lastError = error instanceof Error ? error.message : String(error);
        this.phase = 'boot-failed';
        await this.sleep(this.context.timing.retryMs, signal);
        next = 'again';
      }
      if (next === 'stop') return;
    }
  }

  /** One power-on-self-test plus network boot; 'stop' when the machine ends up running or off. */
  private async bootOnce(signal: AbortSignal): Promise<'again' | 'stop'> {
    this.phase = 'post';
    await this.sleep(this.context.timing.postMs, signal);
    this.phase = 'pxe';
    this.boots += 1;
    const interpreter = new IpxeInterpreter(
      {
        fetch: async (url, as) => {
          if (as === 'discard' && !this.context.fetchOrigins.has(new URL(url).origin)) {
            return { status: 200, bytes: 0 };
          }
          return this.context.http.request(url, { as, signal, localAddress: this.identity.ip });
        },
        sleep: (ms) => this.sleep(ms, signal),
      },
      this.settings(),
    );
    const outcome = await interpreter.run(this.context.bootUrl);
    this.context.onEvent?.({ kind: 'boot', host: this.identity.name, outcome: outcome.kind });
    switch (outcome.kind) {
      case 'boot':
        this.lastKernel = outcome.kernel.url;
        if (await this.install(outcome.kernel.cmdline, outcome.kernel.url, signal)) return 'again';
        this.phase = 'running';
        return 'stop';
      case 'local':
        this.phase = 'running';
        return 'stop';
      case 'poweroff':
        this.power = undefined;
        this.phase = 'off';
        return 'stop';
      case 'failed':
        this.lastError = outcome.message;
        this.phase = 'boot-failed';
        await this.sleep(this.context.timing.retryMs, signal);
        return 'again';
      case 'reboot':
        return 'again';
    }
  }

  private async callbacks(cmdline: string, signal: AbortSignal): Promise<InstallerCallbacks | undefined> {
    const direct = findCallbacks(cmdline);
    if (direct) return direct;
    for (const url of configUrls(cmdline)) {
      try {
        const config = await this.context.http.request(url, { signal, localAddress: this.identity.ip });
        const found = config.status === 200 ? findCallbacks(config.text ?? '') : undefined;
        if (found) return found;
      } catch (error) {
        if (signal.aborted) throw error;
        this.lastError = `installer config ${url}: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    return undefined;
  }

  /**
   * Reports a step over the progress callback, labelled `simulated=lab` so the console's timeline says
   * no installer ran. Best effort: a refused or failed report changes nothing of the simulated install.
   */
  private async reportStep(url: string, step: string, signal: AbortSignal): Promise<void> {
    try {
      await this.context.http.request(`${url}&step=${step}`, {
        method: 'POST',
        signal,
        localAddress: this.identity.ip,
        body: 'simulated=lab',
      });
    } catch (error) {
      if (signal.aborted) throw error;
    }
  }

  /**
   * Runs a booted kernel as an installer. Returns true when the machine reboots afterwards (it
   * reported), false when the kernel named no callback and simply keeps running.
   */
  private async install(cmdline: string, kernel: string, signal: AbortSignal): Promise<boolean> {
    this.phase = 'installing';
    const callbacks = await this.callbacks(cmdline, signal);
    if (!callbacks) {
      this.context.onEvent?.({ kind: 'no-callback', host: this.identity.name, kernel });
      return false;
    }
    await this.reportStep(callbacks.progress, 'installer-started', signal);
    await this.sleep(this.context.timing.installMs, signal);
    let reason = this.failures?.reason;
    if (this.failures && --this.failures.left === 0) this.failures = undefined;
    if (!reason && this.context.random() < this.context.installFailureRate) {
      reason = 'simulated: curtin failed to partition /dev/sda (I/O error)';
    }
    const result = reason ? 'failed' : 'done';
    try {
      const response = await this.context.http.request(reason ? callbacks.failed : callbacks.done, {
        method: 'POST',
        signal,
        localAddress: this.identity.ip,
        body: reason ?? '',
      });
      const accepted = response.status >= 200 && response.status <= 299;
      if (accepted && reason) this.installsFailed += 1;
      else if (accepted) this.installsDone += 1;
      else this.lastError = `${result} callback answered HTTP ${response.status}`;
      this.context.onEvent?.({ kind: 'reported', host: this.identity.name, result, status: response.status });
    } catch (error) {
      if (signal.aborted) throw error;
      this.lastError = `${result} callback failed: ${error instanceof Error ? error.message : String(error)}`;
      this.context.onEvent?.({
        kind: 'reported',
        host: this.identity.name,
        result,
        status: 0,
        error: this.lastError,
      });
    }
    return true;
  }
}
