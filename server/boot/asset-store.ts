/**
 * The boot asset store (RACKPILOT_BOOT_ASSETS): where a profile's kernel, initrds and image live. A
 * file is checked before it is named by a usable profile: relative, inside the directory after
 * symlinks are resolved, a regular file, and its SHA-256, cached by (path, size, mtime) so that a
 * profile is not re-read in full on every load.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { assetPathProblem } from '../schemas/boot-profile';

/** A file that cannot be used, with a message that names it. */
export class AssetProblem extends Error {
  override name = 'AssetProblem';
}

export interface CheckedAsset {
  /** As the profile names it, relative to the store. */
  path: string;
  /** The file itself, symlinks resolved. */
  absolute: string;
  size: number;
  mtimeMs: number;
  sha256: string;
}

/** Checksums kept; beyond this the oldest is forgotten (and read again if asked for). */
export const DEFAULT_MAX_CHECKSUMS = 1024;

interface CachedSum {
  size: number;
  mtimeMs: number;
  sha256: string;
}

function hashFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

export class AssetStore {
  private readonly sums = new Map<string, CachedSum>();
  /** Hashes under way, so that concurrent checks of one file read it once. */
  private readonly reading = new Map<string, Promise<string>>();

  constructor(
    readonly root: string,
    private readonly maxChecksums = DEFAULT_MAX_CHECKSUMS,
  ) {}

  /** The file `path` names, checked to be a regular file inside the store; throws AssetProblem. */
  async locate(path: string): Promise<{ absolute: string; size: number; mtimeMs: number }> {
    const syntax = assetPathProblem(path);
    if (syntax) throw new AssetProblem(`${path.slice(0, 60)} ${syntax}`);
    let root: string;
    try {
      root = await realpath(this.root);
    } catch {
      throw new AssetProblem(`${path}: the asset store ${this.root} does not exist`);
    }
    let absolute: string;
    try {
      absolute = await realpath(join(root, path));
    } catch {
      throw new AssetProblem(`${path} is missing from the asset store ${this.root}`);
    }
    if (!absolute.startsWith(root + sep))
      throw new AssetProblem(`${path} leads outside the asset store (a symlink to ${absolute})`);
    const stats = await stat(absolute).catch(() => undefined);
    if (!stats) throw new AssetProblem(`${path} cannot be read`);
    if (!stats.isFile()) throw new AssetProblem(`${path} is not a regular file`);
    return { absolute, size: stats.size, mtimeMs: stats.mtimeMs };
  }

  /** The file located and its SHA-256 (read only when its size or mtime changed since the last read). */
  async check(path: string): Promise<CheckedAsset> {
    const found = await this.locate(path);
    const cached = this.sums.get(found.absolute);
    if (cached && cached.size === found.size && cached.mtimeMs === found.mtimeMs)
      return { path, ...found, sha256: cached.sha256 };
    const key = `${found.absolute}\0${found.size}\0${found.mtimeMs}`;
    let reading = this.reading.get(key);
    if (!reading) {
      reading = hashFile(found.absolute).finally(() => this.reading.delete(key));
      this.reading.set(key, reading);
    }
    let sha256: string;
    try {
      sha256 = await reading;
    } catch (error) {
      throw new AssetProblem(
        `${path} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    this.remember(found.absolute, { size: found.size, mtimeMs: found.mtimeMs, sha256 });
    return { path, ...found, sha256 };
  }

  /** The file checked, refused with its name when its SHA-256 is not `expected`. */
  async expect(path: string, expected: string | undefined, role: string): Promise<CheckedAsset> {
    const checked = await this.check(path);
    if (expected !== undefined && checked.sha256 !== expected) {
      throw new AssetProblem(
        `${role} ${path} does not match its checksum: its SHA-256 is ${checked.sha256}, the profile says ${expected}`,
      );
    }
    return checked;
  }

  private remember(absolute: string, sum: CachedSum): void {
    this.sums.delete(absolute);
    this.sums.set(absolute, sum);
    while (this.sums.size > this.maxChecksums) {
      const oldest = this.sums.keys().next().value;
      if (oldest === undefined) break;
      this.sums.delete(oldest);
    }
  }
}
