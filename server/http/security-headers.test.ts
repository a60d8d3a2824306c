import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers';

describe('contentSecurityPolicy', () => {
  it('lists the WebSocket origins a CSP can express, and no IPv6 literal (browsers reject it)', () => {
    const policy = contentSecurityPolicy('n', {
      dev: false,
      origins: [
        'http://127.0.0.1:3000',
        'http://localhost:3000',
        'http://[::1]:3000',
        'https://rp.example.com',
      ],
    });
    expect(policy).toContain(
      "connect-src 'self' ws://127.0.0.1:3000 ws://localhost:3000 wss://rp.example.com;",
    );
    expect(policy).not.toContain('[::1]');
  });
});
