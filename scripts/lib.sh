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

# The series: patches/, applied to the base in build/linux.
sdir=$top/patches
# The source tree: build/linux (base + series). With TREE=base, the
# unpatched base (make baseline), in a build directory of its own
# (build/base) laid out as build/ is, so that the relative paths that
# ccache sees are the same and the unchanged files' objects come from its
# cache.
broot=$build
case ${TREE:-} in
base) build=$build/$TREE ;;
"") ;;
*) printf '*** unknown TREE=%s (base)\n' "$TREE" >&2; exit 1 ;;
esac
linux=$build/linux
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

# tree_key: what the source tree holds, as a short hash: its commit's tree
# and the changes not committed, their content included (two different
# edits of one file are two trees).
tree_key() {
	{ git -C "$linux" rev-parse 'HEAD^{tree}' && git -C "$linux" status --porcelain &&
		git -C "$linux" diff HEAD; } 2>&1 |
		sha256sum | cut -c1-16
}
# unchanged STAMP KEY WHAT: the build in STAMP's directory ended well last
# time with inputs KEY, so it is not done again (RERUN=1 does it): say so.
# Otherwise forget STAMP until the build ends well again.
unchanged() {
	if [ "${RERUN:-0}" = 0 ] && [ "$(cat "$1" 2>/dev/null)" = "$2" ]; then
		echo "==> $3: inputs unchanged since its build of $(date -r "$1" '+%F %T'): not built again"
		return 0
	fi
	rm -f "$1"
	return 1
}

# guest_files ARCH VARIANT: the kernel image and the initramfs that a
# guest boots, in $gkernel and $ginitrd. The 'stock' variant is Debian's
# own kernel (scripts/stock.sh).
guest_files() {
	case $2 in
	stock)
		gkernel=$build/stock/vmlinuz ginitrd=$build/stock/initramfs.cpio
		return ;;
	esac
	ginitrd=$build/$1/initramfs.cpio
	case $1 in
	x86_64) gkernel=$build/$1/kernel-$2/arch/x86/boot/bzImage ;;
	arm64) gkernel=$build/$1/kernel-$2/arch/arm64/boot/Image ;;
	s390x) gkernel=$build/$1/kernel-$2/arch/s390/boot/bzImage ;;
	esac
}

# deb_fetch RECORD: the file that RECORD's Debian package holds, checked:
# RECORD gives package=, version=, suite= (fetched through apt_private),
# member= (the file in the package, a tar pattern) and sha256= (that
# file's); the file is unpacked under build/dl/member/ and its path put
# in $fetched. When the archive no longer has that version, the newest of
# the package is taken (with latest=, the newest that the package 'latest'
# depends on: linux-image packages change their name with each ABI), the
# run says so and RECORD records it. Logs to $log.
deb_fetch() {
	local rec=$1 package version suite member sha256 latest= deb sum newest
	# shellcheck disable=SC1090
	. <(grep -E '^[a-z0-9]+=' "$rec")
	mkdir -p "$broot/dl"
	deb=$broot/dl/${package}_${version//:/%3a}.deb
	if [ ! -f "$deb" ]; then
		apt_private "$suite"
		if ! (cd "$broot/dl" && aptp apt-get download "$package=$version") >>"$log" 2>&1; then
			[ -z "$latest" ] || package=$(aptp apt-cache depends "$latest" |
				awk '$1 == "Depends:" { print $2; exit }')
			newest=$(aptp apt-cache policy "$package" | awk '$1 == "Candidate:" { print $2 }')
			[ -n "$newest" ] && [ "$newest" != "(none)" ] ||
				die "$suite has no ${latest:-$package} at all" "$log"
			printf '\n!!!! %s has left the archive; using the newest, %s %s.\n' \
				"${deb##*/}" "$package" "$newest"
			printf '!!!! %s now records it: commit it.\n\n' "${rec#"$top"/}"
			(cd "$broot/dl" && aptp apt-get download "$package=$newest") >>"$log" 2>&1 ||
				die "apt-get download $package=$newest failed" "$log"
			version=$newest sha256=
		fi
		deb=$broot/dl/${package}_${version//:/%3a}.deb
		mv "${deb%.deb}"_*.deb "$deb" || die "apt-get download left no ${deb##*/}" "$log"
	fi
	[ "$(dpkg-deb -f "$deb" Package) $(dpkg-deb -f "$deb" Version)" = "$package $version" ] ||
		die "$deb is not $package $version"
	rm -rf "$broot/dl/member" && mkdir -p "$broot/dl/member"
	dpkg-deb --fsys-tarfile "$deb" | tar -xC "$broot/dl/member" --wildcards "./$member" \
		>>"$log" 2>&1 || die "no $member in $deb" "$log"
	fetched=$(find "$broot/dl/member" -type f | head -n 1)
	sum=$(sha256sum "$fetched" | cut -d' ' -f1)
	if [ -z "$sha256" ]; then
		sed -i -e "s/^package=.*/package=$package/" -e "s/^version=.*/version=$version/" \
			-e "s/^sha256=.*/sha256=$sum/" "$rec"
	elif [ "$sum" != "$sha256" ]; then
		die "$fetched: sha256 is $sum, ${rec#"$top"/} says $sha256"
	fi
	fetched_desc="$package $version, sha256 $sum"
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
			--base=base ${cover:+$([ "$n" -gt 1 ] && echo --cover-letter)} \
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
