#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Unpack the Debian packages that a guest of another architecture needs
# from its own Debian (arm64, s390x) into build/ARCH/sysroot: static
# busybox and bash for its initramfs (they conflict with the host's own)
# and, for s390x, the libraries perf is built against and runs with (a
# machine on Debian LTS has no s390x updates to install them from: the
# multiarch packages would not match the host's). sysroot.sh ARCH.
. "$(dirname "$0")/lib.sh"

arch=${1:?usage: sysroot.sh ARCH}
sr=$build/$arch/sysroot
log=$build/logs/sysroot-$arch.log
pkgs=(busybox-static bash-static)
[ "$arch" != s390x ] || pkgs+=(libelf1 libelf-dev libdw1 libdw-dev libtraceevent1
	libtraceevent-dev zlib1g zlib1g-dev liblzma5 liblzma-dev libzstd1 libzstd-dev
	libbz2-1.0)
[ "$(cat "$sr/.packages" 2>/dev/null)" = "${pkgs[*]}" ] && exit 0
stage "sysroot $arch: ${#pkgs[@]} Debian packages"
mkdir -p "$build/logs"
: >"$log"
apt_private "$(. /etc/os-release && echo "$VERSION_CODENAME")" "$arch"
rm -rf "$sr" "$sr.debs"
mkdir -p "$sr.debs"
(cd "$sr.debs" && aptp apt-get download "${pkgs[@]}") >>"$log" 2>&1 ||
	die "apt-get download of the $arch packages failed" "$log"
for deb in "$sr.debs"/*.deb; do
	dpkg-deb -x "$deb" "$sr" || die "cannot unpack $deb"
done
# Absolute links (libz.so -> /lib/...) point into the sysroot.
find "$sr" -type l -lname '/*' | while read -r l; do
	ln -sfn "$sr$(readlink "$l")" "$l"
done
rm -rf "$sr.debs"
echo "${pkgs[*]}" >"$sr/.packages"
done_stage "$(du -sh "$sr" | cut -f1) in $sr"
