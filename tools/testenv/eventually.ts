/**
 * Retries an assertion until it passes or the time is up, then rethrows its last failure. For tests
 * that wait on a controller or an informer: the cluster converges, it does not answer at once.
 */
export async function eventually<T>(
  probe: () => Promise<T> | T,
  timeoutMs = 30_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await probe();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
