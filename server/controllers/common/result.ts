/**
 * Outcome of reading one input (a Secret, a networkData document): either the value or a sentence
 * that says what is wrong. Planner code never throws for bad user input; the sentence ends up in the
 * Ready condition so the operator sees it.
 */
export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(error: string): Result<T> {
  return { ok: false, error };
}
