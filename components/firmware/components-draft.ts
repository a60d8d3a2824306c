/**
 * The firmware components form's draft: the requested updates after an add or a removal, the diff it
 * shows before writing, and BMO's objections to it, checked in the browser by the rules the server checks
 * again before it writes. Pure.
 */
import { updatesProblems, type FirmwareUpdate } from '@/server/schemas/firmware-component-rules';
import type { FieldChange } from '@/server/schemas/object-changes';

export function withUpdate(requested: readonly FirmwareUpdate[], update: FirmwareUpdate): FirmwareUpdate[] {
  return [...requested, { component: update.component.trim(), url: update.url.trim() }];
}

export function withoutUpdate(requested: readonly FirmwareUpdate[], component: string): FirmwareUpdate[] {
  return requested.filter((update) => update.component !== component);
}

/** spec.updates before and after, one row per component whose image changes. */
export function updatesDiff(
  before: readonly FirmwareUpdate[],
  after: readonly FirmwareUpdate[],
): FieldChange[] {
  const was = new Map(before.map((update) => [update.component, update.url]));
  const will = new Map(after.map((update) => [update.component, update.url]));
  return [...new Set([...was.keys(), ...will.keys()])]
    .filter((component) => was.get(component) !== will.get(component))
    .map((component) => ({
      path: `spec.updates[${component}]`,
      ...(was.has(component) ? { before: was.get(component) } : {}),
      ...(will.has(component) ? { after: will.get(component) } : {}),
    }));
}

/** What BMO's rules say against the draft, one line per problem. */
export function draftUpdateProblems(updates: readonly FirmwareUpdate[]): string[] {
  return updatesProblems(updates).map((problem) => problem.message);
}
