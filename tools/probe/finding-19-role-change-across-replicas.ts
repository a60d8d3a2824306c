import { randomBytes } from 'node:crypto';
import { consoleClient } from '../testenv/console-client';
import type { EdgeProbe } from './edge-probe';
import { openConsoleSocket, subscribe, type LiveSubscription } from './console-socket';
import { sessionCookie, signInForProbe, signOut } from './signin-attempts';

/** Each replica re-checks its sockets every 10 s; three re-checks leave room for a slow database. */
const ENDS_WITHIN_MS = 30_000;

/**
 * A role change must reach the open sockets of every replica, not only those of the replica that made
 * it. As the admin, creates a throw-away operator, opens one of its live views on each replica given
 * (or on the console's URL only, where the probe cannot tell which replica answers), demotes it to
 * viewer through the console's URL, and requires every view to end within 30 s; then removes the user.
 */
export const roleChangeAcrossReplicasProbe: EdgeProbe = {
  finding: 19,
  title: "A role change reaches every replica's open sockets",
  needsCredentials: false,
  needsAdmin: true,
  async run(target, signal) {
    if (!target.admin) throw new Error('needs an admin account');
    const { url } = target;
    const adminCookie = sessionCookie(await signInForProbe({ url, credentials: target.admin }, signal));
    const admin = consoleClient(url, adminCookie);
    const username = `probe-role-${randomBytes(4).toString('hex')}`;
    const created = await admin.mutate<{ user: { id: string }; password: string }>('access.createUser', {
      username,
      role: 'operator',
    });
    if (!created.data) throw new Error(`creating ${username} failed: ${created.error?.message ?? ''}`);
    const { user, password } = created.data;
    const replicas = target.replicas?.length ? target.replicas : [url];
    const views: { replica: string; view: LiveSubscription; close: () => void }[] = [];
    try {
      const cookie = sessionCookie(
        await signInForProbe({ url, credentials: { username, password } }, signal),
      );
      for (const replica of replicas) {
        // The browser's origin is the console's URL whichever replica the balancer picks.
        const opened = await openConsoleSocket(replica, cookie, { origin: url });
        const socket = opened.socket;
        if (!socket) throw new Error(`the WebSocket on ${replica} was refused with ${opened.status}`);
        const view = subscribe(socket, 1, 'overview.live');
        views.push({ replica, view, close: () => socket.terminate() });
        if (!(await view.started)) throw new Error(`overview.live did not start on ${replica}`);
      }
      const demoted = await admin.mutate('access.setRole', { id: user.id, role: 'viewer' });
      if (demoted.status !== 200) throw new Error(`demoting ${username} failed with ${demoted.status}`);
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'open'>((resolve) => {
        timer = setTimeout(() => resolve('open'), ENDS_WITHIN_MS);
        signal.addEventListener('abort', () => resolve('open'), { once: true });
      });
      const endings = await Promise.all(views.map(({ view }) => Promise.race([view.ended, deadline])));
      clearTimeout(timer);
      const open = views.filter((_, index) => endings[index] === 'open').map(({ replica }) => replica);
      return {
        held: open.length === 0,
        detail: open.length
          ? `a demoted user's live view stayed open ${ENDS_WITHIN_MS / 1000} s on ${open.join(', ')}`
          : `a demoted user's live views ended on ${replicas.length} replica URL(s) (${endings.join(', ')})`,
      };
    } finally {
      for (const { close } of views) close();
      await admin.mutate('access.removeUser', { id: user.id });
      await signOut(url, adminCookie);
    }
  },
};
