/**
 * The installer's and wiper's callbacks (server/boot/README.md): `done` and `failed` end a run and
 * consume the token; `progress` reports a step with the same token. All three check the MAC, the token
 * and the body the same way (`callbackRequest`), and the token against the MAC's bound address.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  MAX_STEP_BODY_BYTES,
  parseStepDetail,
  PROVISION_STEPS,
  REPORTED_STEPS,
  type ProvisionStep,
  type ReportedStep,
} from '../schemas/boot-progress';
import type { ProgressTracker } from './boot-progress';
import { clientIp, macOr400, readBody, send, sendTooLarge } from './boot-http';
import type { HardwareDb } from './hardware-db';
import type { HardwareStore } from './hardware-store';
import { hashInstallToken } from './install-token';
import { errorScript } from './ipxe-scripts';

const MAX_FAILURE_MESSAGE = 1024;

export interface CallbackDeps {
  store: HardwareStore;
  hardwareDb: HardwareDb;
  progress: ProgressTracker;
  maxRequestBytes: number;
}

interface CallbackRequest {
  mac: string;
  tokenHash: string;
  /** The `step` parameter, unchecked: each callback says which it takes. */
  step: string | null;
  body: string;
}

/** The step among `allowed`; or a 400 naming them sent and undefined. */
function stepOr400<S extends string>(
  res: ServerResponse,
  named: string | null,
  allowed: readonly S[],
): S | undefined {
  const step = allowed.find((candidate) => candidate === named);
  if (!step) {
    const what = named === null ? 'missing step' : `unknown step ${named.slice(0, 40)}`;
    send(res, 400, errorScript(`${what}; one of ${allowed.join(' ')}`, 'reboot', 1));
  }
  return step;
}

function noContent(res: ServerResponse): void {
  res.writeHead(204, { 'cache-control': 'no-store' });
  res.end();
}

function tokenRefused(res: ServerResponse): void {
  send(
    res,
    403,
    errorScript("token refused: unknown, used, replaced, or not from the MAC's address", 'reboot', 1),
  );
}

export class BootCallbacks {
  constructor(
    private readonly deps: CallbackDeps,
    private readonly now: () => number,
    /** How many attempts the MAC's machine allows before a failure is final. */
    private readonly retriesOf: (mac: string) => number,
  ) {}

  /**
   * What every callback starts with: the MAC (400), the token (401) and the body up to `bodyLimit`
   * (413, read up to the cap even when unused, so no callback leaves an unbounded body on the
   * connection). Sends the error and returns undefined when one is wrong.
   */
  private async request(
    req: IncomingMessage,
    res: ServerResponse,
    query: URLSearchParams,
    bodyLimit: number,
  ): Promise<CallbackRequest | undefined> {
    const mac = macOr400(res, query);
    if (!mac) return undefined;
    const token = query.get('token');
    if (!token) {
      send(res, 401, errorScript('missing token', 'reboot', 1));
      return undefined;
    }
    const body = await readBody(req, bodyLimit);
    if (body === undefined) {
      sendTooLarge(res, 413, 'body');
      return undefined;
    }
    return { mac, tokenHash: hashInstallToken(token), step: query.get('step'), body };
  }

  /** `done` (ok) or `failed`, the latter naming its step when the client does. Consumes the token. */
  async finish(
    req: IncomingMessage,
    res: ServerResponse,
    query: URLSearchParams,
    ok: boolean,
  ): Promise<void> {
    const request = await this.request(req, res, query, this.deps.maxRequestBytes);
    if (!request) return;
    let step: ProvisionStep | undefined;
    if (!ok && request.step !== null) {
      step = stepOr400(res, request.step, PROVISION_STEPS);
      if (!step) return;
    }
    const { mac, tokenHash } = request;
    const reason = (query.get('message') ?? request.body).trim() || 'installer reported a failure';
    // The step leads the message, so the machine's status and the list both say where it failed.
    const message = ok ? null : `${step ? `${step}: ` : ''}${reason}`.slice(0, MAX_FAILURE_MESSAGE);
    // A download held back by the coalescing is written first: the run's last bytes stay in its history.
    await this.deps.progress.flush(mac);
    const ip = clientIp(req);
    const outcome = await this.deps.hardwareDb.tokens.finish(
      mac,
      tokenHash,
      ok,
      message,
      this.retriesOf(mac),
      ip,
      step,
    );
    if (!outcome) {
      tokenRefused(res);
      return;
    }
    this.deps.store.applyStates([outcome.row], this.now());
    noContent(res);
  }

  /** A step the installer or wiper reports: checked like the other callbacks, then recorded (coalesced). */
  async progress(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
    const request = await this.request(req, res, query, MAX_STEP_BODY_BYTES);
    if (!request) return;
    const step: ReportedStep | undefined = stepOr400(res, request.step, REPORTED_STEPS);
    if (!step) return;
    const parsed = parseStepDetail(request.body);
    if ('error' in parsed) {
      send(res, 400, errorScript(`bad step detail: ${parsed.error}`, 'reboot', 1));
      return;
    }
    if (!(await this.deps.hardwareDb.tokens.matches(request.mac, request.tokenHash, clientIp(req)))) {
      tokenRefused(res);
      return;
    }
    await this.deps.progress.report(request.mac, step, parsed.detail);
    noContent(res);
  }
}
