/**
 * What RBAC checks for one API request, read from its method and URL the way the API server's request
 * info resolver does: verb, API group, resource (with subresource), namespace and name. Discovery and
 * other non-resource paths (/version, /apis/<group>/<version>) give undefined: every authenticated
 * user may read them.
 */
export interface KubeRequestInfo {
  verb: string;
  group: string;
  resource: string;
  namespace?: string;
  name?: string;
}

const VERBS: Record<string, string> = { POST: 'create', PUT: 'update', PATCH: 'patch' };

export function kubeRequestInfo(method: string, url: string): KubeRequestInfo | undefined {
  const parsed = new URL(url, 'https://api.invalid');
  const segments = parsed.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  let rest: string[];
  let group: string;
  if (segments[0] === 'api' && segments.length > 2) {
    group = '';
    rest = segments.slice(2);
  } else if (segments[0] === 'apis' && segments.length > 3) {
    group = segments[1] ?? '';
    rest = segments.slice(3);
  } else return undefined;
  let namespace: string | undefined;
  // namespaces/<ns>/<resource>...; `namespaces/<name>` alone is the Namespace object itself.
  if (rest[0] === 'namespaces' && rest.length > 2) {
    namespace = rest[1];
    rest = rest.slice(2);
  }
  const [plural = '', name, ...subresource] = rest;
  const resource = subresource.length > 0 ? `${plural}/${subresource.join('/')}` : plural;
  const upper = method.toUpperCase();
  let verb: string;
  if (upper === 'GET') {
    const watch = parsed.searchParams.get('watch');
    verb = name ? 'get' : watch === 'true' || watch === '1' ? 'watch' : 'list';
  } else if (upper === 'DELETE') verb = name ? 'delete' : 'deletecollection';
  else verb = VERBS[upper] ?? upper.toLowerCase();
  return { verb, group, resource, namespace, name };
}
