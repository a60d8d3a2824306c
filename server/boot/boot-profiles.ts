/**
 * Boot profiles as the boot service uses them: each saved profile with its files checked against the
 * asset store. A save whose file is missing or differs from its checksum is refused with the file's
 * name and nothing is written; a loaded profile whose file went missing or changed is kept but not
 * usable, with the same message, and none of its files is served.
 */
import type { DbClient } from '../db/client';
import {
  bootProfileInputSchema,
  type BootProfileFile,
  type BootProfileInput,
  type BootProfileSpec,
  type BootProfileView,
} from '../schemas/boot-profile';
import { AssetProblem, AssetStore, type CheckedAsset } from './asset-store';
import {
  deleteBootProfile,
  loadBootProfile,
  loadBootProfiles,
  writeBootProfile,
  type BootProfile,
} from './boot-profiles-db';

export type { BootProfile } from './boot-profiles-db';

/** A profile with the outcome of checking its files: the files by path when usable, else the problem. */
export type ResolvedProfile =
  | { profile: BootProfile; assets: ReadonlyMap<string, CheckedAsset>; problem?: undefined }
  | { profile: BootProfile; problem: string };

export type ProfileFailure = 'UnknownProfile' | 'ProfileNotReady';

/** A save that cannot be done, in words that name the field or file. */
export class BootProfileRefused extends Error {
  override name = 'BootProfileRefused';
}

function isUrl(image: string | null): boolean {
  return image !== null && /^https?:\/\//.test(image);
}

/** Checks each file of a profile being saved; throws BootProfileRefused naming the first bad one. */
async function checkedFiles(store: AssetStore, spec: BootProfileSpec): Promise<BootProfileFile[]> {
  const wanted: { role: BootProfileFile['role']; path: string; sha256: string | undefined }[] = [
    { role: 'kernel', path: spec.kernel, sha256: spec.sha256[spec.kernel] },
    ...spec.initrds.map((path) => ({ role: 'initrd' as const, path, sha256: spec.sha256[path] })),
  ];
  // imageSha256 is of the bytes written to the disk, which the installer verifies after writing: a raw
  // store file must have it; a compressed one has its own, recorded to notice a change, not compared.
  const raw = (spec.imageFormat ?? 'raw') === 'raw';
  if (spec.image && !isUrl(spec.image))
    wanted.push({ role: 'image', path: spec.image, sha256: raw ? spec.imageSha256 : undefined });
  const files: BootProfileFile[] = [];
  for (const file of wanted) {
    try {
      const checked = await store.expect(file.path, file.sha256, file.role);
      files.push({ role: file.role, path: file.path, size: checked.size, sha256: checked.sha256 });
    } catch (error) {
      if (error instanceof AssetProblem) throw new BootProfileRefused(error.message);
      throw error;
    }
  }
  return files;
}

/**
 * Validates `input`, checks its files in `store` (a path or an AssetStore) and saves it. Throws
 * BootProfileRefused (a bad field, a missing file, a checksum that differs) before anything is written.
 */
export async function saveBootProfile(
  db: DbClient,
  store: string | AssetStore,
  input: BootProfileInput,
  updatedBy: string | null = null,
): Promise<BootProfile> {
  const parsed = bootProfileInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'profile';
    throw new BootProfileRefused(`${field}: ${issue?.message ?? 'invalid'}`);
  }
  const spec = parsed.data;
  const assets = typeof store === 'string' ? new AssetStore(store) : store;
  const files = await checkedFiles(assets, spec);
  const image = files.find((file) => file.role === 'image');
  return writeBootProfile(db, {
    name: spec.name,
    installer: spec.installer,
    kernel: spec.kernel,
    initrds: spec.initrds,
    kernelArgs: spec.kernelArgs,
    image: spec.image ?? null,
    imageSha256: spec.imageSha256 ?? null,
    imageFormat: spec.installer === 'image' ? (spec.imageFormat ?? 'raw') : null,
    imageBytes: image?.size ?? null,
    rootDeviceHints: spec.rootDeviceHints ?? null,
    wipeMode: spec.installer === 'wipe' ? (spec.wipeMode ?? 'quick') : null,
    files,
    updatedBy,
  });
}

/** A saved profile checked against the store now: usable with its files, or the first file's problem. */
export async function resolveProfile(store: AssetStore, profile: BootProfile): Promise<ResolvedProfile> {
  const assets = new Map<string, CheckedAsset>();
  try {
    for (const file of profile.files)
      assets.set(file.path, await store.expect(file.path, file.sha256, file.role));
  } catch (error) {
    if (error instanceof AssetProblem) return { profile, problem: error.message };
    throw error;
  }
  return { profile, assets };
}

export function profileView(resolved: ResolvedProfile): BootProfileView {
  const { profile } = resolved;
  return {
    name: profile.name,
    installer: profile.installer,
    kernelArgs: profile.kernelArgs,
    files: profile.files,
    imageUrl: isUrl(profile.image) ? profile.image : null,
    imageSha256: profile.imageSha256,
    imageFormat: profile.imageFormat,
    imageBytes: profile.imageBytes,
    wipeMode: profile.wipeMode,
    problem: resolved.problem ?? null,
    updatedAt: profile.updatedAt.toISOString(),
    updatedBy: profile.updatedBy,
  };
}

/**
 * A name not found in the table, or a profile with a file problem (an operator may be copying the file
 * in), is looked at again at most this often when asked for: a machine boots in a loop.
 */
const MISS_RETRY_MS = 1_000;
const MAX_MISSES = 1_000;

/**
 * The profiles of one process: loaded at start and again by `refresh()` (other replicas save too),
 * and a name not yet known is looked up in the table when asked for.
 */
export class BootProfiles {
  private profiles = new Map<string, ResolvedProfile>();
  private readonly missedAt = new Map<string, number>();
  /** When each profile with a problem was last checked on request (names of loaded profiles only). */
  private readonly problemCheckedAt = new Map<string, number>();

  constructor(
    private readonly db: DbClient,
    readonly store: AssetStore,
  ) {}

  /** Reads every profile and checks its files (unchanged files are not read again). */
  async refresh(): Promise<void> {
    const loaded = await loadBootProfiles(this.db);
    const next = new Map<string, ResolvedProfile>();
    for (const profile of loaded) next.set(profile.name, await resolveProfile(this.store, profile));
    this.profiles = next;
    this.missedAt.clear();
    this.problemCheckedAt.clear();
  }

  /** The profile as last loaded, without asking the database. */
  get(name: string): ResolvedProfile | undefined {
    return this.profiles.get(name);
  }

  /** The profile, looked up in the table when this process has not loaded it yet. */
  async resolve(name: string, now = Date.now()): Promise<ResolvedProfile | undefined> {
    const known = this.profiles.get(name);
    if (known) {
      if (!known.problem || now - (this.problemCheckedAt.get(name) ?? 0) < MISS_RETRY_MS) return known;
      this.problemCheckedAt.set(name, now);
      await this.recheck(name);
      return this.profiles.get(name);
    }
    const missed = this.missedAt.get(name);
    if (missed !== undefined && now - missed < MISS_RETRY_MS) return undefined;
    const profile = await loadBootProfile(this.db, name);
    if (!profile) {
      if (this.missedAt.size >= MAX_MISSES) this.missedAt.clear();
      this.missedAt.set(name, now);
      return undefined;
    }
    const resolved = await resolveProfile(this.store, profile);
    this.profiles.set(name, resolved);
    return resolved;
  }

  list(): BootProfileView[] {
    return [...this.profiles.values()].map(profileView).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Saves (see saveBootProfile) and uses the profile at once in this process. */
  async save(input: BootProfileInput, updatedBy: string | null): Promise<BootProfileView> {
    const profile = await saveBootProfile(this.db, this.store, input, updatedBy);
    const resolved = await resolveProfile(this.store, profile);
    this.profiles.set(profile.name, resolved);
    this.missedAt.delete(profile.name);
    return profileView(resolved);
  }

  /** Checks a loaded profile's files again (one changed on disk since it was checked). */
  async recheck(name: string): Promise<void> {
    const known = this.profiles.get(name);
    if (!known) return;
    const resolved = await resolveProfile(this.store, known.profile).catch(
      (error: unknown): ResolvedProfile => ({
        profile: known.profile,
        problem: error instanceof Error ? error.message : String(error),
      }),
    );
    this.profiles.set(name, resolved);
  }

  /**
   * The usable profile `name`, or why a machine cannot boot it: none by that name, a wipe profile
   * where an installer is wanted (or the other way round), or a file's problem.
   */
  async usable(
    name: string,
    wanted: 'install' | 'wipe',
  ): Promise<{ profile: BootProfile } | { reason: ProfileFailure; message: string }> {
    const resolved = await this.resolve(name);
    if (!resolved)
      return {
        reason: 'UnknownProfile',
        message: `no boot profile named ${name} (bootProfiles.list shows them)`,
      };
    if ((resolved.profile.installer === 'wipe') !== (wanted === 'wipe'))
      return {
        reason: 'UnknownProfile',
        message: `boot profile ${name} ${wanted === 'wipe' ? 'installs, it does not wipe' : 'wipes disks, it installs nothing'}`,
      };
    if (resolved.problem)
      return {
        reason: 'ProfileNotReady',
        message: `boot profile ${name} is not usable: ${resolved.problem}`,
      };
    return { profile: resolved.profile };
  }

  async remove(name: string): Promise<boolean> {
    const removed = await deleteBootProfile(this.db, name);
    this.profiles.delete(name);
    return removed;
  }
}
