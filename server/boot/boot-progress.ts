import { EventEmitter } from 'node:events';
import type { ProvisionStep, StepDetail, StepView } from '../schemas/boot-progress';
import type { HardwareRecord, HardwareStore } from './hardware-store';
import type { ProgressDb, StoredStep } from './progress-db';

/**
 * A step repeated within this is kept in memory only (the latest replaces the one before) and stored
 * once the window has passed or another step comes: a download reported every second costs one row
 * per this, and a client repeating any step cannot write faster.
 */
export const COALESCE_MS = 5_000;
/** MACs whose latest step is held; beyond this the least recently reported are forgotten. */
export const MAX_TRACKED = 25_000;

/** Where a MAC's writes stand in the coalescing window. */
export interface Coalescing {
  /** The step last written and when (this process's clock). */
  storedStep: ProvisionStep | undefined;
  storedAt: number;
  /** A repeat inside the window, to be written when the window passes or another step comes. */
  pending: StepView | undefined;
}

interface Tracked extends Coalescing {
  /** The latest step, stored or not: what the lists show. */
  current: StepView;
  /**
   * The MAC's writes so far, in the order reported: a kernel and an initrd served back to back report
   * at once, and each write waits for the one before so the history keeps their order.
   */
  written: Promise<void>;
}

/**
 * What a report at `at` writes: nothing (`'hold'`: a repeat of the step last written, inside the
 * window), or the report — after the repeat held back, when that was of another step (a newer repeat
 * of the same step replaces it).
 */
export function coalesce(state: Coalescing, view: StepView, at: number): StepView[] | 'hold' {
  if (state.storedStep === view.step && at - state.storedAt < COALESCE_MS) return 'hold';
  return state.pending && state.pending.step !== view.step ? [state.pending, view] : [view];
}

/** The one MAC bound to `ip` whose install or wipe is under way; undefined for none or several. */
export function installingAt(records: Iterable<HardwareRecord>, ip: string): string | undefined {
  let mac: string | undefined;
  for (const record of records) {
    if (record.ip !== ip || (record.state !== 'provisioning' && record.state !== 'wiping')) continue;
    if (mac !== undefined) return undefined;
    mac = record.mac;
  }
  return mac;
}

/**
 * Each MAC's latest provisioning step, in memory for the lists, and the write path of reported steps
 * to the history (coalesced, see `COALESCE_MS`). Emits 'step' (mac) when a MAC's latest step changed,
 * and 'mac' (mac) when its stored history did, here or — read back from the database — on another
 * replica.
 */
export class ProgressTracker extends EventEmitter {
  private readonly tracked = new Map<string, Tracked>();

  constructor(
    private readonly db: ProgressDb,
    private readonly store: HardwareStore,
    private readonly log: (line: string) => void,
    private readonly now: () => number = Date.now,
  ) {
    super();
    this.setMaxListeners(0);
  }

  /** The MAC's latest step, stored or not. */
  current(mac: string): StepView | undefined {
    return this.tracked.get(mac)?.current;
  }

  /** A repeat not written yet (newer than the MAC's stored events). */
  unstored(mac: string): StepView | undefined {
    return this.tracked.get(mac)?.pending;
  }

  private entry(mac: string, view: StepView): Tracked {
    let entry = this.tracked.get(mac);
    if (entry) this.tracked.delete(mac);
    else
      entry = {
        current: view,
        storedStep: undefined,
        storedAt: 0,
        pending: undefined,
        written: Promise.resolve(),
      };
    // Map order is least recently reported first, which is the order they are forgotten in.
    this.tracked.set(mac, entry);
    if (this.tracked.size > MAX_TRACKED) {
      const oldest = this.tracked.keys().next().value;
      if (oldest !== undefined) this.tracked.delete(oldest);
    }
    return entry;
  }

  /** A step of the MAC (its token already checked): stored now, or held as a coalesced repeat. */
  async report(mac: string, step: ProvisionStep, detail: StepDetail): Promise<void> {
    const at = this.now();
    const view: StepView = { step, at: new Date(at).toISOString(), detail };
    const entry = this.entry(mac, view);
    entry.current = view;
    const writes = coalesce(entry, view, at);
    if (writes === 'hold') {
      entry.pending = view;
      this.emit('step', mac);
      return;
    }
    // Taken before the writes, so concurrent reports of the same step coalesce behind this one.
    entry.storedStep = step;
    entry.storedAt = at;
    entry.pending = undefined;
    await this.inOrder(entry, async () => {
      for (const write of writes) await this.db.recordStep(mac, write.step, write.detail);
    });
    this.emit('step', mac);
    this.emit('mac', mac);
  }

  /** Runs `write` after the entry's earlier writes; a failed one does not hold back the next. */
  private inOrder(entry: Tracked, write: () => Promise<void>): Promise<void> {
    const done = entry.written.then(write);
    entry.written = done.catch(() => undefined);
    return done;
  }

  /** Writes the MAC's held repeat, if any: before a callback ends its run, so the last bytes stay. */
  async flush(mac: string): Promise<void> {
    const entry = this.tracked.get(mac);
    const pending = entry?.pending;
    if (!entry || !pending) return;
    entry.pending = undefined;
    await this.inOrder(entry, () => this.db.recordStep(mac, pending.step, pending.detail));
  }

  /**
   * The asset route served a kernel or initrd to `ip`: recorded for the MAC bound to that address
   * whose install or wipe is under way (none, or more than one sharing the address: nothing is
   * recorded). Never throws; call it once per GET served in full or from its first byte.
   */
  async assetFetched(ip: string, kind: 'kernel' | 'initrd'): Promise<void> {
    const mac = installingAt(this.store.all(), ip);
    if (mac === undefined) return;
    try {
      await this.report(mac, kind === 'kernel' ? 'kernel-fetched' : 'initrd-fetched', {});
    } catch (error) {
      this.log(
        `boot: cannot record ${kind} fetched by ${mac}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /**
   * Steps read back from the history (at start, and what any replica wrote since): a MAC's latest
   * step moves on unless this process holds a newer one; every MAC with new events is announced.
   */
  apply(rows: StoredStep[], macsWithEvents: Iterable<string> = []): void {
    const stepped = new Set<string>();
    for (const row of rows) {
      const known = this.tracked.get(row.mac);
      if (known && known.current.at > row.view.at) continue;
      const entry = this.entry(row.mac, row.view);
      entry.current = row.view;
      stepped.add(row.mac);
    }
    for (const mac of stepped) this.emit('step', mac);
    for (const mac of new Set(macsWithEvents)) this.emit('mac', mac);
  }
}
