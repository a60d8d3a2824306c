/** The boot_profiles table: profiles as saved, with the size and SHA-256 each file had then. */
import type { DbClient } from '../db/client';
import { Prisma } from '../db/generated/client';
import type {
  BootInstaller,
  BootProfileFile,
  ImageFormat,
  RootDeviceHints,
  WipeMode,
} from '../schemas/boot-profile';

/** Profiles read per load; more than a site has kernels to choose from. */
export const MAX_BOOT_PROFILES = 500;

export interface BootProfile {
  name: string;
  installer: BootInstaller;
  kernel: string;
  initrds: string[];
  kernelArgs: string;
  /** A store file or an http(s) URL (image profiles). */
  image: string | null;
  imageSha256: string | null;
  imageFormat: ImageFormat | null;
  imageBytes: number | null;
  rootDeviceHints: RootDeviceHints | null;
  wipeMode: WipeMode | null;
  /** The store files it names, as verified when it was saved. */
  files: BootProfileFile[];
  updatedAt: Date;
  updatedBy: string | null;
}

type Row = Awaited<ReturnType<DbClient['bootProfile']['findMany']>>[number];

function profileOf(row: Row): BootProfile {
  return {
    name: row.name,
    installer: row.installer as BootInstaller,
    kernel: row.kernel,
    initrds: row.initrds,
    kernelArgs: row.kernelArgs,
    image: row.image,
    imageSha256: row.imageSha256,
    imageFormat: row.imageFormat as ImageFormat | null,
    imageBytes: row.imageBytes === null ? null : Number(row.imageBytes),
    rootDeviceHints: row.rootDeviceHints as RootDeviceHints | null,
    wipeMode: row.wipeMode as WipeMode | null,
    files: row.files as unknown as BootProfileFile[],
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
  };
}

export async function loadBootProfiles(db: DbClient): Promise<BootProfile[]> {
  const rows = await db.bootProfile.findMany({ orderBy: { name: 'asc' }, take: MAX_BOOT_PROFILES });
  return rows.map(profileOf);
}

export async function loadBootProfile(db: DbClient, name: string): Promise<BootProfile | undefined> {
  const row = await db.bootProfile.findUnique({ where: { name } });
  return row ? profileOf(row) : undefined;
}

/** Inserts or replaces the profile in one statement. */
export async function writeBootProfile(
  db: DbClient,
  profile: Omit<BootProfile, 'updatedAt'>,
): Promise<BootProfile> {
  const data = {
    installer: profile.installer,
    kernel: profile.kernel,
    initrds: profile.initrds,
    kernelArgs: profile.kernelArgs,
    image: profile.image,
    imageSha256: profile.imageSha256,
    imageFormat: profile.imageFormat,
    imageBytes: profile.imageBytes === null ? null : BigInt(profile.imageBytes),
    rootDeviceHints: profile.rootDeviceHints ?? Prisma.DbNull,
    wipeMode: profile.wipeMode,
    files: profile.files as unknown as object[],
    updatedBy: profile.updatedBy,
  };
  const row = await db.bootProfile.upsert({
    where: { name: profile.name },
    create: { name: profile.name, ...data },
    update: data,
  });
  return profileOf(row);
}

export async function deleteBootProfile(db: DbClient, name: string): Promise<boolean> {
  const { count } = await db.bootProfile.deleteMany({ where: { name } });
  return count > 0;
}
