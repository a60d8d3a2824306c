/** One request that did not get a good answer. */
export interface PollProblem {
  url: string;
  probe: string;
  detail: string;
}

export interface FailoverPoller {
  /** A replica that became ready: it gets its share of the requests from now on. */
  add(url: string): void;
  /**
   * Said before a replica is sent SIGTERM: from now on a connection it refuses or drops only moves the
   * client on to the next replica, as a Service's client would, instead of counting as a failure.
   */
  markStopping(url: string): void;
  answeredBy(url: string): number;
  /** Requests that failed: a refusal by a replica not stopping, or any answer other than success. */
  readonly failures: readonly PollProblem[];
  /** Connections a stopping replica refused or dropped, after which the next replica answered. */
  readonly movedOn: readonly PollProblem[];
  stop(): Promise<void>;
}

const CLIENTS = 4;

/** Why fetch gave up: its cause's code when it has one (ECONNREFUSED, UND_ERR_SOCKET, ...). */
function networkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause?.code ?? cause?.message ?? error.message;
}

/**
 * Polls `/api/healthz` and a signed-in tRPC read (`overview.get`, served from the informers and the
 * session table) without pause from a few clients at once, spreading them over the replicas in turn and moving on to the next
 * replica when one does not answer, as a client behind a Service does through a rolling update.
 */
export function startFailoverPoller(cookie: string, urls: string[]): FailoverPoller {
  const endpoints = [...urls];
  const stopping = new Set<string>();
  const answered = new Map<string, number>();
  const failures: PollProblem[] = [];
  const movedOn: PollProblem[] = [];
  let turn = 0;
  const stopped = new AbortController();

  const probes: { name: string; path: string; answers(body: string): boolean }[] = [
    { name: 'healthz', path: '/api/healthz', answers: (body) => body.includes('"ok"') },
    {
      name: 'overview.get',
      path: '/api/trpc/overview.get',
      answers: (body) => (JSON.parse(body) as { result?: { data?: unknown } }).result?.data !== undefined,
    },
  ];

  async function once(probe: (typeof probes)[number]): Promise<void> {
    const start = turn++;
    for (let i = 0; i < endpoints.length; i++) {
      const url = endpoints[(start + i) % endpoints.length] ?? '';
      let response: Response;
      try {
        response = await fetch(`${url}${probe.path}`, {
          headers: { origin: url, cookie },
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        // No answer began: the connection was refused or dropped before any response.
        const problem = { url, probe: probe.name, detail: networkError(error) };
        (stopping.has(url) ? movedOn : failures).push(problem);
        continue;
      }
      // An answer that began must end well, from a stopping replica too.
      try {
        const body = await response.text();
        if (response.ok && probe.answers(body)) answered.set(url, (answered.get(url) ?? 0) + 1);
        else failures.push({ url, probe: probe.name, detail: `${response.status} ${body.slice(0, 300)}` });
      } catch (error) {
        failures.push({ url, probe: probe.name, detail: `${response.status}, then ${networkError(error)}` });
      }
      return;
    }
    failures.push({ url: '(any)', probe: probe.name, detail: 'no replica answered' });
  }

  // Several at once, as several open consoles: a stopping replica then has requests in flight and
  // kept-alive connections when SIGTERM comes.
  const loops = Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (!stopped.signal.aborted) for (const probe of probes) await once(probe);
    }),
  );

  return {
    add(url) {
      endpoints.push(url);
    },
    markStopping(url) {
      stopping.add(url);
    },
    answeredBy: (url) => answered.get(url) ?? 0,
    failures,
    movedOn,
    async stop() {
      stopped.abort();
      await loops;
    },
  };
}
