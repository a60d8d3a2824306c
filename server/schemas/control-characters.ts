/**
 * One rule for every name, label and line of text a caller sends: no control characters. They are invisible
 * in the console (a name that looks like another), and PostgreSQL's text and jsonb cannot hold NUL at all.
 */
import { z } from 'zod';

/** C0 controls (NUL included), DEL and C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, except tab and line breaks, for multi-line text such as authorized keys. */
// eslint-disable-next-line no-control-regex -- as above
export const CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters such as NUL';

/**
 * A string refused at once when it holds a control character: the check comes first and stops the rest,
 * so the caller reads this reason rather than a pattern's.
 */
export function plainString({ multiLine = false }: { multiLine?: boolean } = {}) {
  const forbidden = multiLine ? CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS : CONTROL_CHARACTERS;
  return z.string().refine((value) => !forbidden.test(value), {
    message: CONTROL_CHARACTER_MESSAGE,
    abort: true,
  });
}
