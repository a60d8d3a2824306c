import { DEFAULT_RACK_LABEL_KEYS } from './host-labels';

/** Where the rack view reads a host's position from; keys are configurable (server/config.ts). */
export interface RackSettings {
  /** Labels a host's rack is read from, in order of precedence; the first is where a new one is written. */
  rackKeys: readonly string[];
  /** Label (or annotation) holding the lowest rack unit a host occupies, 1 at the bottom. */
  slotKey: string;
  /** Label (or annotation) holding how many units a host is tall; 1 when absent. */
  heightKey: string;
  /** Height of every rack in units. */
  units: number;
}

export const DEFAULT_RACK_SETTINGS: RackSettings = {
  rackKeys: DEFAULT_RACK_LABEL_KEYS,
  slotKey: 'rackpilot.io/rack-slot',
  heightKey: 'rackpilot.io/rack-units',
  units: 42,
};
