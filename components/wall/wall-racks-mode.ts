/** What the wall's racks tile shows: the racks with problems as chips, or every rack drawn small. */
export type RacksMode = 'problems' | 'all';

export interface RacksSetting {
  mode: RacksMode;
  /** Why the value given was not taken, shown on the wall (nobody reads a console there). */
  note?: string;
}

/** `?racks=` read strictly: `all` or `problems`; anything else shows the default, with a note. */
export function parseRacks(raw: string | null): RacksSetting {
  if (raw === null || raw === 'problems') return { mode: 'problems' };
  if (raw === 'all') return { mode: 'all' };
  return { mode: 'problems', note: `racks=${raw.slice(0, 20)} ignored: give racks=all or racks=problems` };
}
