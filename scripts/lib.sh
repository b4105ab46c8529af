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

# result RC WHAT [WHY]: a check script's 'ok WHAT' line, or 'not ok WHAT:
# WHY' counted in $fails (make check counts the lines).
fails=0
result() {
	if [ "$1" = 0 ]; then
		echo "ok $2"
	else
		echo "not ok $2${3:+: $3}"
		fails=$((fails + 1))
	fi
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
# build/linux-6.12). Its builds carry the suffix -6.12; its patches are
# numbered [PATCH 6.12 n/m], as stable backports are posted.
case ${LINE:-mainline} in
mainline) sdir=$top/patches lsfx= prefix=PATCH ;;
6.12) sdir=$top/patches/backport-6.12 lsfx=-6.12 prefix="PATCH 6.12" ;;
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
# Debian suite SUITE (main; its sources with APT_SRC=1) and, if given, the
# architecture ARCH, from the
# mirror this machine already uses for Debian (never a host of our own),
# in a private state directory under build/apt/: the machine's apt
# configuration is not touched. Logs to $log.
apt_private() {
	local site codename
	apt_suite=$1
	apt_arch=${2:-}
	apt_dir=$broot/apt/$apt_suite${apt_arch:+-$apt_arch}${APT_SRC:+-src}
	codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
	# The machine's mirror for this suite if it has one (bookworm-security
	# lives elsewhere than bookworm), else the one of its own release.
	site=$(apt-get indextargets --format '$(RELEASE) $(SITE)' |
		awk -v s="$apt_suite" -v c="$codename" '$1 == s && !f { f = $2 }
			$1 == c && !m { m = $2 } END { print f ? f : m }')
	[ -n "$site" ] || die "no Debian mirror in this machine's apt sources (apt-get indextargets)"
	mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
	echo "deb${APT_SRC:+-src} $site $apt_suite main" >"$apt_dir/sources.list"
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

# render_series OUT [cover]: write $linux's commits (base..HEAD) as the
# patch files that are posted, into OUT: with $sdir/sets, one folder per
# set (format-patch's base-commit: and prerequisite-patch-id: lines, b4
# style; a set 'on base' is replayed onto the base first, so that it
# names no prerequisite), else all in OUT. Git notes go below '---'.
# With 'cover', sets of more than one patch get a generated cover letter.
render_series() {
	local out=$1 cover=${2:-} dirs=(.) ns ons=(after) i=0 k d n on range
	mapfile -t commits < <(git -C "$linux" rev-list --reverse base..HEAD)
	ns=("${#commits[@]}")
	if [ -f "$sdir/sets" ]; then
		dirs=() ns=() ons=()
		while read -r d n on _; do
			dirs+=("$d") ns+=("$n") ons+=("$on")
		done < <(grep -vE '^[[:space:]]*(#|$)' "$sdir/sets")
	fi
	for k in "${!dirs[@]}"; do
		n=${ns[k]}
		[ $((i + n)) -le ${#commits[@]} ] ||
			die "${sdir#"$top"/}/sets counts more patches than ${linux#"$top"/} has (${#commits[@]})"
		range=${commits[i]}^..${commits[i + n - 1]}
		[ "${ons[k]}" = base ] && [ "$i" -gt 0 ] &&
			range=base..$(replay_on_base "${commits[@]:i:n}")
		mkdir -p "$out/${dirs[k]}"
		git -C "$linux" format-patch -q --zero-commit --signature=perf-uevent --notes \
			--subject-prefix="$prefix" --base=base ${cover:+$([ "$n" -gt 1 ] && echo --cover-letter)} \
			-o "$out/${dirs[k]}" "$range" || die "git format-patch $range failed"
		i=$((i + n))
	done
	[ "$i" = ${#commits[@]} ] ||
		die "${sdir#"$top"/}/sets counts $i patches, ${linux#"$top"/} has ${#commits[@]}"
}

# replay_on_base COMMIT...: the same commits (message, author, date,
# note) applied one after another onto the base, made without touching
# the work tree; prints the last one.
replay_on_base() {
	local idx parent c new
	idx=$(mktemp)
	parent=$(git -C "$linux" rev-parse base)
	for c in "$@"; do
		GIT_INDEX_FILE=$idx git -C "$linux" read-tree "$parent"
		git -C "$linux" diff-tree -p --binary "$c^" "$c" |
			GIT_INDEX_FILE=$idx git -C "$linux" apply --cached ||
			die "$(git -C "$linux" log -1 --format=%s "$c") does not apply to the base alone"
		new=$(git -C "$linux" log -1 --format=%B "$c" |
			GIT_AUTHOR_NAME=$(git -C "$linux" log -1 --format=%an "$c") \
			GIT_AUTHOR_EMAIL=$(git -C "$linux" log -1 --format=%ae "$c") \
			GIT_AUTHOR_DATE=$(git -C "$linux" log -1 --format=%ad --date=raw "$c") \
			GIT_COMMITTER_DATE=$(git -C "$linux" log -1 --format=%cd --date=raw "$c") \
			git -C "$linux" commit-tree "$(GIT_INDEX_FILE=$idx git -C "$linux" write-tree)" -p "$parent")
		git -C "$linux" notes copy "$c" "$new" 2>/dev/null
		parent=$new
	done
	rm -f "$idx"
	echo "$parent"
}
