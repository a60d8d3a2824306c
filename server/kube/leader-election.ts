import type { KubeConfig } from '@kubernetes/client-node';
import { objectPath } from './apply';
import { kubeRequestJson, KubeRequestError } from './kube-request';
import { collectionPath, type ResourceDescriptor } from './resource';

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

const leaseResource: ResourceDescriptor = {
  group: 'coordination.k8s.io',
  version: 'v1',
  plural: 'leases',
  kind: 'Lease',
  namespaced: true,
};

/** A Lease as JSON; its times are MicroTime strings. */
interface Lease {
  apiVersion: 'coordination.k8s.io/v1';
  kind: 'Lease';
  metadata: { name: string; namespace: string; resourceVersion?: string };
  spec?: {
    holderIdentity?: string;
    leaseDurationSeconds?: number;
    acquireTime?: string;
    renewTime?: string;
    leaseTransitions?: number;
  };
}

function statusOf(error: unknown): number | undefined {
  return error instanceof KubeRequestError ? error.status : undefined;
}

/** MicroTime's wire form (RFC 3339 with six fractional digits); Date has milliseconds. */
function microTime(date: Date): string {
  return date.toISOString().replace(/Z$/, '000Z');
}

/**
 * Leader election on a coordination.k8s.io Lease, after client-go's LeaseLock: every replica tries
 * every retry period; a lease is taken over only once it has not changed for a full lease duration as
 * observed by THIS replica's clock (so clock skew between replicas does not matter); a leader that
 * cannot renew within the renew deadline stops leading before anyone else can take over.
 */
export class LeaderElector {
  private readonly path: string;
  private timer: NodeJS.Timeout | undefined;
  private leading = false;
  private running = false;
  private observedVersion: string | undefined;
  private observedAt = 0;
  private renewedAt = 0;
  private inflight: Promise<void> = Promise.resolve();

  constructor(
    private readonly kc: KubeConfig,
    private readonly options: LeaderElectionOptions,
    private readonly callbacks: LeaderCallbacks,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.path = objectPath(leaseResource, options.namespace, options.name);
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
      const lease = await kubeRequestJson<Lease>(this.kc, this.path);
      if (lease.spec?.holderIdentity !== this.options.identity) return;
      lease.spec.holderIdentity = undefined;
      lease.spec.leaseDurationSeconds = 1;
      await kubeRequestJson(this.kc, this.path, { method: 'PUT', body: lease });
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

  private leaseBody(previous: Lease | undefined, now: Date): Lease {
    const takingOver = previous?.spec?.holderIdentity !== this.options.identity;
    return {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: {
        name: this.options.name,
        namespace: this.options.namespace,
        resourceVersion: previous?.metadata.resourceVersion,
      },
      spec: {
        holderIdentity: this.options.identity,
        leaseDurationSeconds: Math.ceil(this.options.leaseDurationMs / 1000),
        acquireTime: takingOver ? microTime(now) : previous.spec?.acquireTime,
        renewTime: microTime(now),
        leaseTransitions: (previous?.spec?.leaseTransitions ?? 0) + (takingOver && previous ? 1 : 0),
      },
    };
  }

  private async tryAcquireOrRenew(): Promise<void> {
    const { namespace } = this.options;
    const now = new Date();
    let lease: Lease | undefined;
    try {
      lease = await kubeRequestJson<Lease>(this.kc, this.path);
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
    }
    if (!lease) {
      try {
        await kubeRequestJson(this.kc, collectionPath(leaseResource, namespace), {
          method: 'POST',
          body: this.leaseBody(undefined, now),
        });
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
    const holder = lease.spec?.holderIdentity;
    const heldByOther = Boolean(holder) && holder !== this.options.identity;
    const durationMs = (lease.spec?.leaseDurationSeconds ?? 0) * 1000;
    if (heldByOther && this.observedAt + durationMs > now.getTime()) {
      if (this.leading) this.setLeading(false);
      return;
    }
    try {
      const updated = await kubeRequestJson<Lease>(this.kc, this.path, {
        method: 'PUT',
        body: this.leaseBody(lease, now),
      });
      this.observedVersion = updated.metadata.resourceVersion;
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
