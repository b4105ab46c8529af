#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Build tools/perf from build/linux for the x86_64 guest (out of tree,
# ccache) and install it under build/x86_64/perf-install/usr, with its
# shell tests, for the initramfs.
. "$(dirname "$0")/lib.sh"

arch=${1:-x86_64}
[ "$arch" = x86_64 ] || die "perf is built for the x86_64 guest only"
out=$build/$arch/perf$sfx
dest=$build/$arch/perf-install$sfx
log=$build/logs/perf-$arch$sfx.log
mkdir -p "$out" "$build/logs"
# What the guest cannot run or the tests do not need is left out; perf
# trace needs libtraceevent (see 'make deps').
flags=(BUILD_BPF_SKEL=0 NO_LIBPERL=1 NO_LIBPYTHON=1 NO_JVMTI=1 NO_SDT=1
	NO_LIBBABELTRACE=1 NO_LIBUNWIND=1 NO_SHELLCHECK=1 NO_LIBPFM4=1
	NO_CAPSTONE=1 NO_LIBLLVM=1 NO_DEMANGLE=1)
stage "perf $arch: build"
make -C "$linux/tools/perf" O="$out" CC="ccache gcc" -j"$JOBS" "${flags[@]}" \
	>"$log" 2>&1 || die "perf build failed" "$log"
grep -q '^feature-libtraceevent=1' "$out/FEATURE-DUMP" ||
	die "perf was built without libtraceevent (no perf trace): run 'make deps'" "$log"
[ "${INSTALL:-1}" = 1 ] || { done_stage; exit 0; }
rm -rf "$dest"
make -C "$linux/tools/perf" O="$out" CC="ccache gcc" "${flags[@]}" prefix=/usr \
	DESTDIR="$dest" install-bin >>"$log" 2>&1 || die "perf install failed" "$log"
done_stage "$(du -sh "$dest" | cut -f1) in $dest"
