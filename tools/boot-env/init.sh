#!/bin/sh
# Rackpilot's installer and wiper: PID 1 of the initramfs built by tools/boot-env/build-boot-env.ts.
# It reads its orders from the kernel command line (server/boot/README.md, "The installer environment"),
# writes an image to a disk or wipes every disk, reports each step, then POSTs done or failed and
# reboots (the boot service then answers the machine's next network boot: local disk, or the loop).
# Runs under busybox sh; every tool is a busybox applet except zstd.
# shellcheck shell=dash
# shellcheck disable=SC2154 # the arg_* variables are set by read_cmdline's eval.

PATH=/bin:/sbin
export PATH
WORK=/run/rackpilot
# The start and the end of each disk a quick wipe clears: partition tables (MBR, both GPT copies) and the
# signatures of file systems, RAID and LVM live there.
WIPE_EDGE_BYTES=$((4 * 1024 * 1024))

say() { echo "rackpilot: $*" >/dev/console; }

boot_setup() {
	mkdir -p /proc /sys /dev /run /tmp
	mount -t proc proc /proc
	mount -t sysfs sysfs /sys
	mount -t devtmpfs devtmpfs /dev
	mkdir -p "$WORK"
	# Debian's kernel has the virtio drivers as modules; the builder lists them in dependency order.
	while read -r module; do
		insmod "/lib/modules/$module" 2>/dev/null || say "could not load $module"
	done </etc/rackpilot-modules
}

# Every rackpilot.* argument becomes a variable: rackpilot.disk.minGiB=4 -> arg_disk_minGiB=4.
read_cmdline() {
	set -f
	# shellcheck disable=SC2013
	for word in $(cat /proc/cmdline); do
		case "$word" in
		rackpilot.*=*)
			key=${word%%=*}
			key=$(echo "${key#rackpilot.}" | tr '.-' '__')
			eval "arg_$key=\${word#*=}"
			;;
		ip=*) arg_ip=${word#ip=} ;;
		esac
	done
	set +f
}

# POSTs to a callback; a progress report that fails is only said on the console, never fatal.
# (busybox 1.35's own wget -T crashes: the timeout applet bounds it instead.)
post() {
	timeout 10 wget -q -O /dev/null --post-data "$2" "$1" 2>/dev/null
}

progress() {
	step=$1
	shift
	say "$step $*"
	[ -n "$arg_progress" ] && post "$arg_progress&step=$step" "$*"
	return 0
}

finish() {
	sync
	say "rebooting"
	reboot -f
	sleep 60
}

# done and failed are what the boot service acts on: try a few times before giving up.
report() {
	url=$1
	body=$2
	for attempt in 1 2 3 4 5; do
		post "$url" "$body" && return 0
		say "could not reach $url (attempt $attempt)"
		sleep 2
	done
	return 1
}

fail() {
	step=$1
	shift
	say "FAILED at $step: $*"
	report "$arg_failed&step=$step" "$*"
	finish
}

mask_bits() {
	case "$1" in
	*.*)
		bits=0
		for octet in $(echo "$1" | tr '.' ' '); do
			while [ "$octet" -gt 0 ]; do
				bits=$((bits + (octet & 1)))
				octet=$((octet >> 1))
			done
		done
		echo "$bits"
		;;
	'') echo 24 ;;
	*) echo "$1" ;;
	esac
}

# The interface whose MAC the callbacks name, else the first that is not loopback.
pick_interface() {
	mac=$(echo "$arg_done" | sed -n 's/.*[?&]mac=\([0-9a-fA-F:]*\).*/\1/p' | tr 'A-F' 'a-f')
	first=
	for dir in /sys/class/net/*; do
		name=${dir##*/}
		[ "$name" = lo ] && continue
		[ -z "$first" ] && first=$name
		[ "$(cat "$dir/address")" = "$mac" ] && echo "$name" && return
	done
	echo "$first"
}

# ip=<client>::<gateway>:<netmask>:<hostname>::none as the boot service writes it; without an address,
# DHCP (busybox udhcpc with /etc/udhcpc.sh).
network_up() {
	iface=$(pick_interface)
	[ -n "$iface" ] || fail network-up "no network interface (is the NIC's driver in the initramfs?)"
	ip link set lo up
	ip link set "$iface" up
	# The link comes up a moment after the interface; packets sent before are lost.
	for _ in $(seq 1 60); do
		[ "$(cat "/sys/class/net/$iface/carrier" 2>/dev/null)" = 1 ] && break
		sleep 0.5
	done
	old_ifs=$IFS
	IFS=:
	# shellcheck disable=SC2086
	set -- $arg_ip
	IFS=$old_ifs
	address=$1 gateway=$3 netmask=$4 name=$5
	[ -n "$name" ] && hostname "$name"
	if [ -n "$address" ] && [ "$address" != dhcp ]; then
		ip addr add "$address/$(mask_bits "$netmask")" dev "$iface" ||
			fail network-up "cannot set $address on $iface"
		[ -n "$gateway" ] && ip route add default via "$gateway" dev "$iface"
	else
		udhcpc -i "$iface" -s /etc/udhcpc.sh -q -n -t 10 >/dev/null 2>&1 ||
			fail network-up "no DHCP answer on $iface"
	fi
	network="interface=$iface address=$(ip -o -4 addr show dev "$iface" | awk '{print $4}')"
}

disk_bytes() { echo $(($(cat "/sys/block/$1/size") * 512)); }

disk_serial() {
	cat "/sys/block/$1/serial" 2>/dev/null || cat "/sys/block/$1/device/serial" 2>/dev/null
}

has_partitions() {
	for part in "/sys/block/$1/$1"*; do
		[ -e "$part/partition" ] && return 0
	done
	return 1
}

# Whole disks only: no loop, RAM, optical or device-mapper devices.
list_disks() {
	for dir in /sys/block/*; do
		name=${dir##*/}
		case "$name" in
		loop* | ram* | sr* | zram* | dm-* | md* | fd*) continue ;;
		esac
		[ "$(cat "$dir/size")" -gt 0 ] && echo "$name"
	done
}

# Hints as Metal3's rootDeviceHints: every one given must hold. With none, the first disk (by name)
# that has no partitions, so a disk already holding data is never picked by accident.
choose_disk() {
	for name in $(list_disks); do
		if [ -n "$arg_disk_path" ]; then
			[ "/dev/$name" = "$arg_disk_path" ] || continue
		fi
		if [ -n "$arg_disk_minGiB" ]; then
			[ "$(disk_bytes "$name")" -ge $((arg_disk_minGiB * 1024 * 1024 * 1024)) ] || continue
		fi
		if [ -n "$arg_disk_serial" ]; then
			[ "$(disk_serial "$name")" = "$arg_disk_serial" ] || continue
		fi
		if [ -z "$arg_disk_path$arg_disk_minGiB$arg_disk_serial" ]; then
			has_partitions "$name" && continue
		fi
		echo "$name"
		return
	done
}

# Asks for the image's headers only (sets `length` when the server gives one): a missing image fails
# before anything touches the disk.
check_image() {
	timeout 30 wget -S --spider "$arg_image" 2>"$WORK/head" ||
		fail download "image not available: $(grep -v '^ *$' "$WORK/head" | tail -1 | sed 's/^ *//; s/^wget: //') ($arg_image)"
	length=$(sed -n 's/^ *[Cc]ontent-[Ll]ength: *\([0-9]*\).*/\1/p' "$WORK/head" | tail -1)
}

# Streams the image onto the disk: wget -> decompressor -> tee (disk, byte count) -> sha256sum,
# reporting the bytes fetched about once a second.
stream_image() {
	disk=$1 length=$2
	case "$arg_format" in
	gzip) unpack="gunzip -c" ;;
	zstd) unpack="zstd -d -c -q" ;;
	*) unpack='cat' ;;
	esac
	mkfifo "$WORK/image" "$WORK/count"
	wget -q -O- "$arg_image" >"$WORK/image" 2>"$WORK/wget.err" &
	fetch=$!
	wc -c <"$WORK/count" >"$WORK/bytes" &
	counter=$!
	# shellcheck disable=SC2086
	$unpack <"$WORK/image" 2>"$WORK/unpack.err" | tee "$disk" "$WORK/count" 2>"$WORK/tee.err" |
		sha256sum >"$WORK/stream.sha" &
	pipeline=$!
	while kill -0 "$pipeline" 2>/dev/null; do
		fetched=$(sed -n 's/^rchar: //p' "/proc/$fetch/io" 2>/dev/null)
		[ -n "$fetched" ] && progress download "bytes=$fetched${length:+ total=$length}"
		sleep 1
	done
	wait "$fetch"
	fetched_ok=$?
	wait "$counter"
	sync
	size=$(disk_bytes "${disk#/dev/}")
	# The counter saw every byte even when the disk refused some (ENOSPC, or EIO past its end).
	if [ "$(cat "$WORK/bytes")" -gt "$size" ]; then
		fail written "disk too small: $disk has $size bytes, the image is $(cat "$WORK/bytes") bytes (the disk was partly written)"
	fi
	[ -s "$WORK/tee.err" ] && fail written "writing $disk: $(head -c 300 "$WORK/tee.err")"
	[ "$fetched_ok" = 0 ] || fail download "download failed: $(head -c 300 "$WORK/wget.err") ($arg_image)"
	[ -s "$WORK/unpack.err" ] && fail download "cannot decompress the $arg_format image: $(head -c 300 "$WORK/unpack.err")"
	progress written "bytes=$(cat "$WORK/bytes")"
}

# Reads back what was written, past the page cache, and compares it with the expected SHA-256.
verify_image() {
	disk=$1
	bytes=$(cat "$WORK/bytes")
	blockdev --flushbufs "$disk"
	echo 3 >/proc/sys/vm/drop_caches
	got=$(head -c "$bytes" "$disk" | sha256sum | cut -d' ' -f1)
	streamed=$(cut -d' ' -f1 "$WORK/stream.sha")
	if [ "$streamed" != "$arg_sha256" ]; then
		fail verified "checksum mismatch: the image is $streamed, expected $arg_sha256"
	fi
	[ "$got" = "$arg_sha256" ] || fail verified "read-back mismatch: $disk holds $got, expected $arg_sha256"
	progress verified "sha256=$got"
}

install_image() {
	[ -n "$arg_image" ] || fail installer-started "no rackpilot.image on the kernel command line"
	echo "$arg_sha256" | grep -qx '[0-9a-f]\{64\}' ||
		fail installer-started "rackpilot.sha256 must be 64 lower-case hex digits"
	case "${arg_format:=raw}" in
	raw | gzip | zstd) ;;
	*) fail installer-started "unknown image format $arg_format (raw, gzip or zstd)" ;;
	esac
	length=
	check_image
	# A compressed image's written size is known only when the boot service passes rackpilot.bytes.
	needed=$arg_bytes
	[ "$arg_format" = raw ] && needed=${needed:-$length}
	name=$(choose_disk)
	[ -n "$name" ] || fail disk-chosen "no disk matches the hints (path=${arg_disk_path:--} minGiB=${arg_disk_minGiB:--} serial=${arg_disk_serial:--}, or without hints: no disk without partitions); disks: $(list_disks | tr '\n' ' ')"
	size=$(disk_bytes "$name")
	if [ -n "$needed" ] && [ "$needed" -gt "$size" ]; then
		fail disk-chosen "disk too small: /dev/$name has $size bytes, the image needs $needed"
	fi
	progress disk-chosen "path=/dev/$name bytes=$size"
	stream_image "/dev/$name" "$length"
	verify_image "/dev/$name"
}

# Zeroes `count` bytes at `offset` (both whole MiB).
zero_range() {
	disk=$1 offset=$2 count=$3
	mib=$((1024 * 1024))
	dd if=/dev/zero of="$disk" bs=$mib seek=$((offset / mib)) count=$((count / mib)) conv=fsync 2>"$WORK/dd.err" ||
		fail wiping "writing zeroes to $disk: $(head -c 300 "$WORK/dd.err")"
}

range_is_zero() {
	disk=$1 offset=$2 count=$3
	mib=$((1024 * 1024))
	[ "$(dd if="$disk" bs=$mib skip=$((offset / mib)) count=$((count / mib)) 2>/dev/null | sha256sum | cut -d' ' -f1)" = \
		"$(dd if=/dev/zero bs=$mib count=$((count / mib)) 2>/dev/null | sha256sum | cut -d' ' -f1)" ]
}

# The whole-MiB ranges a wipe of a disk of `size` bytes zeroes, as "offset count" lines (the tail past
# the last whole MiB is zeroed apart).
wipe_ranges() {
	size=$1
	mib=$((1024 * 1024))
	whole=$((size / mib * mib))
	if [ "$arg_wipe" = full ] || [ "$whole" -le $((2 * WIPE_EDGE_BYTES)) ]; then
		echo "0 $whole"
	else
		echo "0 $WIPE_EDGE_BYTES"
		echo "$((whole - WIPE_EDGE_BYTES)) $WIPE_EDGE_BYTES"
	fi
}

wipe_disks() {
	case "$arg_wipe" in
	quick | full) ;;
	1) arg_wipe=quick ;; # the boot service's scripts before wipe modes existed
	*) fail installer-started "rackpilot.wipe must be quick or full, not $arg_wipe" ;;
	esac
	disks=$(list_disks)
	for name in $disks; do
		disk=/dev/$name
		progress wiping "disk=$disk mode=$arg_wipe"
		size=$(disk_bytes "$name")
		wipe_ranges "$size" >"$WORK/ranges"
		while read -r offset count; do zero_range "$disk" "$offset" "$count"; done <"$WORK/ranges"
		# The sub-MiB tail, where a GPT backup header sits on a disk not sized in whole MiB.
		tail_bytes=$((size % (1024 * 1024)))
		[ "$tail_bytes" -gt 0 ] &&
			dd if=/dev/zero of="$disk" bs=512 seek=$(((size - tail_bytes) / 512)) count=$((tail_bytes / 512)) conv=fsync 2>/dev/null
		blockdev --flushbufs "$disk"
		echo 3 >/proc/sys/vm/drop_caches
		while read -r offset count; do
			range_is_zero "$disk" "$offset" "$count" ||
				fail wiped "$disk still holds data at byte $offset after writing zeroes"
		done <"$WORK/ranges"
		blockdev --rereadpt "$disk" 2>/dev/null
		has_partitions "$name" && fail wiped "$disk still shows partitions after the wipe"
		progress wiped "disk=$disk"
	done
	[ -n "$disks" ] || say "no disks to wipe"
}

main() {
	boot_setup
	read_cmdline
	say "installer environment started ($(uname -r))"
	if [ -z "$arg_done" ] || [ -z "$arg_failed" ]; then
		say "no rackpilot.done / rackpilot.failed on the kernel command line: nothing to report to"
		finish
	fi
	network_up
	progress installer-started "mode=${arg_wipe:+wipe-}${arg_wipe:-image}"
	progress network-up "$network"
	if [ -n "$arg_wipe" ]; then wipe_disks; else install_image; fi
	say "done"
	report "$arg_done" "" || say "the done callback was not accepted"
	finish
}

main
