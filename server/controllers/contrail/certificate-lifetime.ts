import { z } from 'zod';
import { CA_LIFETIME_MS } from './issue-certificates';

const HOUR_MS = 3_600_000;

/** A year: renewed with four months left (renewWindowMs), so a controller down for weeks still renews in time. */
export const DEFAULT_CERTIFICATE_LIFETIME_HOURS = 365 * 24;

/**
 * The setting of the Contrail pods' certificate lifetime, in hours (fractions allowed, so a test can
 * watch a rotation): at most the CA's own lifetime, at least a few seconds.
 */
export const certificateLifetimeEnvShape = {
  RACKPILOT_CONTRAIL_CERT_LIFETIME_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .min(0.001, 'must be at least 0.001 (3.6 seconds)')
    .max(CA_LIFETIME_MS / HOUR_MS, `must be at most ${CA_LIFETIME_MS / HOUR_MS} (the CA's lifetime)`)
    .default(DEFAULT_CERTIFICATE_LIFETIME_HOURS),
};
