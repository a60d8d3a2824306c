/** Field errors keyed by dotted path (`services.jumpHost.nodePort`, `roles` …), first message each. */
export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}
