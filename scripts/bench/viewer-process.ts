// The viewers of bench-load in a process of their own (forkViewers in viewer-pool.ts): opens them when
// told, and on request reports what each was shown, closes their sockets and ends.
import { startHostileClients, type HostileClients } from './hostile-clients';
import { closeViewers, openViewers, type FromViewers, type ToViewers, type Viewer } from './viewer-pool';

let viewers: Viewer[] = [];
let hostile: HostileClients | undefined;
const send = (message: FromViewers) => process.send?.(message);

process.on('message', (message: ToViewers) => {
  if ('open' in message) {
    openViewers(message.open.url, message.open.cookies).then(
      (opened) => {
        viewers = opened;
        const { hostile: attack, url } = message.open;
        if (attack) hostile = startHostileClients(url, attack.cookies);
        send({ opened: opened.length });
      },
      (error: unknown) => send({ failed: error instanceof Error ? error.message : String(error) }),
    );
    return;
  }
  const reports = viewers.map(({ socket: _socket, ...report }) => report);
  closeViewers(viewers);
  process.send?.({ reports, hostile: hostile?.stop() } satisfies FromViewers, () => process.exit(0));
});
// Its parent gone (a failed run), nothing would read a report: end with it.
process.on('disconnect', () => process.exit(0));
