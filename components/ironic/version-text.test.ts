import { describe, expect, it } from 'vitest';
import { versionText } from './version-text';

describe('versionText', () => {
  it.each([
    ['latest', 'latest', 'latest'],
    ['latest', undefined, 'latest (not installed yet)'],
    ['29.0', '28.0', '29.0 requested, 28.0 installed'],
  ])('requested %s, installed %s → %s', (requested, installed, text) => {
    expect(versionText(requested, installed)).toBe(text);
  });
});
