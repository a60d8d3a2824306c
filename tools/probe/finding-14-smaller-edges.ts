import type { EdgeProbe } from './edge-probe';
import { openConsoleSocket, subscribe } from './console-socket';
import { sessionCookie, signInForProbe, signOut } from './signin-attempts';

/** More subscriptions than any page opens; a socket must be refused well before this many. */
const SUBSCRIPTION_ATTEMPTS = 1000;

/**
 * Signs in, checks the https safeguards when the console is served over https (HSTS, `__Host-` session
 * cookie), then opens subscriptions on one WebSocket until the server refuses one, and signs out.
 */
export const smallerEdgesProbe: EdgeProbe = {
  finding: 14,
  title: 'HSTS and __Host- cookie over https; subscriptions per WebSocket are capped',
  needsCredentials: true,
  async run(target, signal) {
    const { url } = target;
    const problems: string[] = [];
    const login = await signInForProbe(target, signal);
    const setCookie = login.headers.getSetCookie()[0] ?? '';
    const cookie = sessionCookie(login);
    if (url.startsWith('https:')) {
      if (!login.headers.get('strict-transport-security')) problems.push('no HSTS header');
      if (!cookie.startsWith('__Host-') || !/;\s*Secure/i.test(setCookie)) {
        problems.push(`session cookie ${cookie.split('=')[0] ?? ''} is not a Secure __Host- cookie`);
      }
    }
    const opened = await openConsoleSocket(url, cookie);
    let refusedAt = 0;
    if (opened.socket) {
      const socket = opened.socket;
      // Each subscription waits for its answer, so a refused one is known before the next is asked for.
      for (let id = 1; id <= SUBSCRIPTION_ATTEMPTS && !signal.aborted; id++) {
        socket.setMaxListeners(id * 2 + 10);
        if (!(await subscribe(socket, id, 'overview.live').started)) {
          refusedAt = id;
          break;
        }
      }
      socket.terminate();
    } else {
      problems.push(`WebSocket refused with ${opened.status}`);
    }
    if (opened.socket && refusedAt === 0) {
      problems.push(`${SUBSCRIPTION_ATTEMPTS} subscriptions on one WebSocket, none refused`);
    }
    await signOut(url, cookie);
    return {
      held: problems.length === 0,
      detail:
        problems.join('; ') ||
        `subscription ${refusedAt} on one WebSocket refused${url.startsWith('https:') ? '; HSTS and __Host- cookie set' : ''}`,
    };
  },
};
