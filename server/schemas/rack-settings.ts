/** Where the rack view reads a host's position from; keys are configurable (server/config.ts). */
export interface RackSettings {
  /** Label (or annotation) holding the lowest rack unit a host occupies, 1 at the bottom. */
  slotKey: string;
  /** Label (or annotation) holding how many units a host is tall; 1 when absent. */
  heightKey: string;
  /** Height of every rack in units. */
  units: number;
}

export const DEFAULT_RACK_SETTINGS: RackSettings = {
  slotKey: 'rackpilot.io/rack-slot',
  heightKey: 'rackpilot.io/rack-units',
  units: 42,
};
