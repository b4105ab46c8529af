#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The checks the build robots run on a posting, on what the series
# changes, one 'ok'/'not ok' line each (make check counts them):
# - the kernel C files it changes, compiled with W=1 and sparse (C=2) for
#   x86_64, with clang (LLVM=1) for x86_64 and arm64, and for 32-bit x86;
# - scripts/kernel-doc -none -Wall on the kernel files it changes;
# - the UAPI header test (CONFIG_UAPI_HEADER_TEST) of the headers it
#   changes, after the install of every header;
# - the user space files that call the new prctl (perf's, the samples',
#   the selftests'), compiled against musl's headers.
# A warning counts when it points at a line the series adds
# (new-warnings.py): the base's own, on lines the series leaves alone,
# are not the series', and known-warnings lists, with the reason, those
# of a kind the base has throughout that the series keeps. Each build has a directory of its own under
# build/robots/ and is configured as the guests' kernels are (tinyconfig
# and configs/), and ccache serves what did not change.
. "$(dirname "$0")/lib.sh"

s=$top/scripts
cfg=$top/configs
out=$build/robots
log=$build/logs/robots
mkdir -p "$out" "$build/logs"
fails=0
changed() { git -C "$linux" diff --name-only base series -- "$@"; }
# (kernel C files: samples/ and tools/ are user space)
mapfile -t objs < <(changed '*.c' ':!tools/' ':!samples/' | sed 's/\.c$/.o/')

# judge NAME LOG O: the result of a build whose output is LOG, made in O.
judge() {
	local new
	new=$(python3 "$s/new-warnings.py" "$linux" "$3" "$2" "$top/known-warnings") ||
		{ result 1 "$1" "cannot read $2"; return; }
	result "$([ -z "$new" ]; echo $?)" "$1" \
		"$(head -n 3 <<<"$new" | tr '\n' ' ')(log: $2)"
}

# robot NAME ARCH FRAGMENTS MAKE-ARGS...: configure build/robots/NAME
# (when its fragments changed) and build the objects and header tests.
robot() {
	local name=$1 arch=$2 frags=$3 o=$out/$1 l=$log-$1.log want key
	shift 3
	rmake() { make -C "$linux" O="$o" ARCH="$arch" -j"$JOBS" "$@"; }
	stage "robots: $name: ${#objs[@]} objects"
	want=$(cat $frags "$s/robots.sh" | sha256sum)
	# Built again only when the tree, the fragments, this script or the
	# arguments changed since the last build that ended well: else its
	# log is judged again.
	key=$({ tree_key; echo "$want $*"; } | sha256sum | cut -c1-16)
	if [ -s "$l" ] && unchanged "$o/.harness-built" "$key" "robots: $name"; then
		judge "$name: no new warnings in the series' kernel C files" "$l" "$o"
		done_stage "$(grep -c 'warning:' "$l") warnings in all"
		return
	fi
	: >"$l"
	if [ "$want" != "$(cat "$o/.config.want" 2>/dev/null)" ]; then
		mkdir -p "$o"
		{ rmake "$@" tinyconfig &&
			"$linux/scripts/kconfig/merge_config.sh" -m -O "$o" "$o/.config" $frags &&
			rmake "$@" olddefconfig; } >>"$l" 2>&1 ||
			{ result 1 "$name: configures" "see $l"; done_stage; return; }
		echo "$want" >"$o/.config.want"
	fi
	# Built again each time, so that every warning is in this log
	# (ccache replays a cached compiler's warnings).
	(cd "$o" && rm -f "${objs[@]}")
	if ! rmake "$@" "${objs[@]}" >>"$l" 2>&1; then
		result 1 "$name: the series' kernel C files build" "see $l"
	elif [[ " $* " == *" C=2 "* ]] && [ "$(grep -c '^  CHECK ' "$l")" -lt ${#objs[@]} ]; then
		result 1 "$name: sparse checked the series' kernel C files" "see $l"
	else
		judge "$name: no new warnings in the series' kernel C files" "$l" "$o"
		echo "$key" >"$o/.harness-built"
	fi
	done_stage "$(grep -c 'warning:' "$l") warnings in all"
}

# sparse: Debian 12's (0.6.4) fails the kernel's test of the checker
# (scripts/checker-valid.sh), which then turns C= off with nothing but a
# make warning; build the one of Debian's unstable source package.
sp=$broot/tools/sparse
if [ ! -x "$sp/sparse" ]; then
	stage "robots: sparse from Debian unstable's source"
	APT_SRC=1 apt_private sid
	rm -rf "$sp" && mkdir -p "$sp/src"
	{ (cd "$sp" && aptp apt-get source --download-only sparse) &&
		tar -xzf "$sp"/sparse_*.orig.tar.gz -C "$sp/src" --strip-components=1 &&
		make -C "$sp/src" -j"$JOBS" sparse HAVE_LLVM=no HAVE_SQLITE=no HAVE_GTK=no \
			HAVE_LIBXML=no && cp "$sp/src/sparse" "$sp/sparse"; } >>"$log" 2>&1 ||
		die "cannot build sparse" "$log"
	done_stage "$(ls "$sp"/sparse_*.dsc)"
fi

base_frags="$cfg/common.config"
robot x86_64-W1-sparse x86_64 "$base_frags $cfg/x86_64.config $cfg/robots.config" \
	CC="ccache gcc" HOSTCC="ccache gcc" W=1 C=2 CHECK="$sp/sparse"
# (The host programs, objtool among them, are the kernels' own, built by
# gcc: ccache has them; what is checked is the kernel code clang compiles.)
robot x86_64-clang x86_64 "$base_frags $cfg/x86_64.config" \
	LLVM=-19 CC="ccache clang-19" HOSTCC="ccache gcc" W=1
robot arm64-clang arm64 "$base_frags $cfg/arm64.config" \
	LLVM=-19 CC="ccache clang-19" HOSTCC="ccache gcc" W=1
robot i386 i386 "$base_frags" \
	CROSS_COMPILE=i686-linux-gnu- CC="ccache i686-linux-gnu-gcc" HOSTCC="ccache gcc" W=1

# The UAPI header test, of what the series changes: every header installed
# (scripts/headers_install.sh checks each), then the headers the series
# changes compiled on their own, as C and C++, with -Werror, by kbuild's
# own rule (usr/include/Makefile). Kbuild builds a single file only for the
# suffixes in its 'single-targets'; given '%.hdrtest' there, it builds
# just these tests instead of one for each of the ~900 headers (110 s).
o=$out/x86_64-W1-sparse
mapfile -t uapi < <(changed 'include/uapi/*.h' 'arch/x86/include/uapi/*.h' |
	sed -E 's|^(arch/x86/)?include/uapi/(.*)\.h$|usr/include/\2.hdrtest|')
stage "robots: the UAPI header test of ${#uapi[@]} headers"
if [ ${#uapi[@]} = 0 ]; then
	result 0 "the UAPI header test (the series changes no UAPI header)"
elif make -C "$linux" O="$o" -j"$JOBS" CC="ccache gcc" headers >"$log-uapi.log" 2>&1 &&
   make -C "$linux" O="$o" -j"$JOBS" CC="ccache gcc" 'single-targets=%.hdrtest' \
	"${uapi[@]}" >>"$log-uapi.log" 2>&1; then
	result 0 "the UAPI headers install, and the header test of ${uapi[*]#usr/include/}"
else
	result 1 "the UAPI header test" "$(grep -m 3 -E 'error|warning' "$log-uapi.log" | tr '\n' ' ')(log: $log-uapi.log)"
fi
done_stage

stage "robots: kernel-doc"
mapfile -t docs < <(changed '*.c' '*.h' ':!tools/' ':!samples/')
(cd "$linux" && scripts/kernel-doc -none -Wall "${docs[@]}") >"$log-kernel-doc.log" 2>&1
judge "kernel-doc -none -Wall on ${#docs[@]} files" "$log-kernel-doc.log" "$linux"
done_stage

# musl's <sys/prctl.h> has PR_ constants of its own and conflicts with
# <linux/prctl.h>: the series' user space must build with it too.
stage "robots: musl"
hdr=$out/musl-headers
make -C "$linux" O="$o" INSTALL_HDR_PATH="$hdr" headers_install >"$log-musl.log" 2>&1 ||
	result 1 "the UAPI headers install for the musl builds" "see $log-musl.log"
# The files that include <sys/prctl.h> and use the new prctl; for a
# header outside perf, the C files beside it that include it.
mapfile -t users < <(cd "$linux" && git grep -l --all-match -e '<sys/prctl.h>' \
		-e PR_TASK_PERF_UEVENT series -- '*.c' '*.h' | sed 's/^series://' |
	while read -r f; do
		case $f in
		*.c) echo "$f" ;;
		tools/perf/*) ;;
		*) grep -l "#include \"$(basename "$f")\"" "$(dirname "$f")"/*.c ;;
		esac
	done)
p=$linux/tools
bad=
for f in "${users[@]}"; do
	case $f in
	tools/perf/*) flags=(-I"$p/perf" -I"$p/perf/util" -I"$p/perf/include" -I"$p/include"
		-I"$p/include/uapi" -I"$p/arch/x86/include/uapi" -I"$p/arch/x86/include"
		-I"$p/lib" -I"$p/lib/perf/include") ;;
	*) flags=(-I"$p/testing/selftests") ;;
	esac
	musl-gcc -fsyntax-only -D_GNU_SOURCE "${flags[@]}" -idirafter "$hdr/include" \
		"$linux/$f" >>"$log-musl.log" 2>&1 || bad="$bad $f"
done
result "$([ -z "$bad" ] && [ ${#users[@]} -gt 0 ]; echo $?)" \
	"${#users[@]} user space files that call PR_TASK_PERF_UEVENT build against musl's headers" \
	"${bad:-none found} (see $log-musl.log)"
done_stage
[ $fails = 0 ]
