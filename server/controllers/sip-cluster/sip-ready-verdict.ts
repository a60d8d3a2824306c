import { compareStrings, hostKey } from './stable-order';
import type { RoleSchedule } from './schedule-hosts';
import { SIP_READY_REASONS, type ReadyVerdict } from './ready-condition';

/** How many skipped hosts a message names before it summarises the rest. */
const MAX_LISTED_HOSTS = 10;

/**
 * The Ready verdict, first failure wins: hosts missing (Unschedulable), then services that cannot
 * be rendered or hosts that lost their data (InfraServiceFailure), then anything still converging
 * (Progressing). `waiting` is computed only when needed.
 */
export function judge(
  roles: readonly RoleSchedule[],
  complete: boolean,
  infraProblems: readonly string[],
  waiting: () => string[],
): ReadyVerdict {
  if (!complete) {
    const message = roles
      .filter((role) => role.shortfall > 0)
      .map(describeShortfall)
      .join('; ');
    return { status: 'False', reason: SIP_READY_REASONS.unschedulable, message };
  }
  if (infraProblems.length > 0) {
    return {
      status: 'False',
      reason: SIP_READY_REASONS.infraServiceFailure,
      message: infraProblems.join('; '),
    };
  }
  const pending = waiting();
  if (pending.length > 0) {
    return {
      status: 'False',
      reason: SIP_READY_REASONS.progressing,
      message: `Waiting for ${pending.join('; ')}`,
    };
  }
  const held = roles.map(({ role, wanted }) => `${role} ${count(wanted, 'host')}`);
  const message =
    held.length > 0
      ? `Scheduled ${held.join(', ')}; services available`
      : 'No hosts requested; services available';
  return { status: 'True', reason: SIP_READY_REASONS.succeeded, message };
}

/**
 * e.g. `Worker: 3 wanted, 2 schedulable (selector k=v, one per kubernetes.io/hostname), candidates:
 * 3 available, 1 inspecting, 1 powered off, skipped ns/node05 (…)`.
 */
function describeShortfall(role: RoleSchedule): string {
  const rule = role.selectorProblem ? `invalid selector: ${role.selectorProblem}` : `selector ${role.rule}`;
  let text = `${role.role}: ${role.wanted} wanted, ${role.schedulable} schedulable (${rule})`;
  text += `, candidates: ${describeCandidates(role.candidates)}`;
  if (role.skipped.length > 0) {
    const listed = role.skipped
      .slice(0, MAX_LISTED_HOSTS)
      .map(({ host, reason }) => `${hostKey(host)} (${reason})`);
    const rest = role.skipped.length - listed.length;
    text += `, skipped ${listed.join(', ')}${rest > 0 ? ` and ${rest} more` : ''}`;
  }
  return text;
}

/** Unclaimed hosts matching the selector by where they stand, most first: `3 available, 1 inspecting`. */
function describeCandidates(candidates: Readonly<Record<string, number>>): string {
  const entries = Object.entries(candidates).sort(([a, m], [b, n]) => n - m || compareStrings(a, b));
  return entries.length > 0 ? entries.map(([state, n]) => `${n} ${state}`).join(', ') : 'none free';
}

export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
