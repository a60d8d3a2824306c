/**
 * One line saying where a parsed document (the YAML tab's) does not fit a strict document schema,
 * e.g. "spec.services.jumpHost[0].clusterIP is not supported by the form". Pure.
 */
import type { z } from 'zod';

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping',
  record: 'a mapping',
};

function place(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('');
}

export function documentProblem(issues: readonly z.core.$ZodIssue[]): string {
  const [issue] = issues;
  if (!issue) return '';
  if (issue.code === 'unrecognized_keys') {
    return `${place([...issue.path, issue.keys[0] ?? ''])} is not supported by the form`;
  }
  const where = issue.path.length > 0 ? place(issue.path) : 'the document';
  if (issue.code === 'invalid_type') return `${where} must be ${EXPECTED[issue.expected] ?? issue.expected}`;
  return `${where} ${issue.message}`;
}

export type DocumentReading<T> = { ok: true; values: T } | { ok: false; error: string };

/** Reads a parsed document into form values with a strict document schema. */
export function readDocument<T>(schema: z.ZodType<T>, document: unknown): DocumentReading<T> {
  const result = schema.safeParse(document);
  return result.success
    ? { ok: true, values: result.data }
    : { ok: false, error: documentProblem(result.error.issues) };
}
