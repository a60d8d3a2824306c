import { describe, expect, it } from 'vitest';
import { compilePlan, isStandard, parseGoPackage, type GoPackage } from './go-packages';

describe('isStandard', () => {
  it.each([
    ['fmt', true],
    ['net/http', true],
    ['vendor/golang.org/x/net/idna', true],
    ['k8s.io/api/core/v1', false],
    ['github.com/spf13/cobra', false],
  ])('%s → %s', (path, standard) => {
    expect(isStandard(path)).toBe(standard);
  });
});

describe('parseGoPackage', () => {
  it('splits the import path from a folder that may hold spaces', () => {
    expect(parseGoPackage('k8s.io/api/core/v1\t/home/a b/go/pkg/mod/k8s.io/api@v0.34.4/core/v1')).toEqual({
      path: 'k8s.io/api/core/v1',
      dir: '/home/a b/go/pkg/mod/k8s.io/api@v0.34.4/core/v1',
    });
  });
});

/** Packages from `path@version` specs; standard ones live in GOROOT. */
const list = (...specs: string[]): GoPackage[] =>
  specs.map((spec) => {
    const [path = '', version] = spec.split('@');
    return { path, dir: version ? `/mod/${path}@${version}` : `/goroot/src/${path}` };
  });

describe('compilePlan', () => {
  it('counts the standard library once, and each other source folder once across the builds', () => {
    const plan = compilePlan([
      list('fmt', 'internal/abi', 'k8s.io/api/core/v1@v0.34.4', 'sigs.k8s.io/yaml@v1.4.0'),
      list(
        'fmt',
        'net/http',
        'vendor/golang.org/x/net/idna',
        'k8s.io/api/core/v1@v0.33.1',
        'sigs.k8s.io/yaml@v1.4.0',
      ),
    ]);
    // Standard: fmt, internal/abi, net/http, the vendored idna; others: two versions of core/v1, one yaml.
    expect(plan.total).toBe(4 + 3);
  });

  it('builds first the public standard packages, in order, leaving internal and vendored ones to them', () => {
    const plan = compilePlan([
      list(
        'os',
        'internal/abi',
        'crypto/internal/fips140',
        'vendor/golang.org/x/net/idna',
        'k8s.io/api/core/v1@v0.34.4',
      ),
      list('fmt', 'os'),
    ]);
    expect(plan.standard).toEqual(['fmt', 'os']);
  });
});
