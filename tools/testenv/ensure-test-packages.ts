import { ensureDebianPackages, type DebianPackage } from '../lib/debian-packages';

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
    name: 'rabbitmq-server',
    files: [`${RABBITMQ_BIN}/rabbitmq-server`],
    usedBy: 'the config tier (Contrail RabbitMQ)',
  },
];

/** The packages every test tier needs, installed when missing (see ensureDebianPackages). */
export function ensureTestPackages(log: (line: string) => void): Promise<void> {
  return ensureDebianPackages(PACKAGES, 'the tests', log);
}
