import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import { randomBytes } from 'node:crypto';
import { kubeRequestJson } from './kube-request';
import { microTime } from './micro-time';

/** The reportingController of events that record what an operator did from the console. */
export const CONSOLE_EVENT_SOURCE = 'rackpilot.io/console';

export interface EventInput {
  type: 'Normal' | 'Warning';
  reason: string;
  note: string;
  /** What the controller did or failed to do, e.g. "Schedule", "Release". */
  action: string;
  /** Facts the Event's fields have no place for (who asked, for an operator's action). */
  annotations?: Record<string, string>;
}

interface Recorded {
  namespace: string;
  name: string;
  count: number;
  firstSeen: number;
  /** A series update is scheduled: repeats until then only count. */
  flush?: NodeJS.Timeout;
}

/** Repeats of the same event within this window become one event with a series count. */
const SERIES_WINDOW_MS = 10 * 60_000;
/** A series' count is written at most this often, however fast a failing reconcile repeats it. */
const SERIES_FLUSH_MS = 2_000;
/** Series remembered at once; the oldest go first (their next repeat starts a new event). */
const MAX_SERIES = 4096;
const NOTE_LIMIT = 1024;
/** How long a read of an object's events waits for this process's writes about it. */
const WRITTEN_WAIT_MS = 2_000;

/**
 * Writes events.k8s.io/v1 Events. Recording never fails the caller: an event is a courtesy to the
 * operator, and the API server may throttle it away under load.
 */
export class EventRecorder {
  private readonly recent = new Map<string, Recorded>();
  /** Writes on their way, by the uid of the object they regard. */
  private readonly writing = new Map<string, Set<Promise<void>>>();

  constructor(
    private readonly kc: KubeConfig,
    private readonly controller: string,
    private readonly instance: string,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  /**
   * Records without holding up the caller's answer (an operator's action answers once the change is
   * written); a read of the object's events on this replica waits for it through `written`.
   */
  record(regarding: KubernetesObject, input: EventInput): Promise<void> {
    const uid = regarding.metadata?.uid ?? '';
    const write = this.write(regarding, input);
    const pending = this.writing.get(uid) ?? new Set<Promise<void>>();
    this.writing.set(uid, pending);
    pending.add(write);
    void write.finally(() => {
      pending.delete(write);
      if (pending.size === 0 && this.writing.get(uid) === pending) this.writing.delete(uid);
    });
    return write;
  }

  /** Resolves once this process's event writes about the object have ended, or after a short wait. */
  async written(uid: string): Promise<void> {
    const pending = this.writing.get(uid);
    if (!pending) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(pending),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, WRITTEN_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  }

  private async write(regarding: KubernetesObject, input: EventInput): Promise<void> {
    const meta = regarding.metadata ?? {};
    const namespace = meta.namespace ?? 'default';
    const key = [meta.uid, input.type, input.reason, input.note].join('\u0000');
    const now = Date.now();
    const previous = this.recent.get(key);
    if (previous && now - previous.firstSeen < SERIES_WINDOW_MS) {
      previous.count++;
      previous.flush ??= setTimeout(() => {
        previous.flush = undefined;
        void this.writeSeries(previous, input.reason, meta.name);
      }, SERIES_FLUSH_MS).unref();
      return;
    }
    const name = `${meta.name ?? 'object'}.${now.toString(16)}${randomBytes(2).toString('hex')}`;
    // Remembered before the write, so a repeat while it is on its way counts instead of writing twice.
    const series: Recorded = { namespace, name, count: 1, firstSeen: now };
    this.remember(key, series, now);
    try {
      await kubeRequestJson(this.kc, `/apis/events.k8s.io/v1/namespaces/${namespace}/events`, {
        method: 'POST',
        body: {
          apiVersion: 'events.k8s.io/v1',
          kind: 'Event',
          metadata: { name, namespace, annotations: input.annotations },
          eventTime: microTime(new Date(now)),
          reportingController: this.controller,
          reportingInstance: this.instance,
          action: input.action,
          reason: input.reason,
          note: input.note.slice(0, NOTE_LIMIT),
          type: input.type,
          regarding: {
            apiVersion: regarding.apiVersion,
            kind: regarding.kind,
            namespace: meta.namespace,
            name: meta.name,
            uid: meta.uid,
            resourceVersion: meta.resourceVersion,
          },
        },
      });
    } catch (error) {
      if (this.recent.get(key) === series) this.recent.delete(key);
      this.log(
        `event ${input.reason} on ${meta.name ?? '?'} not recorded: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private async writeSeries(series: Recorded, reason: string, object: string | undefined): Promise<void> {
    try {
      await kubeRequestJson(
        this.kc,
        `/apis/events.k8s.io/v1/namespaces/${series.namespace}/events/${series.name}`,
        {
          method: 'PATCH',
          body: { series: { count: series.count, lastObservedTime: microTime(new Date()) } },
          contentType: 'application/merge-patch+json',
        },
      );
    } catch (error) {
      this.log(
        `event ${reason} on ${object ?? '?'} not updated: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private remember(key: string, series: Recorded, now: number): void {
    this.recent.delete(key);
    for (const [old, recorded] of this.recent) {
      if (now - recorded.firstSeen < SERIES_WINDOW_MS && this.recent.size < MAX_SERIES) break;
      this.recent.delete(old);
    }
    this.recent.set(key, series);
  }
}
