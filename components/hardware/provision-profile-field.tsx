'use client';

import { useEffect } from 'react';
import type { BootInstaller, BootProfileView } from '@/server/schemas/boot-profile';
import { bytesText } from '../ui/format';
import { Field } from '../ui/form-kit/field';
import { useRequiredFormKit } from '../ui/form-kit/form-kit-context';
import { Select } from '../ui/form-kit/inputs';

const INSTALLER_LABELS: Record<Exclude<BootInstaller, 'wipe'>, string> = {
  preseed: 'Debian preseed',
  kickstart: 'Kickstart (RHEL family)',
  'cloud-init': 'Ubuntu autoinstall (cloud-init)',
  image: 'disk image',
};
/** Hex digits of a SHA-256 shown in a list; the whole value is a click away. */
const SHORT_SHA = 12;
/** A problem is cut to this in an option's text; the option's title holds all of it. */
const SHORT_PROBLEM = 80;

function shortSha(sha256: string): string {
  return `${sha256.slice(0, SHORT_SHA)}…`;
}

function imageSize(profile: BootProfileView): string {
  return profile.imageBytes === null ? 'size unknown (a URL)' : bytesText(profile.imageBytes);
}

function optionText(profile: BootProfileView): string {
  const parts = [profile.name, INSTALLER_LABELS[profile.installer as Exclude<BootInstaller, 'wipe'>]];
  if (profile.installer === 'image') {
    parts.push(imageSize(profile));
    if (profile.imageSha256) parts.push(`SHA-256 ${shortSha(profile.imageSha256)}`);
  }
  const text = parts.join(' · ');
  if (!profile.problem) return text;
  const problem =
    profile.problem.length > SHORT_PROBLEM ? `${profile.problem.slice(0, SHORT_PROBLEM)}…` : profile.problem;
  return `${text} — not usable: ${problem}`;
}

/** The profiles a machine can be provisioned with: all but the wipe kind. */
function installProfiles(profiles: BootProfileView[] | undefined): BootProfileView[] | undefined {
  return profiles?.filter((profile) => profile.installer !== 'wipe');
}

/** What the chosen profile installs: an image with its format, size and whole SHA-256; or its problem. */
function ProfileDetails({ profile }: { profile: BootProfileView }) {
  if (profile.problem)
    return (
      <p className="text-xs text-red-300" data-testid="profile-problem">
        Not usable: {profile.problem}
      </p>
    );
  if (profile.installer !== 'image' || !profile.imageSha256) return null;
  const image = profile.imageUrl ?? profile.files.find((file) => file.role === 'image')?.path ?? '';
  return (
    <div className="space-y-1 text-xs text-slate-400" data-testid="profile-image">
      <p>
        Writes <span className="font-mono text-slate-300">{image}</span> ({profile.imageFormat ?? 'raw'},{' '}
        <span data-testid="profile-image-size">{imageSize(profile)}</span>) to the disk and verifies it.
      </p>
      <details>
        <summary className="cursor-pointer">
          SHA-256 <span className="font-mono text-slate-300">{shortSha(profile.imageSha256)}</span>
        </summary>
        <code className="block break-all font-mono text-slate-300" data-testid="profile-image-sha256">
          {profile.imageSha256}
        </code>
      </details>
    </div>
  );
}

/**
 * The boot profile: every install profile of `bootProfiles.list` (not the wipe profile), an image
 * profile with its size and checksum, one that is not usable disabled with its problem. Until the
 * operator picks one, the default (preseed) if usable, else the first usable.
 */
export function ProvisionProfileField({
  profiles,
  chosen,
}: {
  profiles: BootProfileView[] | undefined;
  chosen: string;
}) {
  const { form } = useRequiredFormKit();
  const installers = installProfiles(profiles);
  const firstUsable = installers?.find((profile) => !profile.problem)?.name;
  useEffect(() => {
    const offered = installProfiles(profiles);
    const current = offered?.find((profile) => profile.name === form.getValues('profile'));
    const choice = current && !current.problem ? current.name : offered?.find((p) => !p.problem)?.name;
    // Also when unchanged: the options were just replaced, and the <select> must show the value held.
    if (choice) form.setValue('profile', choice);
  }, [profiles, form]);
  const selected = installers?.find((profile) => profile.name === chosen);
  return (
    <Field
      label="Boot profile"
      path="profile"
      className="col-span-2"
      hint={
        installers && !firstUsable
          ? 'No boot profile is usable: an admin saves one (bootProfiles.save, server/boot/README.md)'
          : undefined
      }
    >
      <Select path="profile" disabled={!installers}>
        {!installers && <option value={chosen}>Loading boot profiles…</option>}
        {installers?.map((profile) => (
          <option
            key={profile.name}
            value={profile.name}
            disabled={profile.problem !== null}
            title={profile.problem ?? undefined}
          >
            {optionText(profile)}
          </option>
        ))}
      </Select>
      {selected && (
        <div className="mt-1">
          <ProfileDetails profile={selected} />
        </div>
      )}
    </Field>
  );
}
