import { describe, expect, it } from 'vitest';
import { urlHost } from './url-host';

describe('urlHost', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['console.example.com', 'console.example.com'],
    ['::1', '[::1]'],
    ['fd00::5', '[fd00::5]'],
  ])('%s', (host, written) => {
    expect(urlHost(host)).toBe(written);
  });
});
