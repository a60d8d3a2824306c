/** A set-up failure the user can act on: printed as one line, never with a stack trace. */
export class SetupError extends Error {
  override name = 'SetupError';
}

export function isSetupError(error: unknown): error is SetupError {
  return error instanceof SetupError;
}
