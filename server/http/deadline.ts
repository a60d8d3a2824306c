export class DeadlineExceededError extends Error {
  override name = 'DeadlineExceededError';
}

/**
 * Settles as `work` does, or rejects with DeadlineExceededError after `ms`. The work itself goes on (a
 * query cannot be taken back); its late result or error is dropped.
 */
export async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new DeadlineExceededError(`${what}: no result within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
