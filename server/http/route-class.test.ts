import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../schemas/next-path';
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

describe('safeNextPath', () => {
  it.each([
    [null, '/'],
    ['', '/'],
    ['/clusters?page=2', '/clusters?page=2'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['javascript:alert(1)', '/'],
  ])('%s → %s', (value, path) => {
    expect(safeNextPath(value)).toBe(path);
  });
});
