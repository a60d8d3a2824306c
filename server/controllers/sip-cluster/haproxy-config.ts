/**
 * haproxy.cfg for the two load balancers. Upstream read Go templates from ConfigMaps in the
 * SIPCluster's namespace; these are built in, so a cluster works without extra objects and the
 * output is fully determined by the SIPCluster and its hosts. Callers pass servers sorted by name
 * and ports ascending; nothing here reorders, so tests can read the output top to bottom.
 */

export interface HaproxyServer {
  /** HAProxy server name: the host's name, unique within the cluster. */
  name: string;
  /** The host's IP on the service's network. */
  address: string;
}

/** Kubernetes API server port on the control-plane hosts, and the port the load balancer listens on. */
export const KUBE_API_PORT = 6443;

const HEADER = `# Rendered by Rackpilot from the SIPCluster spec and its hosts; edits here are overwritten.
global
  log stdout format raw local0 notice

defaults
  log global
  option dontlognull
  retries 1
  timeout queue 30s
  timeout connect 30s
  # Long client/server timeouts keep idle kubectl exec and logs -f sessions open.
  timeout client 600s
  timeout server 600s
`;

/**
 * One TCP frontend on 6443 balancing over every control-plane host's API server. The health check
 * is an HTTPS GET /readyz (TLS without verification: the tenant's CA is not known here). A node
 * that joins makes the API servers answer 500 for a few seconds, so failed checks retry fast
 * (downinter 2s) and a server is taken out only after 4 failures.
 */
export function renderControlPlaneHaproxyConfig(servers: readonly HaproxyServer[]): string {
  const lines = [
    'frontend http-frontend',
    `  bind *:${KUBE_API_PORT}`,
    '  mode tcp',
    '  option tcplog',
    '  default_backend http-backend',
    '',
    'backend http-backend',
    '  mode tcp',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    '  option log-health-checks',
    '  default-server check check-ssl verify none inter 5s downinter 2s fall 4 on-marked-down shutdown-sessions',
    ...serverLines(servers, KUBE_API_PORT),
  ];
  return `${HEADER}\n${lines.join('\n')}\n`;
}

/**
 * One frontend/backend pair per port: traffic on port n goes to port n (the tenant's NodePort) of
 * every worker, with plain TCP connect checks. Pairs are named `port-<n>` like the Service ports.
 */
export function renderWorkerHaproxyConfig(
  ports: readonly number[],
  servers: readonly HaproxyServer[],
): string {
  const sections = ports.map((port) =>
    [
      `frontend port-${port}-frontend`,
      `  bind *:${port}`,
      '  mode tcp',
      '  option tcplog',
      `  default_backend port-${port}-backend`,
      '',
      `backend port-${port}-backend`,
      '  mode tcp',
      '  balance roundrobin',
      '  option tcp-check',
      '  tcp-check connect',
      '  option log-health-checks',
      '  default-server check',
      ...serverLines(servers, port),
    ].join('\n'),
  );
  return `${HEADER}${sections.map((section) => `\n${section}\n`).join('')}`;
}

function serverLines(servers: readonly HaproxyServer[], port: number): string[] {
  return servers.map(({ name, address }) => `  server ${name} ${hostPort(address, port)}`);
}

/** HAProxy reads `a:b:c:port` ambiguously, so IPv6 addresses are bracketed. */
function hostPort(address: string, port: number): string {
  return address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;
}
