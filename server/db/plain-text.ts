import { CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS } from '../schemas/control-characters';

const CONTROL = new RegExp(CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS.source, 'g');
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text as PostgreSQL can store it: control characters (NUL cannot be stored at all) become the visible
 * escape `\u0000`, and lone UTF-16 surrogates (which jsonb refuses) become U+FFFD. Escaping rather than
 * dropping keeps "ad\0min" apart from "admin" in lookups and shows in the audit log what was sent.
 */
export function storableText(text: string): string {
  return text
    .replace(CONTROL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(LONE_SURROGATE, '\ufffd');
}

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * `storableText` applied to every string in query arguments, keys of JSON values included. Only arrays and
 * plain objects are walked: Dates, Buffers, Decimals and Prisma's own sentinels pass unchanged.
 */
export function storableValues<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => storableValues(item)) as T;
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [storableText(key), storableValues(item)]),
  ) as T;
}
