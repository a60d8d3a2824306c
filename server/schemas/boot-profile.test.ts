import { describe, expect, it } from 'vitest';
import { assetPathProblem, bootProfileInputSchema, kernelArgsProblem } from './boot-profile';

const SHA = 'ab'.repeat(32);
const base = { name: 'debian-12', installer: 'preseed', kernel: 'd12/linux', initrds: ['d12/initrd.gz'] };

function firstIssue(input: unknown): string | undefined {
  const parsed = bootProfileInputSchema.safeParse(input);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  return `${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`;
}

describe('assetPathProblem', () => {
  it.each([
    ['vmlinuz', undefined],
    ['debian/12/linux', undefined],
    ['images/os-1.2_x86+64.img.zst', undefined],
    ['', 'is empty'],
    ['/etc/passwd', 'must be relative to the asset store, not absolute'],
    ['../etc/passwd', 'must not contain ..'],
    ['a/../../b', 'must not contain ..'],
    ['a/./b', 'may hold only'],
    ['a//b', 'may hold only'],
    ['.hidden', 'may hold only'],
    ['a b', 'may hold only'],
    ['a$b', 'may hold only'],
    ['a\\b', 'may hold only'],
    ['x'.repeat(201), 'is longer than 200 characters'],
  ])('%s → %s', (path, problem) => {
    const found = assetPathProblem(path);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toContain(problem);
  });
});

describe('kernelArgsProblem', () => {
  it.each([
    ['', undefined],
    ['console=ttyS0,115200n8 quiet', undefined],
    ['a="b c"', 'quotes'],
    ["a='b'", 'quotes'],
    ['x=${net0/mac}', 'quotes, backslashes or $'],
    ['a\nb', 'printable text on one line'],
    ['rackpilot.token=forged', 'must not set rackpilot.token'],
    ['quiet initrd=other.img', 'must not set initrd'],
    ['ip=dhcp', 'must not set ip'],
    ['a'.repeat(1025), 'longer than 1024'],
  ])('%j → %s', (args, problem) => {
    const found = kernelArgsProblem(args);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toContain(problem);
  });
});

describe('bootProfileInputSchema', () => {
  it('accepts an installer profile and fills the defaults', () => {
    expect(bootProfileInputSchema.parse(base)).toEqual({ ...base, kernelArgs: '', sha256: {} });
  });

  it('accepts an image profile, lower-casing its checksum', () => {
    const parsed = bootProfileInputSchema.parse({
      ...base,
      installer: 'image',
      image: 'https://images.example.com/os.img.gz?v=2',
      imageSha256: SHA.toUpperCase(),
      imageFormat: 'gzip',
      rootDeviceHints: { deviceName: '/dev/disk/by-id/nvme-1', minSizeGigabytes: 20 },
    });
    expect(parsed.imageSha256).toBe(SHA);
  });

  it.each([
    ['a name that is no DNS label', { ...base, name: 'Debian_12' }, 'name: Lower-case letters'],
    ['no initrd', { ...base, initrds: [] }, 'initrds: At least one initrd'],
    ['an unknown installer', { ...base, installer: 'netboot' }, 'installer:'],
    ['an absolute kernel', { ...base, kernel: '/boot/vmlinuz' }, 'kernel: /boot/vmlinuz must be relative'],
    ['an initrd with ..', { ...base, initrds: ['../x'] }, 'initrds.0: ../x must not contain ..'],
    ['quotes in the arguments', { ...base, kernelArgs: 'a="b"' }, 'kernelArgs: Kernel arguments must not'],
    ['an unknown field', { ...base, extra: 1 }, ':'],
    [
      'an image profile without an image',
      { ...base, installer: 'image', imageSha256: SHA },
      'image: An image',
    ],
    [
      'an image profile without a checksum',
      { ...base, installer: 'image', image: 'os.img' },
      "imageSha256: An image profile gives the image's SHA-256",
    ],
    [
      'an image URL with a quote',
      { ...base, installer: 'image', image: "http://x/'a", imageSha256: SHA },
      'image: ',
    ],
    ['an image on an installer profile', { ...base, image: 'os.img' }, 'image: Only an image profile'],
    ['a wipe mode on an installer profile', { ...base, wipeMode: 'full' }, 'wipeMode: Only a wipe profile'],
    ['a wipe profile that installs', { ...base, name: 'wipe' }, 'installer: The profile named wipe'],
    ['a checksum of another file', { ...base, sha256: { other: SHA } }, 'sha256: other is not the kernel'],
    ['a short checksum', { ...base, sha256: { 'd12/linux': 'abc' } }, 'sha256.d12/linux: A SHA-256'],
    [
      'a device hint that is no device',
      {
        ...base,
        installer: 'image',
        image: 'os.img',
        imageSha256: SHA,
        rootDeviceHints: { deviceName: 'sda' },
      },
      'rootDeviceHints.deviceName: A device path',
    ],
  ])('refuses %s', (_, input, message) => {
    expect(firstIssue(input)).toContain(message);
  });
});
