import { Agent } from 'node:https';
import { describe, expect, it } from 'vitest';
import { OneIdentityAgent } from './kube-request';

// Stand-ins for PEM material: only their size and presence in a pool name matter here.
const tls = { ca: Buffer.from('C'.repeat(2048)), cert: Buffer.from('E'.repeat(2048)), key: 'K'.repeat(2048) };
const request = { host: '127.0.0.1', port: 6443, ...tls };

describe('OneIdentityAgent', () => {
  it('names a socket pool by the address and the identity, without decoding the TLS material', () => {
    const agent = new OneIdentityAgent('abc123', { keepAlive: true, ...tls });
    const name = agent.getName(request);
    expect(name).toBe('127.0.0.1:6443::abc123');
    // What Node's own agent does with the same request: every request pays for a name this long.
    expect(new Agent(tls).getName(request).length).toBeGreaterThan(6000);
  });

  it('keeps the pools of different addresses and identities apart', () => {
    const agent = new OneIdentityAgent('abc123', tls);
    expect(agent.getName(request)).not.toBe(agent.getName({ ...request, port: 6444 }));
    expect(new OneIdentityAgent('def456', tls).getName(request)).not.toBe(agent.getName(request));
  });
});
