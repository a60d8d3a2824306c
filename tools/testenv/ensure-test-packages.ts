import { existsSync } from 'node:fs';
import { runCommand } from '../lib/run-command';
import { SetupError } from '../../server/setup-error';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The iPXE ROM QEMU loads for virtio-net-pci (Debian's ipxe-qemu puts it in one of these places). */
export const IPXE_ROMS = [
  '/usr/share/qemu/efi-virtio.rom',
  '/usr/lib/ipxe/qemu/efi-virtio.rom',
  '/usr/share/qemu/pxe-virtio.rom',
];

/** The programs the config tier hands rendered files to (tests/config). */
export const HAPROXY = '/usr/sbin/haproxy';
export const SSHD = '/usr/sbin/sshd';
export const DNSMASQ = '/usr/sbin/dnsmasq';
export const OPENSSL = '/usr/bin/openssl';
export const OSLO_CONFIG_VALIDATOR = '/usr/bin/oslo-config-validator';
export const JAVA = '/usr/bin/java';
/** Java's key store tool, which Cassandra's pod makes its TLS stores with. */
export const KEYTOOL = '/usr/bin/keytool';
export const ZOOKEEPER_JAR = '/usr/share/java/zookeeper.jar';
/** ZooKeeper's server with a logger that prints (maven's simple one, which Debian's Java tools bring). */
export const ZOOKEEPER_CLASSPATH = [
  ZOOKEEPER_JAR,
  '/usr/share/java/maven3-slf4j-provider.jar',
  '/usr/share/java/maven-shared-utils.jar',
].join(':');
/** rabbitmq-server and rabbitmqctl as the image has them, without Debian's switch to the rabbitmq user. */
export const RABBITMQ_BIN = '/usr/lib/rabbitmq/bin';
/** Debian's own Python, which has the placement packages (a python3 earlier on PATH may not). */
export const DEBIAN_PYTHON = '/usr/bin/python3';

/** A Debian package with the files that show it is there, and what needs it (for the one-line error). */
export interface DebianPackage {
  name: string;
  files: string[];
  usedBy: string;
}

/** What the test tiers run besides Node. */
const PACKAGES: DebianPackage[] = [
  { name: 'chromium', files: [CHROMIUM], usedBy: 'the e2e tests' },
  { name: 'qemu-system-x86', files: ['/usr/bin/qemu-system-x86_64'], usedBy: 'the real iPXE client test' },
  { name: 'ipxe-qemu', files: IPXE_ROMS, usedBy: 'the real iPXE client test' },
  { name: 'fdisk', files: ['/usr/sbin/sfdisk'], usedBy: 'the installer tests (partition tables)' },
  { name: 'openssh-client', files: ['/usr/bin/ssh-keygen'], usedBy: 'the lab SSH key test' },
  { name: 'haproxy', files: [HAPROXY], usedBy: 'the config tier (SIP load balancers)' },
  { name: 'openssh-server', files: [SSHD], usedBy: 'the config tier (SIP jump host)' },
  { name: 'dnsmasq-base', files: [DNSMASQ], usedBy: 'the config tier (Ironic DHCP)' },
  { name: 'openssl', files: [OPENSSL], usedBy: 'the config tier (Ironic TLS)' },
  {
    name: 'placement-common',
    files: ['/usr/lib/python3/dist-packages/placement/conf/opts.py'],
    usedBy: 'the config tier (placement.conf)',
  },
  { name: 'zookeeper', files: [ZOOKEEPER_JAR], usedBy: 'the config tier (Contrail ZooKeeper)' },
  {
    name: 'default-jre-headless',
    files: [KEYTOOL],
    usedBy: 'the config tier (Contrail Cassandra key stores)',
  },
  {
    name: 'rabbitmq-server',
    files: [`${RABBITMQ_BIN}/rabbitmq-server`],
    usedBy: 'the config tier (Contrail RabbitMQ)',
  },
];

const missingOf = (packages: DebianPackage[]) =>
  packages.filter((pkg) => !pkg.files.some((file) => existsSync(file)));

/**
 * Installs the Debian packages that are missing when we may (root with apt); otherwise fails with one
 * line naming them, so nothing can quietly skip for want of a tool. `purpose` ends the sentence
 * "missing for …".
 */
export async function ensureDebianPackages(
  packages: DebianPackage[],
  purpose: string,
  log: (line: string) => void,
): Promise<void> {
  const missing = missingOf(packages);
  if (missing.length === 0) return;
  const names = missing.map((pkg) => pkg.name);
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  const needs = missing.map((pkg) => `${pkg.name} (${pkg.usedBy})`).join(', ');
  if (!canInstall || (missing.some((pkg) => pkg.name === 'chromium') && process.env.CHROMIUM_PATH)) {
    throw new SetupError(
      `missing for ${purpose}: ${needs}; install them (Debian: apt-get install ${names.join(' ')})`,
    );
  }
  log(`installing Debian packages for ${purpose} (apt-get): ${names.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await runCommand('apt-get', ['update'], { env });
  await runCommand('apt-get', ['install', '-y', '--no-install-recommends', ...names], { env });
  const still = missingOf(packages);
  if (still.length > 0) {
    throw new SetupError(
      `apt-get installed ${names.join(' ')} but these are still missing: ${still.map((pkg) => pkg.files.join(' or ')).join(', ')}`,
    );
  }
}

/** The packages every test tier needs, installed when missing (see ensureDebianPackages). */
export function ensureTestPackages(log: (line: string) => void): Promise<void> {
  return ensureDebianPackages(PACKAGES, 'the tests', log);
}
