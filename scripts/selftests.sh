#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Build and install the kselftests the guests run, static, for ARCH: native
# 64-bit and 32-bit compat (ia32 on x86_64, armhf on arm64; s390x: 64-bit).
. "$(dirname "$0")/lib.sh"

arch=${1:?usage: selftests.sh ARCH}
arch_vars "$arch"
kout=$build/$arch/kernel-main
log=$build/logs/selftests-$arch.log
: >"$log"
targets="perf_events prctl"
[ -d "$kout/usr/include/linux" ] || die "no UAPI headers in $kout: run 'make kernel ARCH=$arch'"

# flavour NAME SELFTEST-ARCH CROSS_COMPILE HEADERS (the selftests' own
# Makefiles pick tests by ARCH: x86, arm64, arm)
flavour() {
	local name=$1 sarch=$2 cc=$3 hdr=$4 o=$build/$arch/selftests-$1
	local dest=$o/install
	stage "selftests $arch $name: build and install $targets"
	command -v "${cc}gcc" >/dev/null || die "${cc}gcc not found: run 'make deps'"
	rm -rf "$dest"
	make -C "$linux/tools/testing/selftests" O="$o" TARGETS="$targets" \
		ARCH="$sarch" CROSS_COMPILE="$cc" KHDR_INCLUDES="-isystem $hdr" \
		USERLDFLAGS=-static INSTALL_PATH="$dest" install >>"$log" 2>&1 ||
		die "selftests build failed ($name)" "$log"
	done_stage "$(grep -c . "$dest/kselftest-list.txt") tests in $dest"
}

case $arch in
x86_64)
	flavour 64 x86 "" "$kout/usr/include"
	flavour 32 x86 i686-linux-gnu- "$kout/usr/include"
	;;
arm64)
	flavour 64 arm64 aarch64-linux-gnu- "$kout/usr/include"
	# AArch32 programs need the arm UAPI headers, not the arm64 ones.
	hdr32=$build/$arch/headers-arm
	stage "selftests $arch: arm UAPI headers"
	make -C "$linux" O="$hdr32" ARCH=arm headers >>"$log" 2>&1 ||
		die "make ARCH=arm headers failed" "$log"
	done_stage
	flavour 32 arm arm-linux-gnueabihf- "$hdr32/usr/include"
	;;
s390x)
	# 64-bit only: Debian has no 31-bit compiler or C library.
	flavour 64 s390 s390x-linux-gnu- "$kout/usr/include"
	;;
esac
