#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Configure and build a guest kernel from build/linux, out of tree, with
# ccache: kernel.sh ARCH [VARIANT]. VARIANT is 'main' (default), 'debug'
# (KASAN, lockdep, ...) or 'noperf' (CONFIG_PERF_EVENTS=n, build only).
# The main kernel also installs its UAPI headers (for the selftests) into
# $out/usr/include.
# TARGETS="a.o b.o" builds only those objects (the series walk's steps).
. "$(dirname "$0")/lib.sh"

arch=${1:?usage: kernel.sh ARCH [VARIANT]}
variant=${2:-main}
arch_vars "$arch"
out=$build/$arch/kernel-$variant
cfg=$top/configs
case $variant in
main) frags="$cfg/common.config $cfg/tracing.config $cfg/$arch.config" ;;
debug) frags="$cfg/common.config $cfg/$arch.config $cfg/debug.config" ;;
noperf) frags="$cfg/noperf.config" ;;
*) die "unknown kernel variant '$variant'" ;;
esac
mkdir -p "$out" "$build/logs"
log=$build/logs/kernel-$arch-$variant.log
kmake() {
	make -C "$linux" O="$out" ARCH="$karch" CROSS_COMPILE="$cross" \
		CC="ccache ${cross}gcc" HOSTCC="ccache gcc" \
		KBUILD_BUILD_TIMESTAMP=2000-01-01 KBUILD_BUILD_USER=perf-uevent \
		KBUILD_BUILD_HOST=qemu -j"$JOBS" "$@"
}

# Configure only when the fragments changed: tinyconfig, then the fragments,
# then check that every requested symbol made it.
want=$(cat $frags | grep -E '^(CONFIG_|# CONFIG_.* is not set)' | sort -u)
if [ ! -f "$out/.config" ] || [ "$want" != "$(cat "$out/.config.want" 2>/dev/null)" ]; then
	stage "kernel $arch $variant: configure"
	{
		kmake tinyconfig &&
		"$linux/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" $frags &&
		kmake olddefconfig
	} >"$log" 2>&1 || die "configuration failed" "$log"
	missing=$(while read -r line; do
		grep -qxF "$line" "$out/.config" || echo "    $line"
	done <<<"$want")
	[ -z "$missing" ] || die "requested config symbols missing from $out/.config:
$missing"
	echo "$want" >"$out/.config.want"
	done_stage "$(echo "$want" | wc -l) symbols checked"
fi

case $arch in
x86_64) image=arch/x86/boot/bzImage ;;
arm64) image=arch/arm64/boot/Image ;;
s390x) image=arch/s390/boot/bzImage ;;
esac
# A full build whose inputs (the tree, the fragments, this script) are
# those of the last one that ended well is not done again.
stamp=$out/.harness-built
key=$({ tree_key; echo "${HEADERS:-1}"; cat "$0" $frags; } | sha256sum | cut -c1-16)
[ -n "${TARGETS:-}" ] || ! [ -f "$out/$image" ] ||
	! unchanged "$stamp" "$key" "kernel $arch $variant" || exit 0
rm -f "$stamp"
if [ -n "${TARGETS:-}" ]; then
	stage "kernel $arch $variant: build $(wc -w <<<"$TARGETS") objects"
	# shellcheck disable=SC2086
	kmake $TARGETS >"$log" 2>&1 || die "kernel objects failed to build" "$log"
	done_stage "$(grep -c 'warning:' "$log") compiler warnings"
	exit 0
fi
stage "kernel $arch $variant: build"
kmake "$(basename "$image")" >"$log" 2>&1 || die "kernel build failed" "$log"
warnings=$(grep -c 'warning:' "$log")
# The UAPI headers, for the selftests and the guest programs (built
# against the main kernel's).
if [ "$variant" = main ] && [ "${HEADERS:-1}" = 1 ]; then
	kmake headers >>"$log" 2>&1 || die "make headers failed" "$log"
fi
echo "$key" >"$stamp"
done_stage "$out/$image, $warnings compiler warnings"
