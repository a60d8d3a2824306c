import { CoordinationV1Api, V1MicroTime, type KubeConfig, type V1Lease } from '@kubernetes/client-node';

export interface LeaderElectionOptions {
  namespace: string;
  name: string;
  identity: string;
  leaseDurationMs: number;
  renewDeadlineMs: number;
  retryPeriodMs: number;
}

export const defaultLeaseTimings = { leaseDurationMs: 15_000, renewDeadlineMs: 10_000, retryPeriodMs: 2_000 };

export interface LeaderCallbacks {
  onStartedLeading(): void;
  onStoppedLeading(): void;
}

function statusOf(error: unknown): number | undefined {
  return (error as { code?: number } | null)?.code;
}

/**
 * Leader election on a coordination.k8s.io Lease, after client-go's LeaseLock: every replica tries
 * every retry period; a lease is taken over only once it has not changed for a full lease duration as
 * observed by THIS replica's clock (so clock skew between replicas does not matter); a leader that
 * cannot renew within the renew deadline stops leading before anyone else can take over.
 */
export class LeaderElector {
  private readonly api: CoordinationV1Api;
  private timer: NodeJS.Timeout | undefined;
  private leading = false;
  private running = false;
  private observedVersion: string | undefined;
  private observedAt = 0;
  private renewedAt = 0;
  private inflight: Promise<void> = Promise.resolve();

  constructor(
    kc: KubeConfig,
    private readonly options: LeaderElectionOptions,
    private readonly callbacks: LeaderCallbacks,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.api = kc.makeApiClient(CoordinationV1Api);
  }

  get isLeader(): boolean {
    return this.leading;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.inflight = this.tick();
  }

  /** Stops trying; a leader gives the lease up at once so another replica need not wait for expiry. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    // A tick already talking to the API server must not make us leader again after we stopped.
    await this.inflight;
    if (this.leading) this.setLeading(false);
    try {
      const lease = await this.api.readNamespacedLease({
        name: this.options.name,
        namespace: this.options.namespace,
      });
      if (lease.spec?.holderIdentity !== this.options.identity) return;
      lease.spec.holderIdentity = undefined;
      lease.spec.leaseDurationSeconds = 1;
      await this.api.replaceNamespacedLease({
        name: this.options.name,
        namespace: this.options.namespace,
        body: lease,
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
    if (this.leading && Date.now() - this.renewedAt > this.options.renewDeadlineMs) {
      this.log('leader election: could not renew the lease in time; stopping controllers');
      this.setLeading(false);
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

  private leaseBody(previous: V1Lease | undefined, now: Date): V1Lease {
    const takingOver = previous?.spec?.holderIdentity !== this.options.identity;
    return {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: {
        name: this.options.name,
        namespace: this.options.namespace,
        resourceVersion: previous?.metadata?.resourceVersion,
      },
      spec: {
        holderIdentity: this.options.identity,
        leaseDurationSeconds: Math.ceil(this.options.leaseDurationMs / 1000),
        acquireTime: takingOver ? new V1MicroTime(now.getTime()) : previous.spec?.acquireTime,
        renewTime: new V1MicroTime(now.getTime()),
        leaseTransitions: (previous?.spec?.leaseTransitions ?? 0) + (takingOver && previous ? 1 : 0),
      },
    };
  }

  private async tryAcquireOrRenew(): Promise<void> {
    const { name, namespace } = this.options;
    const now = new Date();
    let lease: V1Lease | undefined;
    try {
      lease = await this.api.readNamespacedLease({ name, namespace });
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
    }
    if (!lease) {
      try {
        await this.api.createNamespacedLease({ namespace, body: this.leaseBody(undefined, now) });
        this.won(now);
      } catch (error) {
        if (statusOf(error) !== 409) throw error;
      }
      return;
    }
    const version = lease.metadata?.resourceVersion;
    if (version !== this.observedVersion) {
      this.observedVersion = version;
      this.observedAt = now.getTime();
    }
    const holder = lease.spec?.holderIdentity;
    const heldByOther = Boolean(holder) && holder !== this.options.identity;
    const durationMs = (lease.spec?.leaseDurationSeconds ?? 0) * 1000;
    if (heldByOther && this.observedAt + durationMs > now.getTime()) {
      if (this.leading) this.setLeading(false);
      return;
    }
    try {
      const updated = await this.api.replaceNamespacedLease({
        name,
        namespace,
        body: this.leaseBody(lease, now),
      });
      this.observedVersion = updated.metadata?.resourceVersion;
      this.observedAt = now.getTime();
      this.won(now);
    } catch (error) {
      if (statusOf(error) !== 409) throw error;
    }
  }

  private won(now: Date): void {
    this.renewedAt = now.getTime();
    if (!this.leading && this.isRunning()) this.setLeading(true);
  }

  private setLeading(leading: boolean): void {
    this.leading = leading;
    if (leading) {
      this.log(`leader election: ${this.options.identity} is now the leader`);
      this.callbacks.onStartedLeading();
    } else {
      this.callbacks.onStoppedLeading();
    }
  }
}
