/**
 * A readable message from a tRPC error. Input validation failures arrive as zod's JSON list of
 * issues; those become "field: message" lines.
 */
export function errorText(error: { message: string } | null | undefined): string {
  if (!error) return '';
  try {
    const issues = JSON.parse(error.message) as unknown;
    if (Array.isArray(issues)) {
      return issues
        .map((issue: { path?: unknown[]; message?: string }) =>
          [issue.path?.join('.'), issue.message].filter(Boolean).join(': '),
        )
        .join('\n');
    }
  } catch {
    // not JSON: a plain message
  }
  return error.message;
}

/** Field errors ("a.b.c" → message) from a zod issue list carried in a tRPC error message. */
export function fieldErrorsFromMessage(message: string): Record<string, string> {
  const errors: Record<string, string> = {};
  try {
    const issues = JSON.parse(message) as unknown;
    if (!Array.isArray(issues)) return errors;
    for (const issue of issues as { path?: unknown[]; message?: string }[]) {
      const path = (issue.path ?? []).map(String).join('.');
      if (issue.message) errors[path] ??= issue.message;
    }
  } catch {
    // not a list of issues
  }
  return errors;
}
