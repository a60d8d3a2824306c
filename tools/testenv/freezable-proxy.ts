import { connect, createServer, type Socket } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';

interface Connection {
  client: Socket;
  upstream: Socket;
  frozen: boolean;
}

export interface FreezableProxy {
  /** The kubeconfig's own, with its cluster's server pointed at the proxy (same TLS, same user). */
  kc: KubeConfig;
  /**
   * Every connection open now goes dead without closing: what the server sends is dropped, as on a
   * half-broken network path. A frozen connection the client writes to again is reset, so a reused
   * keep-alive socket fails at once; new connections pass as before.
   */
  freeze(): void;
  close(): Promise<void>;
}

/** A TCP proxy on 127.0.0.1 in front of the kubeconfig's API server, for watches that go silent. */
export async function startFreezableProxy(kc: KubeConfig): Promise<FreezableProxy> {
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new Error('the kubeconfig has no current cluster');
  const target = new URL(cluster.server);
  const connections = new Set<Connection>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    const connection: Connection = { client, upstream, frozen: false };
    connections.add(connection);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      connections.delete(connection);
    };
    client.on('data', (chunk) => {
      if (connection.frozen) drop();
      else upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!connection.frozen) client.write(chunk);
    });
    client.on('close', drop).on('error', drop);
    upstream.on('close', drop).on('error', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no TCP address');

  const proxied = new KubeConfig();
  proxied.loadFromOptions({
    clusters: kc.clusters.map((c) =>
      c.name === cluster.name ? { ...c, server: `${target.protocol}//127.0.0.1:${address.port}` } : c,
    ),
    users: kc.users,
    contexts: kc.contexts,
    currentContext: kc.currentContext,
  });
  return {
    kc: proxied,
    freeze: () => {
      for (const connection of connections) connection.frozen = true;
    },
    close: async () => {
      for (const connection of connections) {
        connection.client.destroy();
        connection.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
