#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Install the Debian packages the harness needs, only those missing.
# (The arm64 and s390x guests' static busybox and bash conflict with the
# host's own, and the s390x libraries perf needs cannot be installed beside
# the host's on Debian LTS, which has no s390x updates: scripts/sysroot.sh
# downloads and unpacks those instead.)
. "$(dirname "$0")/lib.sh"

pkgs=(
	git make gcc libc6-dev xz-utils python3 perl bc bison flex cpio rsync
	ccache kmod file pkg-config libelf-dev libssl-dev python3-ply python3-git
	qemu-system-x86 qemu-system-arm
	gcc-aarch64-linux-gnu libc6-dev-arm64-cross
	gcc-arm-linux-gnueabihf libc6-dev-armhf-cross
	gcc-i686-linux-gnu libc6-dev-i386-cross
	gcc-s390x-linux-gnu libc6-dev-s390x-cross qemu-system-misc qemu-user-static
	busybox-static bash-static
	libtraceevent-dev libdw-dev libcap-dev libzstd-dev libnuma-dev
	libslang2-dev zlib1g-dev liblzma-dev python3-dev python3-setuptools libperl-dev
	libelf-dev:arm64 libdw-dev:arm64 libtraceevent-dev:arm64 zlib1g-dev:arm64
	liblzma-dev:arm64 libzstd-dev:arm64
	gnuplot-nox groff-base mandoc
	sparse clang-19 lld-19 llvm-19 musl-tools
)

stage "deps: check ${#pkgs[@]} packages"
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed' ||
		missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
	done_stage "all present"
	exit 0
fi
echo "missing: ${missing[*]}"
arch_cmd=
dpkg --print-foreign-architectures | grep -qx arm64 || arch_cmd="dpkg --add-architecture arm64 && "
if [ "$(id -u)" != 0 ]; then
	echo "Not root. Run this, then try again:"
	echo "  sudo sh -c '${arch_cmd}apt-get update && apt-get install -y --no-install-recommends ${missing[*]}'"
	exit 1
fi
log=$build/logs/deps.log
mkdir -p "$build/logs"
[ -z "$arch_cmd" ] || dpkg --add-architecture arm64
run_logged "$log" apt-get update
DEBIAN_FRONTEND=noninteractive run_logged "$log.install" \
	apt-get install -y --no-install-recommends "${missing[@]}"
done_stage "installed ${#missing[@]}"
