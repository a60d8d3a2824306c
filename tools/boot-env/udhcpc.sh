#!/bin/sh
# busybox udhcpc's event script in the installer environment: applies the lease it got (or drops it).
# shellcheck shell=dash
# shellcheck disable=SC2154 # udhcpc sets interface, ip, subnet and router in the environment.

case "$1" in
deconfig)
	ip addr flush dev "$interface"
	ip link set "$interface" up
	;;
bound | renew)
	ip addr flush dev "$interface"
	ifconfig "$interface" "$ip" netmask "${subnet:-255.255.255.0}"
	for gateway in $router; do
		ip route add default via "$gateway" dev "$interface" && break
	done
	;;
esac
exit 0
