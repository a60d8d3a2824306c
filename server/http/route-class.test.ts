import { describe, expect, it } from 'vitest';
import { classifyPath } from './route-class';

describe('classifyPath', () => {
  it.each([
    ['/api/healthz', 'public'],
    ['/api/readyz', 'public'],
    ['/api/metrics', 'public'],
    ['/_next/static/chunks/app.js', 'public'],
    ['/icon.svg', 'public'],
    ['/api/auth/login', 'auth'],
    ['/api/trpc/overview.get', 'trpc'],
    ['/api/other', 'api'],
    ['/api', 'api'],
    ['/login', 'login'],
    ['/wall', 'wall'],
    ['/wall/x', 'page'],
    ['/', 'page'],
    ['/clusters/lab/c1', 'page'],
    ['/api/healthz/x', 'api'],
  ])('%s is %s', (path, kind) => {
    expect(classifyPath(path)).toBe(kind);
  });
});
