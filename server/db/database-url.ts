import { SetupError } from '../setup-error';

/** The parts of a validated DATABASE_URL that messages and callers need. */
export interface DatabaseUrl {
  /** The URL exactly as given. */
  url: string;
  /** Host name or address; IPv6 addresses keep their brackets. */
  host: string;
  port: number;
  database: string;
  user: string;
  /** `host:port`, for messages (never contains credentials). */
  address: string;
}

const DEFAULT_PORT = 5432;
const EXPECTED = 'expected postgresql://user:password@host:5432/database';

/** Hides the password so that an error message can show what was given. */
export function redactDatabaseUrl(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/?#]*):[^@/?#]*@/i, '$1:***@');
}

function invalid(value: string, reason: string): SetupError {
  const shown = value.trim() === '' ? '(empty)' : redactDatabaseUrl(value);
  return new SetupError(`DATABASE_URL is not a PostgreSQL URL: ${shown} ${reason}; ${EXPECTED}`);
}

/** Validates a PostgreSQL connection URL; a bad one becomes a SetupError that never shows the password. */
export function parseDatabaseUrl(value: string): DatabaseUrl {
  let parsed: URL;
  try {
    parsed = new URL(value.trim());
  } catch {
    throw invalid(value, 'cannot be parsed');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw invalid(value, `has scheme "${parsed.protocol.replace(/:$/, '')}"`);
  }
  if (parsed.hostname === '') throw invalid(value, 'has no host');
  const segments = parsed.pathname.replace(/^\//, '');
  if (segments === '') throw invalid(value, 'names no database');
  if (segments.includes('/')) throw invalid(value, 'has more than one path segment');
  let database: string;
  let user: string;
  try {
    database = decodeURIComponent(segments);
    user = decodeURIComponent(parsed.username);
  } catch {
    throw invalid(value, 'has a malformed %-escape');
  }
  const port = parsed.port === '' ? DEFAULT_PORT : Number(parsed.port);
  if (port === 0) throw invalid(value, 'has port 0');
  return {
    url: value,
    host: parsed.hostname,
    port,
    database,
    user,
    address: `${parsed.hostname}:${port}`,
  };
}
