import { JUMP_HOST_BMC_CREDENTIALS_ANNOTATION } from './jump-host-bmc-mode';
import { JUMP_HOST_PATHS } from './jump-host-files';

/**
 * The `host` helper installed in the jump host's PATH: `host list` prints the cluster's hosts and
 * `host reboot <name>` restarts one gracefully through its Redfish BMC. It reads the hosts file the
 * planner renders, so it needs jq and redfishtool in the image (the upstream jump-host image has both).
 * A jump host rendered without BMC credentials lists hosts but refuses to reboot, saying why.
 */
export const JUMP_HOST_SCRIPT = `#!/bin/sh
# Power helper for the hosts of this SIPCluster. Rendered by Rackpilot; edits are overwritten.
set -eu

hosts_file="${JUMP_HOST_PATHS.hostsFile}"

usage() {
  echo "usage: host list             print the names of this cluster's hosts"
  echo "       host reboot <name>    gracefully restart a host through its BMC"
}

need() {
  for tool in jq redfishtool; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "host: $tool is missing from this image" >&2
      exit 1
    fi
  done
}

bmc_field() {
  jq -r --arg name "$1" --arg field "$2" '.[] | select(.name == $name) | .bmc[$field]' "$hosts_file"
}

case "\${1:-}" in
  list)
    need
    jq -r '.[].name' "$hosts_file"
    ;;
  reboot)
    if [ -z "\${2:-}" ]; then
      usage >&2
      exit 1
    fi
    need
    address=$(bmc_field "$2" ip)
    if [ -z "$address" ]; then
      echo "host: no host named '$2'; 'host list' shows them" >&2
      exit 1
    fi
    username=$(bmc_field "$2" username)
    if [ -z "$username" ] || [ "$username" = null ]; then
      echo "host: this jump host holds no BMC credentials (${JUMP_HOST_BMC_CREDENTIALS_ANNOTATION}: omit); restart $2 from the console" >&2
      exit 1
    fi
    echo "Restarting $2 through its BMC at $address"
    redfishtool -r "$address" -u "$username" -p "$(bmc_field "$2" password)" \\
      Systems reset GracefulRestart
    ;;
  *)
    usage
    ;;
esac
`;
