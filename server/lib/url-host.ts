/** A host as it is written in a URL: an IPv6 literal in brackets, anything else as it is. */
export function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
