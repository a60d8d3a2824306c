/** The label on objects the console creates for a form's prerequisites, so they can be told from others. */
export const CREATED_BY_CONSOLE = { 'rackpilot.io/created-by': 'console' } as const;
