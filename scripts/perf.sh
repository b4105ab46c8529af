#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Build tools/perf from build/linux for the ARCH guest (out of tree,
# ccache; cross-compiled against Debian's arm64 libraries for arm64, and
# its s390x ones in a sysroot for s390x) and install it under
# build/ARCH/perf-install/usr, with its shell tests, for the initramfs. The
# x86_64 perf has the Python and Perl script engines (Debian's Python,
# whichever python3 comes first in PATH), whose libraries and modules
# initramfs.sh adds to the guest; the others have neither, and their tests
# of them skip.
. "$(dirname "$0")/lib.sh"

arch=${1:-x86_64}
arch_vars "$arch"
scripting=(NO_LIBPERL=1 NO_LIBPYTHON=1)
[ "$arch" != x86_64 ] ||
	scripting=(LIBPERL=1 PYTHON=/usr/bin/python3 PYTHON_CONFIG=/usr/bin/python3-config)
out=$build/$arch/perf$sfx
dest=$build/$arch/perf-install$sfx
log=$build/logs/perf-$arch$sfx.log
mkdir -p "$out" "$build/logs"
# What the guest cannot run or the tests do not need is left out; perf
# trace needs libtraceevent (see 'make deps').
flags=(BUILD_BPF_SKEL=0 "${scripting[@]}" NO_JVMTI=1 NO_SDT=1
	NO_LIBBABELTRACE=1 NO_LIBUNWIND=1 NO_SHELLCHECK=1 NO_LIBPFM4=1
	NO_CAPSTONE=1 NO_LIBLLVM=1 NO_DEMANGLE=1 NO_RUST=1 CC="ccache ${cross}gcc")
if [ -n "$cross" ]; then
	flags+=(ARCH="$karch" CROSS_COMPILE="$cross" NO_SLANG=1 NO_LIBNUMA=1 NO_LIBCRYPTO=1)
	export PKG_CONFIG_LIBDIR=/usr/lib/${cross%-}/pkgconfig:/usr/share/pkgconfig
fi
# s390x: against the libraries of the sysroot (scripts/sysroot.sh).
if [ "$arch" = s390x ]; then
	"$top/scripts/sysroot.sh" "$arch" || exit 1
	sr=$build/$arch/sysroot
	libs="$sr/usr/lib/${cross%-}:$sr/lib/${cross%-}"
	flags+=(EXTRA_CFLAGS="-I$sr/usr/include" LDFLAGS="-L${libs//:/ -L} -Wl,-rpath-link=$libs")
	export PKG_CONFIG_LIBDIR=$sr/usr/lib/${cross%-}/pkgconfig:$sr/usr/share/pkgconfig
	export PKG_CONFIG_SYSROOT_DIR=$sr
fi
# Objects built with other flags are not all rebuilt (those that the
# Python binding links stay without -fPIC): a build dir that other flags,
# or flags unrecorded, built is built again from clean (ccache helps).
stamp=$out/.harness-flags
if [ "$(cat "$stamp" 2>/dev/null)" != "${flags[*]}" ] && [ -n "$(ls -A "$out")" ]; then
	echo "perf $arch: the build flags changed: building from clean"
	rm -rf "$out"
	mkdir -p "$out"
fi
echo "${flags[*]}" >"$stamp"
stage "perf $arch: build"
make -C "$linux/tools/perf" O="$out" -j"$JOBS" "${flags[@]}" \
	>"$log" 2>&1 || die "perf build failed" "$log"
grep -q '^feature-libtraceevent=1' "$out/FEATURE-DUMP" ||
	die "perf was built without libtraceevent (no perf trace): run 'make deps'" "$log"
[ "$arch" != x86_64 ] || [ "$("$out/perf" version --build-options |
	grep -cE 'lib(perl|python): +\[ on')" = 2 ] ||
	die "perf was built without Python or Perl: run 'make deps'" "$log"
[ "$arch" != x86_64 ] || ls "$out"/python/perf.*.so >/dev/null 2>&1 ||
	die "perf's Python binding was not built (python3-setuptools): run 'make deps'" "$log"
[ "${INSTALL:-1}" = 1 ] || { done_stage; exit 0; }
rm -rf "$dest"
make -C "$linux/tools/perf" O="$out" "${flags[@]}" prefix=/usr \
	DESTDIR="$dest" install-bin >>"$log" 2>&1 || die "perf install failed" "$log"
done_stage "$(du -sh "$dest" | cut -f1) in $dest"
