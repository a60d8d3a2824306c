import { readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { z } from 'zod';

/** Per-folder line-coverage floors (whole percent): coverage may rise above them, never fall below. */
export const COVERAGE_FLOORS = 'tools/testenv/coverage-floors.json';

const floors = z.record(z.string().min(1), z.number().int().min(0).max(100));
export type CoverageFloors = z.infer<typeof floors>;

export async function readCoverageFloors(path: string): Promise<CoverageFloors> {
  const parsed = floors.safeParse(JSON.parse(await readFile(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

/** Vitest's json-summary report: one entry per file (absolute path) plus `total`. */
export type CoverageSummary = Record<string, { lines: { total: number; covered: number } }>;

// server/ and tools/ hold one layer or tool per subfolder, each with its own floor; elsewhere the
// top folder is the unit (components, app, scripts).
const SPLIT = new Set(['server', 'tools']);

/** The folder a file's coverage counts towards: server/kube, tools/lab, components, ... */
export function coverageFolder(file: string): string {
  const parts = file.split('/');
  const [top = '', second] = parts;
  if (parts.length === 1) return '.';
  return SPLIT.has(top) && parts.length > 2 && second ? `${top}/${second}` : top;
}

export interface FolderCoverage {
  folder: string;
  covered: number;
  total: number;
  /** Whole percent, rounded down, so a floor set from it holds on the next run. */
  percent: number;
}

export function coverageByFolder(summary: CoverageSummary, root: string): FolderCoverage[] {
  const folders = new Map<string, { covered: number; total: number }>();
  for (const [file, { lines }] of Object.entries(summary)) {
    if (file === 'total') continue;
    const folder = coverageFolder(relative(root, file).split(sep).join('/'));
    const sum = folders.get(folder) ?? { covered: 0, total: 0 };
    sum.covered += lines.covered;
    sum.total += lines.total;
    folders.set(folder, sum);
  }
  return [...folders]
    .map(([folder, { covered, total }]) => ({
      folder,
      covered,
      total,
      percent: total === 0 ? 100 : Math.floor((covered * 100) / total),
    }))
    .sort((a, b) => a.folder.localeCompare(b.folder));
}

/**
 * What is wrong with a run: a folder below its floor, a folder without a floor (new folders start
 * with one at their first level), or a floor whose folder has no files any more.
 */
export function judgeCoverage(folders: FolderCoverage[], floorOf: CoverageFloors): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { folder, percent } of folders) {
    seen.add(folder);
    const floor = floorOf[folder];
    if (floor === undefined)
      problems.push(`${folder} has no floor in ${COVERAGE_FLOORS} (it is at ${percent}%)`);
    else if (percent < floor)
      problems.push(`${folder} line coverage ${percent}% is below its floor ${floor}%`);
  }
  for (const folder of Object.keys(floorOf))
    if (!seen.has(folder)) problems.push(`${COVERAGE_FLOORS} has a floor for ${folder}, which has no files`);
  return problems;
}

/** The table printed after the unit tier; a floor that could rise says so. */
export function coverageTable(folders: FolderCoverage[], floorOf: CoverageFloors): string[] {
  return folders.map(({ folder, covered, total, percent }) => {
    const floor = floorOf[folder];
    const note =
      floor === undefined ? 'no floor' : percent > floor ? `floor ${floor}% (may rise)` : `floor ${floor}%`;
    return `  ${folder.padEnd(22)} ${`${percent}%`.padStart(4)}  ${`${covered}/${total}`.padStart(10)} lines  ${note}`;
  });
}
