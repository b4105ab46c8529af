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
out=$build/$arch/perf
dest=$build/$arch/perf-install
log=$build/logs/perf-$arch.log
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
# FEATURES=FILE: take the features that an earlier build of this tree
# detected (its FEATURE-DUMP) instead of detecting them again (the series
# walk's builds, scripts/series-check.sh). perf checks libperl on its own,
# with a function that it does not define when given a dump, and leaves it
# out of the dump: the file says what the earlier build found (x86_64:
# Perl, checked below).
# A build whose inputs (the tree, the flags, this script) are those of the
# last one that ended well is not done again.
built=$out/.harness-built
key=$({ tree_key; echo "${flags[*]} ${INSTALL:-1} ${FEATURES:-}"; cat "$0"; } |
	sha256sum | cut -c1-16)
{ [ "${INSTALL:-1}" = 0 ] || [ -x "$dest/usr/bin/perf" ]; } &&
	unchanged "$built" "$key" "perf $arch" && exit 0
rm -f "$built"
stage "perf $arch: build"
make -C "$linux/tools/perf" O="$out" -j"$JOBS" "${flags[@]}" \
	${FEATURES:+FEATURES_DUMP="$FEATURES"} \
	>"$log" 2>&1 || die "perf build failed" "$log"
grep -q '^feature-libtraceevent=1' "$out/FEATURE-DUMP" ||
	die "perf was built without libtraceevent (no perf trace): run 'make deps'" "$log"
[ "$arch" != x86_64 ] || [ "$("$out/perf" version --build-options |
	grep -cE 'lib(perl|python): +\[ on')" = 2 ] ||
	die "perf was built without Python or Perl: run 'make deps'" "$log"
[ "$arch" != x86_64 ] || ls "$out"/python/perf.*.so >/dev/null 2>&1 ||
	die "perf's Python binding was not built (python3-setuptools): run 'make deps'" "$log"
[ "${INSTALL:-1}" = 1 ] || { echo "$key" >"$built"; done_stage; exit 0; }
rm -rf "$dest"
make -C "$linux/tools/perf" O="$out" "${flags[@]}" prefix=/usr \
	DESTDIR="$dest" install-bin >>"$log" 2>&1 || die "perf install failed" "$log"
echo "$key" >"$built"
done_stage "$(du -sh "$dest" | cut -f1) in $dest"
