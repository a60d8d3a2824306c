/**
 * A host's place in its rack as the host form and the label editor set it: three labels, checked as the
 * rack view reads them (server/api/racks/rack-layout.ts). Pure.
 */
import { labelValueProblem } from './label-rules';
import { rackLabelKeyOf } from './host-labels';
import type { RackSettings } from './rack-settings';

/** The tallest host a height label may describe; a larger number is a typo, not a machine. */
export const MAX_HOST_UNITS = 16;

export type PositionField = 'rack' | 'slot' | 'height';

export type RackPosition = Record<PositionField, string>;

/**
 * The label each field is kept in: the rack in the key the host already uses (ViNO's, say), else the
 * first configured rack key; slot and height in the configured keys.
 */
export function positionKeys(labels: Record<string, string>, settings: RackSettings): RackPosition {
  return {
    rack: rackLabelKeyOf(labels, settings.rackKeys) ?? settings.rackKeys[0] ?? '',
    slot: settings.slotKey,
    height: settings.heightKey,
  };
}

/** The position the labels give ('' for a field they leave out). */
export function positionOf(labels: Record<string, string>, settings: RackSettings): RackPosition {
  const keys = positionKeys(labels, settings);
  return { rack: labels[keys.rack] ?? '', slot: labels[keys.slot] ?? '', height: labels[keys.height] ?? '' };
}

const WHOLE = /^\d{1,4}$/;

function units(text: string): number | undefined {
  return WHOLE.test(text) ? Number(text) : undefined;
}

/** Why each field cannot be saved as it is; empty fields are fine (no rack, unplaced, 1U). */
export function positionProblems(position: RackPosition, rackUnits: number): Partial<RackPosition> {
  const problems: Partial<RackPosition> = {};
  const text = { rack: position.rack.trim(), slot: position.slot.trim(), height: position.height.trim() };
  const rack = labelValueProblem(text.rack);
  if (rack) problems.rack = rack;
  const slot = units(text.slot);
  const height = units(text.height);
  if (text.slot !== '' && (slot === undefined || slot < 1 || slot > rackUnits)) {
    problems.slot = `A unit from 1 (the bottom) to ${rackUnits}`;
  }
  if (text.height !== '' && (height === undefined || height < 1 || height > MAX_HOST_UNITS)) {
    problems.height = `A number of units from 1 to ${MAX_HOST_UNITS}`;
  }
  if (!problems.slot && !problems.height && slot !== undefined && slot + (height ?? 1) - 1 > rackUnits) {
    problems.height = `A ${height ?? 1}U host at U${slot} would stand above the rack's ${rackUnits}U`;
  }
  return problems;
}
