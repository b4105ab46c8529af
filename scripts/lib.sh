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
	s390x) karch=s390; cross=s390x-linux-gnu- ;;
	*) die "unknown ARCH '$1' (use x86_64, arm64 or s390x)" ;;
	esac
}

# Which series: LINE=mainline (default: patches/ on the mainline base, in
# build/linux) or LINE=6.12 (the LTS backport, patches/backport-6.12/, in
# build/linux-6.12). Its builds carry the suffix -6.12.
case ${LINE:-mainline} in
mainline) sdir=$top/patches lsfx= ;;
6.12) sdir=$top/patches/backport-6.12 lsfx=-6.12 ;;
*) printf '*** unknown LINE=%s (mainline or 6.12)\n' "$LINE" >&2; exit 1 ;;
esac
# The source tree: build/linux (base + series). With TREE=base, the
# unpatched base (make baseline), in a build directory of its own
# (build/base, build/base-6.12) laid out as build/ is, so that the relative
# paths that ccache sees are the same and the unchanged files' objects come
# from its cache.
broot=$build
case ${TREE:-} in
base) build=$build/$TREE$lsfx ;;
"") ;;
*) printf '*** unknown TREE=%s (base)\n' "$TREE" >&2; exit 1 ;;
esac
linux=$build/linux$lsfx
sfx=$lsfx
# Depend mode: on a miss ccache hashes the compiler's dependency file
# instead of running the preprocessor first (kernel and perf objects are
# built with -MD): a build from an empty cache takes about a third less.
export CCACHE_BASEDIR=$build CCACHE_NOHASHDIR=true CCACHE_DEPEND=true

# apt_private SUITE [ARCH]: set up aptp, apt-get/apt-cache with only the
# Debian suite SUITE (main) and, if given, the architecture ARCH, from the
# mirror this machine already uses for Debian (never a host of our own),
# in a private state directory under build/apt/: the machine's apt
# configuration is not touched. Logs to $log.
apt_private() {
	local site codename
	apt_suite=$1
	apt_arch=${2:-}
	apt_dir=$broot/apt/$apt_suite${apt_arch:+-$apt_arch}
	codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
	# The machine's mirror for this suite if it has one (bookworm-security
	# lives elsewhere than bookworm), else the one of its own release.
	site=$(apt-get indextargets --format '$(RELEASE) $(SITE)' |
		awk -v s="$apt_suite" -v c="$codename" '$1 == s && !f { f = $2 }
			$1 == c && !m { m = $2 } END { print f ? f : m }')
	[ -n "$site" ] || die "no Debian mirror in this machine's apt sources (apt-get indextargets)"
	mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
	echo "deb $site $apt_suite main" >"$apt_dir/sources.list"
	aptp apt-get update >>"$log" 2>&1 ||
		die "apt-get update of $apt_suite${apt_arch:+ ($apt_arch)} from $site failed" "$log"
}
aptp() {
	local cmd=$1
	shift
	"$cmd" -o Dir::Etc::sourcelist="$apt_dir/sources.list" \
		-o Dir::Etc::sourceparts=/nonexistent -o Dir::State::Lists="$apt_dir/lists" \
		-o Dir::Cache="$apt_dir/cache" -o Debug::NoLocking=1 \
		${apt_arch:+-o APT::Architecture=$apt_arch -o APT::Architectures=$apt_arch} "$@"
}
