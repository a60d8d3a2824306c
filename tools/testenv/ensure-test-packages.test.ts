import { describe, expect, it } from 'vitest';
import { ensureDebianPackages } from './ensure-test-packages';

describe('ensureDebianPackages', () => {
  it('installs nothing (and says nothing) when every package has one of its files', async () => {
    const lines: string[] = [];
    await ensureDebianPackages(
      [{ name: 'dash', files: ['/nonexistent/sh', process.execPath], usedBy: 'this test' }],
      'this test',
      (line) => lines.push(line),
    );
    expect(lines).toEqual([]);
  });
});
