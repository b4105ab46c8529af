#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Check the series as a maintainer would receive it by walking it, one
# patch at a time, in the tree the guests' kernel and perf are built from
# (build/linux), so that the walk's builds are the tested ones and nothing
# is built twice:
# - the base's headers use none of the series' numbers;
# - every patch applies in order ('make tree' applied them with git am and
#   checked that the tree's commits are exactly patches/);
# - the x86_64 kernel is built in full at the series' head first; then, at
#   each patch that touches the kernel, every object that the patch's files
#   reach (its C files, and each object whose recorded dependencies name a
#   header it changes) is compiled at that patch; a patch that changes a
#   Makefile or Kconfig, and the last kernel patch, get a full build and
#   link; back at the head the kernel is built again (ccache serves it);
# - perf is built after each patch that touches it (incremental, ccache):
#   the last of these builds is the tested perf;
# - a set that patches/sets says applies to the base alone does;
# - checkpatch --strict is clean on every patch or its message or its
#   notes (below '---') say why;
# - the tools/ copies of the UAPI headers carry exactly the lines the series
#   adds to the kernel's;
# - the registered user event types are the same in the samples' header
#   and in perf's.
# A patch whose inputs (it and every patch before it, these scripts and the
# configs) are those of a passing walk is not walked again: its results are
# shown again (RERUN=1 walks it all). Prints one 'ok'/'not ok' line per
# check and exits non-zero on any.
. "$(dirname "$0")/lib.sh"

s=$top/scripts
name=${sdir#"$top"/}
log=$build/logs/series-check.log
kout=$build/x86_64/kernel-main
steps=$build/cache/series
mapfile -t patches < <(grep -vE '^[[:space:]]*(#|$)' "$sdir/series")
N=${#patches[@]}
fails=0
mkdir -p "$steps" "$build/logs"
: >"$log"

# The tree must hold exactly the series ('make tree' sees to it).
[ "$(git -C "$linux" rev-list --count base..series 2>/dev/null)" = "$N" ] &&
	git -C "$linux" diff --quiet series ||
	die "${linux#"$top"/} is not base + ${name}: run 'make tree'"

# The numbers the series takes must still be free in the base: a newer
# base that gave one of them away must fail here, not in the field.
taken=$(git -C "$linux" show base:include/uapi/linux/perf_event.h |
		grep -nE 'PERF_RECORD_[A-Z_]+[[:space:]]*=[[:space:]]*23\b'
	git -C "$linux" show base:include/uapi/linux/prctl.h | grep -niE '0x55455654'
	git -C "$linux" show base:include/uapi/linux/perf_event.h |
		grep -nE '^[[:space:]]*(uevent|__reserved_1)[[:space:]]*:' |
		awk -F: '$2 ~ /uevent/ || $NF + 0 < 24')
result "$([ -z "$taken" ]; echo $?)" \
	"the base leaves attr bit 40, record type 23 and prctl 0x55455654 free" "$taken"

# A set posted on its own (on: base) must apply to the base without the
# sets before it. (It builds there too: the walk builds it after sets
# that touch none of its files.)
if [ -f "$sdir/sets" ]; then
	i=0
	while read -r d n on _; do
		if [ "$on" = base ] && [ $i -gt 0 ]; then
			(replay_on_base $(git -C "$linux" rev-list --reverse base..series |
				sed -n "$((i + 1)),$((i + n))p") >/dev/null) 2>>"$log"
			result $? "$d: its $n patches apply to the base alone" "see $log"
		fi
		i=$((i + n))
	done < <(grep -vE '^[[:space:]]*(#|$)' "$sdir/sets")
fi

# Each patch's key: it and the patches before it, the scripts that build
# and check, and the configs. The first patch whose key differs from its
# last passing walk's is where the walk starts.
common=$(cat "$s"/series-check.sh "$s"/kernel.sh "$s"/perf.sh "$s"/lib.sh \
	"$top"/configs/* | sha256sum | cut -c1-16)
keys=() prev=$common start=$((N + 1))
for ((i = 1; i <= N; i++)); do
	prev=$(cat <(echo "$prev") "$sdir/${patches[i - 1]}" | sha256sum | cut -c1-16)
	keys[i]=$prev
	if [ $start -gt $N ] && { [ "${RERUN:-0}" != 0 ] ||
	   [ "$(cat "$steps/$i.key" 2>/dev/null)" != "$prev" ]; }; then
		start=$i
	fi
done
for ((i = 1; i < start; i++)); do
	sed 's/$/ (unchanged since its walk of '"$(date -r "$steps/$i.key" '+%F %T')"')/' \
		"$steps/$i.txt"
done

# files I: the files patch I changes.
files() {
	git -C "$linux" diff --name-only "series~$((N - $1 + 1))" "series~$((N - $1))"
}
kernel_files() { grep -vE '^(tools/|Documentation/|MAINTAINERS$)'; }
# (perf's build does not read its Documentation/: a patch that changes only
# that leaves the last build as it was)
perf_files() { grep -E '^tools/(perf|lib|include|build|arch)/' | grep -v '^tools/perf/Documentation/'; }

# reach FILE...: the kernel objects these files reach in $kout: each C
# file's own object, and every object whose recorded dependencies (its
# .cmd file, written by fixdep) name one of the files; only objects that
# vmlinux links (vmlinux.a and the lib.a archives list them), as the boot
# and real mode code and the host programs cannot be built on their own.
# Prints FULL when a file is one of the build's own (Makefile, Kconfig,
# Kbuild).
reach() {
	local f
	for f in "$@"; do
		case $f in
		*Makefile* | *Kconfig* | *Kbuild*) echo FULL ;;
		*.c) echo "${f%.c}.o" ;;
		*) grep -rlE --include='*.o.cmd' "[ /]${f//./\\.}( |\\\\|$)" "$kout" 2>/dev/null |
			sed -n "s|^$kout/\\(.*\\)/\\.\\([^/]*\\.o\\)\\.cmd$|\\1/\\2|p" ;;
		esac
	done | sort -u | grep -Fx -e FULL -f <(cd "$kout" && for a in vmlinux.a $(find . -name lib.a); do
		ar t "$a"
	done 2>/dev/null)
}

last_kernel=0
for ((i = 1; i <= N; i++)); do
	[ -n "$(files $i | kernel_files)" ] && last_kernel=$i
done

if [ $start -le $N ]; then
	# The walk moves the tree's HEAD; it always ends back on 'series'.
	trap 'git -C "$linux" checkout -q series' EXIT
	# The head first: every object at its final state (the patches'
	# steps then find theirs in ccache) and the .cmd files reach() reads.
	if [ $last_kernel -ge $start ]; then
		stage "series $name: the kernel at the head of the series"
		"$s/kernel.sh" x86_64 main >>"$log" 2>&1 ||
			result 1 "the kernel builds at the head of the series" \
				"see $build/logs/kernel-x86_64-main.log"
		done_stage
	fi
fi
rm -f "$steps/perf-FEATURE-DUMP"
for ((i = start; i <= N; i++)); do
	p=${patches[i - 1]}
	stage "series $name: patch $i/$N $p"
	git -C "$linux" checkout -q --detach "series~$((N - i))" 2>>"$log" ||
		die "cannot check out patch $i in $linux" "$log"
	out=$(
		mapfile -t kf < <(files $i | kernel_files)
		if [ ${#kf[@]} -gt 0 ]; then
			objs=$(reach "${kf[@]}")
			if [ $i = $last_kernel ] || grep -qx FULL <<<"$objs"; then
				HEADERS=0 "$s/kernel.sh" x86_64 main >>"$log" 2>&1
				result $? "$p: the kernel builds" \
					"see $build/logs/kernel-x86_64-main.log"
			elif [ -n "$objs" ]; then
				# shellcheck disable=SC2086
				TARGETS="$objs" "$s/kernel.sh" x86_64 main >>"$log" 2>&1
				result $? "$p: the $(wc -l <<<"$objs") kernel objects it reaches compile" \
					"see $build/logs/kernel-x86_64-main.log"
			fi
		fi
		if [ -n "$(files $i | perf_files)" ]; then
			# The features detected at the walk's first perf build
			# serve the next ones, unless a patch changes what
			# detects them.
			features=$steps/perf-FEATURE-DUMP
			files $i | grep -qE '^tools/(build/|perf/Makefile\.config$)' &&
				rm -f "$features"
			FEATURES=$([ -f "$features" ] && echo "$features") \
				INSTALL=0 "$s/perf.sh" x86_64 >>"$log" 2>&1
			result $? "$p: perf builds" "see $build/logs/perf-x86_64.log"
			# (perf checks libperl on its own and leaves it out of
			# the file; perf.sh checks that this perf has Perl)
			[ -f "$features" ] || [ ! -f "$build/x86_64/perf/FEATURE-DUMP" ] ||
				{ cat "$build/x86_64/perf/FEATURE-DUMP"; echo feature-libperl=1; } >"$features"
		fi
		# Debian's python3 first: checkpatch's SPDX check needs its python3-ply.
		cp=$(cd "$linux" && PATH=/usr/bin:$PATH ./scripts/checkpatch.pl --strict --terse \
			--no-summary "$sdir/$p" 2>&1 | grep -E ': (ERROR|WARNING|CHECK):|Error|Traceback')
		if [ -n "$cp" ] && ! git -C "$linux" log -1 --format=%B%N | grep -qi checkpatch; then
			result 1 "$p: checkpatch --strict" "$(echo "$cp" | head -n 3 | tr '\n' ' ')"
		else
			result 0 "$p: checkpatch --strict${cp:+ (reports explained in the message)}"
		fi
	)
	echo "$out"
	rm -f "$steps/$i.key"
	if ! grep -q '^not ok' <<<"$out"; then
		echo "$out" >"$steps/$i.txt"
		echo "${keys[i]}" >"$steps/$i.key"
	else
		fails=$((fails + 1))
	fi
	done_stage
done
# The last kernel patch was built in full, and what follows it leaves the
# kernel alone: the build is the head's.
git -C "$linux" checkout -q series
trap - EXIT

# The tools/ copies must add what the kernel's headers add, line for line;
# blank lines do not count, as the copies' spacing has drifted from the
# kernel's before the series.
added() {
	git -C "$linux" diff base series -- "$1" | sed -n 's/^+\([^+]\)/\1/p'
}
for pair in include/uapi/linux/perf_event.h:tools/include/uapi/linux/perf_event.h \
	include/uapi/linux/prctl.h:tools/include/uapi/linux/prctl.h \
	include/uapi/linux/prctl.h:tools/perf/trace/beauty/include/uapi/linux/prctl.h; do
	k=${pair%%:*} t=${pair#*:}
	if diff <(added "$k") <(added "$t") >>"$log" 2>&1; then
		result 0 "$t carries the series' additions to $k"
	else
		result 1 "$t carries the series' additions to $k" "differs, see $log"
	fi
done
# The registered user event types: the samples' header and perf's, one
# convention on every ABI the guests run (scripts/registry-check.c).
for t in x86_64:gcc i386:i686-linux-gnu-gcc arm64:aarch64-linux-gnu-gcc \
	s390x:s390x-linux-gnu-gcc; do
	${t#*:} -std=gnu11 -Wall -Werror -fsyntax-only -I "$linux/samples/perf_uevent" \
		-I "$linux/tools/perf/util" "$s/registry-check.c" >>"$log" 2>&1
	result $? "${t%%:*}: samples/perf_uevent/uevent.h and perf's uevent-types.h agree" \
		"see $log"
done
[ $fails = 0 ]
