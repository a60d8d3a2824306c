/**
 * Every message in a react-hook-form errors tree as [dotted path, message], parents before their
 * children (a role's "at least one host" before its fields'). Pure.
 */
export function errorLeaves(errors: unknown, prefix = ''): [string, string][] {
  if (typeof errors !== 'object' || errors === null) return [];
  const node = errors as Record<string, unknown>;
  const leaves: [string, string][] = [];
  if (prefix !== '' && typeof node.message === 'string' && node.message !== '') {
    leaves.push([prefix, node.message]);
  }
  for (const [key, value] of Object.entries(node)) {
    // `ref` is the DOM element the error belongs to.
    if (key === 'ref' || typeof value !== 'object') continue;
    leaves.push(...errorLeaves(value, prefix === '' ? key : `${prefix}.${key}`));
  }
  return leaves;
}
