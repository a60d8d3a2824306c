/**
 * A boot profile as an operator saves it (`bootProfiles.save`): what PlunderMachine spec.deploymentType
 * names. Pure: the checks that need the disk (the file exists, stays inside the asset store, has the
 * expected SHA-256) are server/boot/asset-store.ts's.
 */
import { z } from 'zod';
import { DNS1123_LABEL } from './kube-names';

export const BOOT_INSTALLERS = ['preseed', 'kickstart', 'cloud-init', 'image', 'wipe'] as const;
export type BootInstaller = (typeof BOOT_INSTALLERS)[number];
export const IMAGE_FORMATS = ['raw', 'gzip', 'zstd'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const WIPE_MODES = ['quick', 'full'] as const;
export type WipeMode = (typeof WIPE_MODES)[number];

/** The profile a released machine boots to have its disks wiped. */
export const WIPE_PROFILE = 'wipe';
export const MAX_INITRDS = 8;
export const MAX_KERNEL_ARGS = 1024;
const MAX_ASSET_PATH = 200;

/**
 * A file in the asset store: relative, `/`-separated, each part letters, digits and `._+-` (no `.` or
 * `..` part). The characters keep it safe in a URL and on an iPXE command line as it is.
 */
const ASSET_PART = /^[A-Za-z0-9_+-][A-Za-z0-9._+-]*$/;

export function assetPathProblem(path: string): string | undefined {
  if (path === '') return 'is empty';
  if (path.length > MAX_ASSET_PATH) return `is longer than ${MAX_ASSET_PATH} characters`;
  if (path.startsWith('/')) return 'must be relative to the asset store, not absolute';
  const parts = path.split('/');
  if (parts.some((part) => part === '..')) return 'must not contain ..';
  if (parts.some((part) => !ASSET_PART.test(part)))
    return 'may hold only letters, digits and ._+- in /-separated parts (none empty or starting with .)';
  return undefined;
}

const assetPath = z.string().superRefine((path, ctx) => {
  const problem = assetPathProblem(path);
  if (problem) ctx.addIssue({ code: 'custom', message: `${path.slice(0, 60)} ${problem}` });
});

const sha256 = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, 'A SHA-256 is 64 hexadecimal digits')
  .transform((hex) => hex.toLowerCase());

/**
 * Kernel arguments of the profile's own: printable, no quotes, backslashes or `$` (iPXE would expand
 * it), and none of the arguments the boot service sets itself.
 */
export function kernelArgsProblem(args: string): string | undefined {
  if (args.length > MAX_KERNEL_ARGS) return `are longer than ${MAX_KERNEL_ARGS} characters`;
  if (!/^[\x20-\x7e]*$/.test(args)) return 'must be printable text on one line';
  if (/["'\\$`]/.test(args)) return 'must not contain quotes, backslashes or $';
  const reserved = args.split(' ').find((arg) => /^(rackpilot\.|initrd=|ip=)/.test(arg));
  if (reserved) return `must not set ${reserved.split('=')[0] ?? reserved}: the boot service sets it`;
  return undefined;
}

const rootDeviceHintsSchema = z
  .object({
    deviceName: z
      .string()
      .regex(/^\/dev\/[A-Za-z0-9/_.-]{1,60}$/, 'A device path such as /dev/sda or /dev/disk/by-id/…')
      .optional(),
    minSizeGigabytes: z.number().int().min(1).max(1_000_000).optional(),
    serialNumber: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'Letters, digits and ._- only')
      .optional(),
  })
  .strict();
export type RootDeviceHints = z.infer<typeof rootDeviceHintsSchema>;

/** An image URL: URL characters only, none that iPXE or a shell would read (quotes, `$`, backslash). */
const HTTP_URL = /^https?:\/\/[A-Za-z0-9\-._~:/?#[\]@!&()*+,;=%]{1,500}$/;

export const bootProfileInputSchema = z
  .object({
    name: z
      .string()
      .max(63, 'At most 63 characters')
      .regex(DNS1123_LABEL, 'Lower-case letters, digits and "-" only, not at either end'),
    installer: z.enum(BOOT_INSTALLERS),
    kernel: assetPath,
    initrds: z.array(assetPath).min(1, 'At least one initrd').max(MAX_INITRDS),
    kernelArgs: z
      .string()
      .default('')
      .superRefine((args, ctx) => {
        const problem = kernelArgsProblem(args);
        if (problem) ctx.addIssue({ code: 'custom', message: `Kernel arguments ${problem}` });
      }),
    /** SHA-256 the kernel and initrds must have, by path; the save is refused when one differs. */
    sha256: z.record(z.string(), sha256).default({}),
    image: z.string().optional(),
    imageSha256: sha256.optional(),
    imageFormat: z.enum(IMAGE_FORMATS).optional(),
    rootDeviceHints: rootDeviceHintsSchema.optional(),
    wipeMode: z.enum(WIPE_MODES).optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const isImage = input.installer === 'image';
    if (isImage) {
      if (!input.image) issue('image', 'An image profile names its image (a store file or an http(s) URL)');
      else if (!HTTP_URL.test(input.image)) {
        const problem = assetPathProblem(input.image);
        if (problem) issue('image', `${input.image.slice(0, 60)} ${problem}`);
      }
      if (!input.imageSha256) issue('imageSha256', "An image profile gives the image's SHA-256");
    } else {
      for (const field of ['image', 'imageSha256', 'imageFormat', 'rootDeviceHints'] as const)
        if (input[field] !== undefined) issue(field, 'Only an image profile has this');
    }
    if (input.installer !== 'wipe' && input.wipeMode !== undefined)
      issue('wipeMode', 'Only a wipe profile has this');
    if (input.name === WIPE_PROFILE && input.installer !== 'wipe')
      issue(
        'installer',
        `The profile named ${WIPE_PROFILE} is what released machines boot: its installer is wipe`,
      );
    const files = new Set([input.kernel, ...input.initrds]);
    for (const path of Object.keys(input.sha256))
      if (!files.has(path))
        issue('sha256', `${path.slice(0, 60)} is not the kernel or an initrd of this profile`);
  });

export type BootProfileInput = z.input<typeof bootProfileInputSchema>;
export type BootProfileSpec = z.output<typeof bootProfileInputSchema>;

export const bootProfileNameSchema = z.object({ name: bootProfileInputSchema.shape.name });

/** One file of a profile as `bootProfiles.list` shows it. */
export interface BootProfileFile {
  /** kernel, initrd or image */
  role: 'kernel' | 'initrd' | 'image';
  path: string;
  size: number;
  sha256: string;
}

export interface BootProfileView {
  name: string;
  installer: BootInstaller;
  kernelArgs: string;
  files: BootProfileFile[];
  /** For an image profile whose image is a URL: the URL (its SHA-256 is in imageSha256). */
  imageUrl: string | null;
  imageSha256: string | null;
  imageFormat: ImageFormat | null;
  imageBytes: number | null;
  wipeMode: WipeMode | null;
  /** Null when usable; otherwise what is wrong with a file, naming it. */
  problem: string | null;
  updatedAt: string;
  updatedBy: string | null;
}
