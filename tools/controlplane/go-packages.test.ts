import { describe, expect, it } from 'vitest';
import { compilePlan, isStandard } from './go-packages';

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

describe('compilePlan', () => {
  it('counts the standard library once and each build its own others', () => {
    const plan = compilePlan([
      ['fmt', 'internal/abi', 'k8s.io/api/core/v1', 'sigs.k8s.io/yaml'],
      ['fmt', 'net/http', 'vendor/golang.org/x/net/idna', 'sigs.k8s.io/yaml'],
    ]);
    expect(plan.total).toBe(4 + 3);
  });

  it('builds first the public standard packages, in order, leaving internal and vendored ones to them', () => {
    const plan = compilePlan([
      ['os', 'internal/abi', 'crypto/internal/fips140', 'vendor/golang.org/x/net/idna', 'k8s.io/api/core/v1'],
      ['fmt', 'os'],
    ]);
    expect(plan.standard).toEqual(['fmt', 'os']);
  });
});
