import { describe, expect, it } from 'vitest';
import { renderControlPlaneHaproxyConfig, renderWorkerHaproxyConfig } from './haproxy-config';

const header = `# Rendered by Rackpilot from the SIPCluster spec and its hosts; edits here are overwritten.
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

const servers = [
  { name: 'node01', address: '10.23.0.1' },
  { name: 'node02', address: '10.23.0.2' },
];

describe('renderControlPlaneHaproxyConfig', () => {
  it('balances 6443 over every control-plane host with an HTTPS /readyz check', () => {
    expect(renderControlPlaneHaproxyConfig(servers)).toBe(
      `${header}
frontend http-frontend
  bind *:6443
  mode tcp
  option tcplog
  default_backend http-backend

backend http-backend
  mode tcp
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  option log-health-checks
  default-server check check-ssl verify none inter 5s downinter 2s fall 4 on-marked-down shutdown-sessions
  server node01 10.23.0.1:6443
  server node02 10.23.0.2:6443
`,
    );
  });

  it('brackets IPv6 addresses and renders a backend without servers', () => {
    expect(renderControlPlaneHaproxyConfig([{ name: 'node09', address: 'fd00::9' }])).toContain(
      '  server node09 [fd00::9]:6443\n',
    );
    expect(renderControlPlaneHaproxyConfig([])).toMatch(/shutdown-sessions\n$/);
  });
});

describe('renderWorkerHaproxyConfig', () => {
  it('has one frontend/backend pair per port with TCP checks', () => {
    expect(renderWorkerHaproxyConfig([30002, 30003], servers)).toBe(
      `${header}
frontend port-30002-frontend
  bind *:30002
  mode tcp
  option tcplog
  default_backend port-30002-backend

backend port-30002-backend
  mode tcp
  balance roundrobin
  option tcp-check
  tcp-check connect
  option log-health-checks
  default-server check
  server node01 10.23.0.1:30002
  server node02 10.23.0.2:30002

frontend port-30003-frontend
  bind *:30003
  mode tcp
  option tcplog
  default_backend port-30003-backend

backend port-30003-backend
  mode tcp
  balance roundrobin
  option tcp-check
  tcp-check connect
  option log-health-checks
  default-server check
  server node01 10.23.0.1:30003
  server node02 10.23.0.2:30003
`,
    );
  });
});
