/** A namespaced object's detail page under its section's `path` ("/placement" → "/placement/ns/name"). */
export function objectHref(path: string, ref: { namespace: string; name: string }): string {
  return `${path}/${encodeURIComponent(ref.namespace)}/${encodeURIComponent(ref.name)}`;
}
