# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the harness scripts: stage banners with durations and
# errors that name the stage and the log to read.

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BUILD:-$top/build}
JOBS=${JOBS:-$(nproc)}
stage_name=

# stage NAME: announce a stage and remember when it started.
stage() {
	stage_name=$1
	stage_t0=$(date +%s)
	printf '==> %s\n' "$stage_name"
}

# done_stage [NOTE]: print how long the current stage took.
done_stage() {
	printf '<== %s: %ss%s\n' "$stage_name" $(($(date +%s) - stage_t0)) "${1:+ ($1)}"
}

# die MESSAGE [LOG]: fail the current stage; show the end of LOG if given.
die() {
	printf '\n*** FAILED: %s: %s\n' "${stage_name:-harness}" "$1" >&2
	if [ -n "${2:-}" ] && [ -f "$2" ]; then
		printf '*** last lines of %s:\n' "$2" >&2
		tail -n 25 "$2" | sed 's/^/    /' >&2
		printf '*** full log: %s\n' "$2" >&2
	fi
	exit 1
}

# run_logged LOG CMD...: run CMD with its output in LOG; on failure, die.
run_logged() {
	local log=$1
	shift
	mkdir -p "$(dirname "$log")"
	"$@" >"$log" 2>&1 || die "'$*' failed" "$log"
}

# Kernel ARCH and cross compiler for an architecture name.
arch_vars() {
	case $1 in
	x86_64) karch=x86_64; cross= ;;
	arm64) karch=arm64; cross=aarch64-linux-gnu- ;;
	*) die "unknown ARCH '$1' (use x86_64 or arm64)" ;;
	esac
}

# The source tree: build/linux (base + series); with TREE=base the
# unpatched base (build/base-tree), with TREE=series the scratch tree of
# the series checks (build/series-tree). Their builds go to directories
# with the suffix -base or -series ($sfx), side by side.
case ${TREE:-} in
base | series)
	linux=$build/$TREE-tree
	sfx=-$TREE
	;;
*)
	linux=$build/linux
	sfx=
	;;
esac

export CCACHE_BASEDIR=$build CCACHE_NOHASHDIR=true
