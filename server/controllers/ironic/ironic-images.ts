import type { IronicSpec } from '../../types/crds/ironic';
import { fail, ok, type Result } from '../common/result';

const REGISTRY = 'quay.io/metal3-io';

/** Versions this controller knows how to deploy, and the ironic image tag of each (upstream's table). */
const VERSION_TAGS: Record<string, string> = {
  latest: 'latest',
  '38.0': 'release-38.0',
  '37.0': 'release-37.0',
  '35.0': 'release-35.0',
};

export const DEFAULT_IRONIC_VERSION = 'latest';

export interface IronicImages {
  version: string;
  ironic: string;
  ramdiskDownloader: string;
  keepalived: string;
}

/** The version to install and its images; explicit images in the spec win over the defaults. */
export function resolveIronicImages(spec: IronicSpec): Result<IronicImages> {
  const version = spec.version ?? DEFAULT_IRONIC_VERSION;
  const tag = VERSION_TAGS[version];
  if (tag === undefined) {
    return fail(`version ${version} is not supported (supported: ${Object.keys(VERSION_TAGS).join(', ')})`);
  }
  return ok({
    version,
    ironic: spec.images?.ironic ?? `${REGISTRY}/ironic:${tag}`,
    ramdiskDownloader: spec.images?.ramdiskDownloader ?? `${REGISTRY}/ironic-ipa-downloader:latest`,
    keepalived: spec.images?.keepalived ?? `${REGISTRY}/keepalived:latest`,
  });
}
