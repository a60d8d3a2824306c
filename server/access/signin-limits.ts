import { z } from 'zod';

/** How many failed password checks a client address may make: `burst` at once, then one per `refillSeconds`. */
export interface AddressLimit {
  burst: number;
  refillSeconds: number;
}

/**
 * How a run of failed password checks for one username delays the next: the first `freeFailures` cost
 * nothing, then each failure refuses further checks for `firstDelaySeconds`, doubling up to `maxDelaySeconds`.
 */
export interface AccountDelay {
  freeFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
}

export interface SigninLimits {
  address: AddressLimit;
  account: AccountDelay;
}

export const DEFAULT_SIGNIN_LIMITS: SigninLimits = {
  address: { burst: 10, refillSeconds: 6 },
  account: { freeFailures: 5, firstDelaySeconds: 1, maxDelaySeconds: 300 },
};

/** A run of failures ends after this many longest delays without a failure (then the delay starts over). */
export const STREAK_END_FACTOR = 3;
/** An address where a user signed in stays known for this long after its last success. */
export const KNOWN_ADDRESS_DAYS = 30;

const NUMBER = String.raw`\d+(?:\.\d+)?`;

/** RACKPILOT_SIGNIN_ADDRESS_LIMIT: `<failures at once>:<seconds per further failure>`. */
export const addressLimitSchema = z
  .string()
  .regex(
    new RegExp(String.raw`^[1-9]\d*:${NUMBER}$`),
    'must look like 10:6 (failures at once:seconds per further failure)',
  )
  .transform((value): AddressLimit => {
    const [burst, refillSeconds] = value.split(':').map(Number);
    return { burst: burst ?? 0, refillSeconds: refillSeconds ?? 0 };
  })
  .refine((limit) => limit.refillSeconds > 0, 'the seconds per failure must be above 0');

/** RACKPILOT_SIGNIN_ACCOUNT_DELAY: `<free failures>:<first delay s>:<longest delay s>`. */
export const accountDelaySchema = z
  .string()
  .regex(
    new RegExp(String.raw`^[1-9]\d*:${NUMBER}:${NUMBER}$`),
    'must look like 5:1:300 (failures before a delay:first delay s:longest delay s)',
  )
  .transform((value): AccountDelay => {
    const [freeFailures, firstDelaySeconds, maxDelaySeconds] = value.split(':').map(Number);
    return {
      freeFailures: freeFailures ?? 0,
      firstDelaySeconds: firstDelaySeconds ?? 0,
      maxDelaySeconds: maxDelaySeconds ?? 0,
    };
  })
  .refine(
    (delay) => delay.firstDelaySeconds > 0 && delay.maxDelaySeconds >= delay.firstDelaySeconds,
    'the first delay must be above 0 and the longest at least the first',
  );
