// What the control-plane build reads from its wrapper module's go.mod, and Go version order.
import { SetupError } from '../../server/setup-error';

/** The version `modulePath` is required at, in a single-line require or a require block. */
export function requiredVersion(goMod: string, modulePath: string): string {
  const match = new RegExp(`^\\s*(?:require\\s+)?${modulePath.replaceAll('.', '\\.')} (v[^\\s]+)`, 'm').exec(
    goMod,
  );
  if (!match?.[1])
    throw new SetupError(`${modulePath} is not required in tools/controlplane; the wrapper go.mod is broken`);
  return match[1];
}

/** The module's `go` line: the oldest Go that builds it. */
export function goLine(goMod: string): string {
  return /^go (\d+\.\d+)/m.exec(goMod)?.[1] ?? '1.24';
}

/** Orders dotted versions numerically (1.9 before 1.24). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
