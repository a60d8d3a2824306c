import { MAX_BATCH_CALLS } from '../../server/schemas/batch-limit';
import type { EdgeProbe } from './edge-probe';
import { sendHttpBatch, sendSocketBatch, type BatchCall, type CallAnswer } from './batched-calls';
import { openConsoleSocket } from './console-socket';
import { sessionCookie, signInForProbe, signOut } from './signin-attempts';

/** What a 16 KB URL holds: the attack of the issue, each call a LIST on the API server. */
const FLOOD = 250;

/** A viewer's procedure that asks the API server (a namespace list), so each call costs a request. */
export const FAN_OUT_CALL: BatchCall = { path: 'placement.namespaces' };

export function calls(count: number): BatchCall[] {
  return Array.from({ length: count }, () => FAN_OUT_CALL);
}

/** Over HTTP the batch is a BAD_REQUEST; the WebSocket adapter reports a message it refused as a PARSE_ERROR. */
const WHOLE_REFUSALS = new Set(['BAD_REQUEST', 'PARSE_ERROR']);

function refusedWhole(answers: CallAnswer[]): boolean {
  return answers.length === 1 && answers[0]?.ok === false && WHOLE_REFUSALS.has(answers[0].code);
}

/** Every call answered, or refused for the caller's limit: never an error of the server. */
function answeredOrLimited(answers: CallAnswer[]): boolean {
  return answers.every((answer) => answer.ok || answer.code === 'TOO_MANY_REQUESTS');
}

/**
 * Signs in and calls only what any viewer may: a batch of 250 calls in one URL and in one WebSocket
 * message must be refused whole before anything runs; a batch of the console's own size is answered
 * (calls past the caller's limit refused with 429, none failing otherwise).
 */
export const viewerFanOutProbe: EdgeProbe = {
  finding: 16,
  title: 'One request cannot fan out into unbounded calls',
  needsCredentials: true,
  async run(target, signal) {
    const { url } = target;
    const problems: string[] = [];
    const cookie = sessionCookie(await signInForProbe(target, signal));
    const flood = await sendHttpBatch(url, cookie, calls(FLOOD), signal);
    if (flood.status !== 400 || !refusedWhole(flood.answers)) {
      problems.push(`${FLOOD} calls in one URL: ${flood.status}, ${flood.answers.length} answers`);
    }
    const allowed = await sendHttpBatch(url, cookie, calls(MAX_BATCH_CALLS), signal);
    if (!allowed.answers.some((answer) => answer.ok) || !answeredOrLimited(allowed.answers)) {
      problems.push(`a batch of ${MAX_BATCH_CALLS}: ${allowed.status}, not answered`);
    }
    const opened = await openConsoleSocket(url, cookie);
    if (opened.socket) {
      const answers = await sendSocketBatch(opened.socket, calls(FLOOD), 1);
      opened.socket.terminate();
      if (!refusedWhole(answers))
        problems.push(`${FLOOD} calls in one WebSocket message: ${answers.length} answers`);
    } else {
      problems.push(`WebSocket refused with ${opened.status}`);
    }
    await signOut(url, cookie);
    return {
      held: problems.length === 0,
      detail:
        problems.join('; ') ||
        `${FLOOD} calls refused whole in one URL and in one WebSocket message; a batch of ${MAX_BATCH_CALLS} answered`,
    };
  },
};
