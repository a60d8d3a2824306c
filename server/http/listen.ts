import type { Server } from 'node:net';
import { SetupError } from '../setup-error';

/** Binds the server, turning the usual failures into one actionable line. */
export function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') {
        reject(new SetupError(`port ${port} on ${host} is already in use: stop what runs there or set PORT`));
      } else if (error.code === 'EACCES') {
        reject(new SetupError(`no permission to listen on ${host}:${port}: choose a PORT above 1023`));
      } else if (error.code === 'EADDRNOTAVAIL') {
        reject(new SetupError(`HOST ${host} is not an address of this machine`));
      } else {
        reject(error);
      }
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}
