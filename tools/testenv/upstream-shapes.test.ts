import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureObject, objectPathOf, UPSTREAM_SHAPES_DIR, upstreamFixtures } from './upstream-shapes';

describe('the upstream-shapes fixtures', () => {
  const fixtures = upstreamFixtures();

  it('each names the upstream file it mirrors and holds at least one object with a kind and a name', () => {
    expect(fixtures.length).toBeGreaterThan(0);
    for (const fixture of fixtures) {
      expect(fixture.header, fixture.file).toMatch(/^# Rackpilot fixture in the shape of upstream \S+\/\S+ /);
      expect(fixture.objects.length, fixture.file).toBeGreaterThan(0);
      for (const object of fixture.objects) expect(object.metadata.name, fixture.file).toBeTruthy();
    }
  });

  it('says why of every fixture expected to be rejected', () => {
    for (const fixture of fixtures.filter((f) => f.rejected)) {
      const text = readFileSync(join(UPSTREAM_SHAPES_DIR, fixture.file), 'utf8');
      expect(text, fixture.file).toMatch(/^# expect: rejected \(\S.{10,}/m);
    }
    expect(fixtures.some((f) => !f.rejected)).toBe(true);
  });

  it('finds where each object lives: core objects under /api/v1, custom ones under their group', () => {
    for (const fixture of fixtures.filter((f) => !f.rejected)) {
      for (const object of fixture.objects) {
        const path = objectPathOf(object, 'ns');
        expect(path, fixture.file).toMatch(
          object.apiVersion === 'v1'
            ? /^\/api\/v1\/namespaces\/ns\/\w+s\/.+/
            : /^\/apis\/[^/]+\/[^/]+\/namespaces\/ns\/\w+\/.+/,
        );
      }
    }
  });

  it('says which fixture or kind is missing', () => {
    expect(() => fixtureObject('no-such.yaml', 'Ironic')).toThrow('no fixture no-such.yaml');
    const first = fixtures[0];
    if (!first) throw new Error('fixtures expected');
    expect(() => fixtureObject(first.file, 'NoSuchKind')).toThrow(`${first.file} has no NoSuchKind`);
  });
});
