import { readFile } from 'node:fs/promises';
import { z } from 'zod';

/** A test allowed to be skipped, named `<file relative to the repo> > <describe titles> > <title>`, and why. */
const allowedSkip = z.object({
  test: z.string().min(1),
  reason: z.string().trim().min(1, 'every skip needs a reason'),
});
export type AllowedSkip = z.infer<typeof allowedSkip>;

export const SKIP_ALLOWLIST = 'tools/testenv/skip-allowlist.json';

export async function readSkipAllowlist(path: string): Promise<AllowedSkip[]> {
  const parsed = z.array(allowedSkip).safeParse(JSON.parse(await readFile(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

/** Splits the skipped tests of a run into those the allowlist names (with its reason) and the rest. */
export function judgeSkips(
  skipped: string[],
  allowlist: AllowedSkip[],
): { allowed: AllowedSkip[]; unlisted: string[] } {
  const reasons = new Map(allowlist.map((entry) => [entry.test, entry.reason]));
  const allowed: AllowedSkip[] = [];
  const unlisted: string[] = [];
  for (const test of skipped) {
    const reason = reasons.get(test);
    if (reason === undefined) unlisted.push(test);
    else allowed.push({ test, reason });
  }
  return { allowed, unlisted };
}
