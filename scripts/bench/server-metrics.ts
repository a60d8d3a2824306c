/** How many objects of `resource` (plural, e.g. baremetalhosts) the server's informer caches hold. */
export async function cachedObjects(url: string, cookie: string, resource: string): Promise<number> {
  const metrics = await (await fetch(`${url}/api/metrics`, { headers: { cookie } })).text();
  const line = new RegExp(`^rackpilot_informer_objects\\{resource="${resource}"\\} (\\d+)`, 'm');
  return Number(line.exec(metrics)?.[1] ?? 0);
}

/** Resolves once the server's caches hold at least `count` objects of `resource`. */
export async function untilCached(
  url: string,
  cookie: string,
  resource: string,
  count: number,
): Promise<void> {
  while ((await cachedObjects(url, cookie, resource)) < count) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
