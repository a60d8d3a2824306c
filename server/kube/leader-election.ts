import type { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson, KubeRequestError } from './kube-request';
import { microTime } from './micro-time';

export interface LeaseTimings {
  /** How long a lease is honoured after its last renewal, as observed by each candidate. */
  leaseDurationMs: number;
  /** A leader that has not renewed for this long stops leading (shorter than the lease duration). */
  renewDeadlineMs: number;
  retryPeriodMs: number;
}

export interface LeaderElectionOptions extends LeaseTimings {
  namespace: string;
  name: string;
  identity: string;
}

/** client-go's defaults. */
export const defaultLeaseTimings: LeaseTimings = {
  leaseDurationMs: 15_000,
  renewDeadlineMs: 10_000,
  retryPeriodMs: 2_000,
};

export interface LeaderCallbacks {
  onStartedLeading(): void;
  onStoppedLeading(): void;
}

interface Lease {
  apiVersion: 'coordination.k8s.io/v1';
  kind: 'Lease';
  metadata: { name: string; namespace: string; resourceVersion?: string };
  spec: {
    holderIdentity?: string | null;
    leaseDurationSeconds?: number;
    acquireTime?: string;
    renewTime?: string;
    leaseTransitions?: number;
  };
}

function statusOf(error: unknown): number | undefined {
  return error instanceof KubeRequestError ? error.status : undefined;
}

/**
 * Leader election on a coordination.k8s.io Lease, after client-go's LeaseLock: every replica tries
 * every retry period; a lease is taken over only once it has not changed for a full lease duration as
 * observed by THIS replica's clock (so clock skew between replicas does not matter). A leader stops
 * leading the moment its renew deadline passes, even while a renewal is still waiting for an answer:
 * every lease call has a timeout shorter than the deadline, and a timer, not the call's return,
 * decides. Since the deadline is shorter than the lease duration, the old leader has stopped before
 * any other replica may take over.
 */
export class LeaderElector {
  private timer: NodeJS.Timeout | undefined;
  private deadline: NodeJS.Timeout | undefined;
  private leading = false;
  private running = false;
  private observedVersion: string | undefined;
  private observedAt = 0;
  private inflight: Promise<void> = Promise.resolve();
  private readonly path: string;
  private readonly callTimeoutMs: number;

  constructor(
    private readonly kc: KubeConfig,
    private readonly options: LeaderElectionOptions,
    private readonly callbacks: LeaderCallbacks,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    const { namespace, name, renewDeadlineMs, retryPeriodMs } = options;
    this.path = `/apis/coordination.k8s.io/v1/namespaces/${namespace}/leases/${name}`;
    // A try makes at most two calls (read, then write), and both must fit within the deadline.
    this.callTimeoutMs = Math.max(retryPeriodMs, Math.floor(renewDeadlineMs / 2));
  }

  get isLeader(): boolean {
    return this.leading;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.inflight = this.tick();
  }

  /**
   * Stops trying; a leader gives the lease up so another replica need not wait for expiry, but only
   * once `beforeRelease` (the controllers stopping) has finished: until then the lease keeps the next
   * holder from writing beside work that is still in flight here.
   */
  async stop(beforeRelease?: () => Promise<void>): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    // A tick already talking to the API server must not make us leader again after we stopped.
    await this.inflight;
    this.setLeading(false);
    await beforeRelease?.();
    try {
      const lease = await this.read();
      if (lease?.spec.holderIdentity !== this.options.identity) return;
      await this.write('PUT', {
        ...lease,
        spec: { ...lease.spec, holderIdentity: null, leaseDurationSeconds: 1 },
      });
    } catch (error) {
      this.log(`releasing lease failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async tick(): Promise<void> {
    if (!this.running) return;
    try {
      await this.tryAcquireOrRenew();
    } catch (error) {
      this.log(`leader election: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (this.isRunning()) {
      this.timer = setTimeout(() => {
        this.inflight = this.tick();
      }, this.options.retryPeriodMs);
    }
  }

  /** Read through a method: stop() may flip the flag while tick() awaits. */
  private isRunning(): boolean {
    return this.running;
  }

  private read(): Promise<Lease | undefined> {
    return kubeRequestJson<Lease>(this.kc, this.path, {
      timeoutMs: this.callTimeoutMs,
      ownConnection: true,
    }).catch((error: unknown) => {
      if (statusOf(error) === 404) return undefined;
      throw error;
    });
  }

  private write(method: 'POST' | 'PUT', lease: Lease): Promise<Lease> {
    const path = method === 'POST' ? this.path.slice(0, this.path.lastIndexOf('/')) : this.path;
    return kubeRequestJson<Lease>(this.kc, path, {
      method,
      body: lease,
      timeoutMs: this.callTimeoutMs,
      ownConnection: true,
    });
  }

  private leaseBody(previous: Lease | undefined, now: Date): Lease {
    const { name, namespace, identity, leaseDurationMs } = this.options;
    const takingOver = previous?.spec.holderIdentity !== identity;
    return {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name, namespace, resourceVersion: previous?.metadata.resourceVersion },
      spec: {
        holderIdentity: identity,
        leaseDurationSeconds: Math.ceil(leaseDurationMs / 1000),
        acquireTime: takingOver ? microTime(now) : previous.spec.acquireTime,
        renewTime: microTime(now),
        leaseTransitions: (previous?.spec.leaseTransitions ?? 0) + (takingOver && previous ? 1 : 0),
      },
    };
  }

  private async tryAcquireOrRenew(): Promise<void> {
    const now = new Date();
    const lease = await this.read();
    if (!lease) {
      try {
        await this.write('POST', this.leaseBody(undefined, now));
        this.won(now);
      } catch (error) {
        if (statusOf(error) !== 409) throw error;
      }
      return;
    }
    const version = lease.metadata.resourceVersion;
    if (version !== this.observedVersion) {
      this.observedVersion = version;
      this.observedAt = now.getTime();
    }
    const holder = lease.spec.holderIdentity;
    const heldByOther = Boolean(holder) && holder !== this.options.identity;
    const durationMs = (lease.spec.leaseDurationSeconds ?? 0) * 1000;
    if (heldByOther && this.observedAt + durationMs > now.getTime()) {
      if (this.leading) this.setLeading(false);
      return;
    }
    try {
      const updated = await this.write('PUT', this.leaseBody(lease, now));
      this.observedVersion = updated.metadata.resourceVersion;
      this.observedAt = now.getTime();
      this.won(now);
    } catch (error) {
      if (statusOf(error) !== 409) throw error;
    }
  }

  /** Renewed as of `startedAt` (when the try began: the lease says so from then on). */
  private won(startedAt: Date): void {
    if (!this.isRunning()) return;
    const left = startedAt.getTime() + this.options.renewDeadlineMs - Date.now();
    if (left <= 0) return;
    if (this.deadline) clearTimeout(this.deadline);
    this.deadline = setTimeout(() => {
      this.log('leader election: could not renew the lease in time; stopping controllers');
      this.setLeading(false);
    }, left);
    this.deadline.unref();
    if (!this.leading) this.setLeading(true);
  }

  private setLeading(leading: boolean): void {
    if (this.leading === leading) return;
    this.leading = leading;
    if (leading) {
      this.log(`leader election: ${this.options.identity} is now the leader`);
      this.callbacks.onStartedLeading();
    } else {
      if (this.deadline) clearTimeout(this.deadline);
      this.callbacks.onStoppedLeading();
    }
  }
}
