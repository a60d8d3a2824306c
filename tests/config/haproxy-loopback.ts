/**
 * Points a rendered haproxy.cfg at this machine, changing nothing but addresses: each `bind *:<port>`
 * becomes `bind 127.0.0.1:<free port>` and each `server <name> <address>:<port>` becomes
 * `server <name> 127.0.0.1:<port of a local listener>`. Why: the rendered servers are the hosts'
 * service-network addresses, which do not exist here, and `*:<nodePort>` would claim the port on
 * every interface of a shared machine. The rendered file itself goes through `haproxy -c` unchanged
 * first; this copy is only for running it.
 */
export interface LoopbackPorts {
  /** The local port for a rendered `bind *:<port>`. */
  bind(port: number): number;
  /** The local port of the listener standing in for server `name` on `port`. */
  server(name: string, port: number): number;
}

const BIND = /^(\s*bind )\*:(\d+)$/;
const SERVER = /^(\s*server )(\S+) (\S+):(\d+)$/;

export function pointAtLoopback(config: string, ports: LoopbackPorts): string {
  return config
    .split('\n')
    .map((line) => {
      const bind = BIND.exec(line);
      if (bind) return `${bind[1]}127.0.0.1:${ports.bind(Number(bind[2]))}`;
      const server = SERVER.exec(line);
      if (server)
        return `${server[1]}${server[2]} 127.0.0.1:${ports.server(server[2] ?? '', Number(server[4]))}`;
      if (/^\s*(bind|server) /.test(line)) throw new Error(`not a bind or server line we can point: ${line}`);
      return line;
    })
    .join('\n');
}
