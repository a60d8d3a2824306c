/**
 * The installer answers each deployment profile fetches from /boot/config: a preseed, a kickstart or
 * cloud-init autoinstall user-data. Each ends the install by calling the done URL (and the failed URL if
 * its last step fails). Pure, like the iPXE scripts.
 */
import { callbackUrl, type InstallParams } from './ipxe-scripts';

function callbacks(params: InstallParams) {
  const done = callbackUrl(params.base, 'done', params.mac, params.token);
  const failed = callbackUrl(params.base, 'failed', params.mac, params.token);
  return {
    done,
    failed,
    // The kubeadm step's outcome decides which URL is called (upstream treated a failed kubeadm as success).
    shell: `/usr/local/bin/rackpilot-kubeadm ${params.role} ${params.kubernetesVersion} && curl -fsS -X POST '${done}' || curl -fsS -X POST --data-binary 'kubeadm failed' '${failed}'`,
  };
}

/** How Debian's installer names itself when it fetches a file (fetch-url: `wget -U debian-installer`). */
export const DEBIAN_INSTALLER_AGENT = 'debian-installer';

/**
 * What Debian's installer gets for `/boot.ipxe`. It loads the DHCP `filename` as a preseed whenever that
 * is a URL (network-preseed), before the `url=` one, and stops at an error when it is not a preseed; a
 * DHCP server that gives the chain URL to every client (QEMU's, or dnsmasq without an iPXE tag) hands it
 * ours. A preseed that answers nothing lets it go on to `url=`.
 */
export const CHAIN_URL_PRESEED =
  '# Rackpilot: this URL is the iPXE chain script; the installer answers come from url= (/boot/config)\n';

/**
 * d-i runs this as soon as it has loaded the preseed: it reports `installer-started` with the run's
 * token. The netboot initrd's `wget` is GNU Wget (the wget udeb; its busybox has no `--post-data`). A
 * report that fails must not stop the install, hence `|| true`.
 */
export function preseedEarlyCommand(params: InstallParams): string {
  const progress = callbackUrl(params.base, 'progress', params.mac, params.token);
  return `wget -q -O /dev/null --post-data=installer=debian-installer '${progress}&step=installer-started' || true`;
}

/** The answers of an installer profile; undefined for image and wipe profiles, which fetch none. */
export function installerConfig(params: InstallParams): { contentType: string; body: string } | undefined {
  const { shell } = callbacks(params);
  switch (params.profile.installer) {
    case 'preseed':
      return {
        contentType: 'text/plain; charset=utf-8',
        body: [
          '# Debian preseed served by Rackpilot',
          'd-i debian-installer/locale string en_US.UTF-8',
          'd-i keyboard-configuration/xkb-keymap select us',
          `d-i preseed/early_command string ${preseedEarlyCommand(params)}`,
          'd-i netcfg/choose_interface select auto',
          `d-i netcfg/get_hostname string ${params.hostname}`,
          'd-i partman-auto/method string regular',
          'd-i partman-auto/choose_recipe select atomic',
          'd-i partman/confirm boolean true',
          'd-i partman/confirm_nooverwrite boolean true',
          'd-i pkgsel/include string curl openssh-server',
          'd-i grub-installer/only_debian boolean true',
          'd-i finish-install/reboot_in_progress note',
          `d-i preseed/late_command string in-target sh -c "${shell.replace(/"/g, '\\"')}"`,
          '',
        ].join('\n'),
      };
    case 'kickstart':
      return {
        contentType: 'text/plain; charset=utf-8',
        body: [
          '# Kickstart served by Rackpilot',
          'text',
          'lang en_US.UTF-8',
          'keyboard us',
          `network --bootproto=static --ip=${params.network.ip} --netmask=${params.network.netmask} --gateway=${params.network.gateway} --hostname=${params.hostname}`,
          'zerombr',
          'clearpart --all --initlabel',
          'autopart',
          'reboot',
          '%packages',
          'curl',
          '%end',
          '%post',
          shell,
          '%end',
          '',
        ].join('\n'),
      };
    case 'cloud-init':
      return {
        contentType: 'text/cloud-config; charset=utf-8',
        body: [
          '#cloud-config',
          'autoinstall:',
          '  version: 1',
          '  identity:',
          `    hostname: ${params.hostname}`,
          '    username: rackpilot',
          "    password: '!'",
          '  storage:',
          '    layout:',
          '      name: direct',
          '  late-commands:',
          `    - ${JSON.stringify(`curtin in-target -- sh -c ${JSON.stringify(shell)}`)}`,
          '',
        ].join('\n'),
      };
    case 'image':
    case 'wipe':
      return undefined;
  }
}
