import type { EdgeProbe } from './edge-probe';
import { allWithin, openRawConnection, watchClose } from './raw-connection';

/** Upgrades on paths that carry no WebSocket must be answered and closed at once. */
const ANSWER_WITHIN_MS = 10_000;
/** Connections whose headers never complete must be closed by the handshake timeout (default 10 s, at most 20 s sensible). */
const HALF_OPEN_CLOSED_WITHIN_MS = 30_000;
const BOGUS_PATHS = ['/', '/anything', '/api/trpc/overview.live', '/_next/webpack-hmr', '/ws/../x', '/wss'];

function upgradeRequest(url: string, path: string): string {
  return (
    `GET ${path} HTTP/1.1\r\nHost: ${new URL(url).host}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
    `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`
  );
}

export const unansweredUpgradesProbe: EdgeProbe = {
  finding: 1,
  title: 'WebSocket upgrades off /ws and half-open handshakes are closed',
  needsCredentials: false,
  async run(target, signal) {
    const bogus = await Promise.all(
      Array.from({ length: 48 }, async (_, index) => {
        const socket = await openRawConnection(target.url);
        const watch = watchClose(socket);
        socket.write(upgradeRequest(target.url, BOGUS_PATHS[index % BOGUS_PATHS.length] ?? '/'));
        return watch;
      }),
    );
    const halfOpen = await Promise.all(
      Array.from({ length: 8 }, async (_, index) => {
        const socket = await openRawConnection(target.url);
        const watch = watchClose(socket);
        // Half of them say nothing at all, half stop in the middle of the upgrade's headers.
        if (index % 2 === 1)
          socket.write(`GET /ws HTTP/1.1\r\nHost: ${new URL(target.url).host}\r\nUpgrade: web`);
        return watch;
      }),
    );
    const answeredInTime = await allWithin(
      bogus.map((watch) => watch.closed),
      ANSWER_WITHIN_MS,
      signal,
    );
    const answers = await Promise.all(bogus.filter((watch) => watch.isClosed()).map((watch) => watch.closed));
    const unanswered = answers.filter((text) => !/^HTTP\/1\.1 [45]\d\d /.test(text)).length;
    const halfOpenClosed = await allWithin(
      halfOpen.map((watch) => watch.closed),
      HALF_OPEN_CLOSED_WITHIN_MS,
      signal,
    );
    const openBogus = bogus.filter((watch) => !watch.isClosed()).length;
    const openHalf = halfOpen.filter((watch) => !watch.isClosed()).length;
    for (const watch of [...bogus, ...halfOpen]) watch.abandon();
    return {
      held: answeredInTime && unanswered === 0 && halfOpenClosed,
      detail:
        `${bogus.length} upgrades off /ws: ${openBogus} still open after ${ANSWER_WITHIN_MS / 1000} s, ` +
        `${unanswered} closed without an HTTP status; ${halfOpen.length} half-open handshakes: ` +
        `${openHalf} still open after ${HALF_OPEN_CLOSED_WITHIN_MS / 1000} s`,
    };
  },
};
