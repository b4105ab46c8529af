#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Assemble build/ARCH/initramfs.cpio:
# static busybox, the harness's guest scripts (guest/), the kselftests (64-
# and 32-bit) and, where built, perf with the shared libraries it needs.
. "$(dirname "$0")/lib.sh"

arch=${1:?usage: initramfs.sh ARCH}
arch_vars "$arch"
out=$build/$arch/initramfs.cpio
list=$build/$arch/initramfs.list
gen=$broot/tools/gen_init_cpio
log=$build/logs/initramfs-$arch.log
stage "initramfs $arch"
mkdir -p "$broot/tools" "$broot/dl"
if [ ! -x "$gen" ]; then
	gcc -O2 -o "$gen" "$linux/usr/gen_init_cpio.c" 2>"$log" ||
		die "cannot build gen_init_cpio" "$log"
fi

: >"$log"
case $arch in
x86_64)
	busybox=/bin/busybox
	bash=/bin/bash-static
	;;
*)
	# Debian's, for the guest's architecture (scripts/sysroot.sh).
	"$top/scripts/sysroot.sh" "$arch" || exit 1
	busybox=$build/$arch/sysroot/bin/busybox
	bash=$build/$arch/sysroot/bin/bash-static
	;;
esac
[ -x "$busybox" ] || die "no static busybox at $busybox: run 'make deps'"

# The guest's directory of shared libraries (Debian's multiarch layout)
# and where the host has them: installed for x86_64 and arm64, in the
# sysroot (scripts/sysroot.sh) and the cross compiler's C library for
# s390x.
libdir=/lib/${cross:-x86_64-linux-gnu-}
libdir=${libdir%-}
hostlibs=("$libdir")
[ "$arch" != s390x ] || hostlibs=("$build/$arch/sysroot$libdir"
	"$build/$arch/sysroot/usr$libdir" "/usr/${cross%-}/lib")
# host GUEST-PATH: the host's file for a library of the guest.
host() {
	local d
	[ "$arch" != s390x ] && [ -e "$1" ] && { echo "$1"; return; }
	for d in "${hostlibs[@]}"; do
		[ -e "$d/${1##*/}" ] && { echo "$d/${1##*/}"; return; }
	done
	die "$1 is not on this machine (in ${hostlibs[*]}): run 'make deps'"
}

# needed ELF: the shared libraries ELF needs, recursively, and its dynamic
# loader, as paths in the guest (libgcc_s too: glibc loads it at run time
# for backtrace() and thread exit).
needed() {
	local todo=("$1") seen=" " f lib
	readelf -l "$1" | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p'
	echo "$libdir/libgcc_s.so.1"
	while [ ${#todo[@]} -gt 0 ]; do
		f=${todo[0]}
		todo=("${todo[@]:1}")
		for lib in $(readelf -d "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
			[[ $seen == *" $lib "* ]] && continue
			seen+="$lib "
			echo "$libdir/$lib"
			todo+=("$(host "$libdir/$lib")") || exit 1
		done
	done
}

# tree SRC DEST [PRUNE...]: add the files under SRC below DEST in the
# guest, but not those whose names match a PRUNE pattern, nor what lies
# under them.
tree() {
	local src=$1 dest=$2 prune=(-false) p
	for p in "${@:3}"; do
		prune+=(-o -name "$p")
	done
	(cd "$src" && find . -mindepth 1 \( "${prune[@]}" \) -prune -o -printf '%y %P %m %l\n' |
		LC_ALL=C sort -k2) | while read -r type path mode link; do
		case $type in
		d) echo "dir $dest/$path $mode 0 0" ;;
		f) echo "file $dest/$path $src/$path $mode 0 0" ;;
		l) echo "slink $dest/$path $link 777 0 0" ;;
		esac
	done
}

perf=$build/$arch/perf-install
if [ -d "$perf" ]; then
	perf_libs=$(needed "$perf/usr/bin/perf") || exit 1
	# perf's shell tests make their files with 'mktemp NAME.XXXXX', which
	# busybox refuses (it wants six X's): on x86_64 they get the host's
	# GNU mktemp, a dynamic program like perf, with its libraries.
	gnu=()
	if [ "$arch" = x86_64 ]; then
		gnu=(/usr/bin/mktemp)
		perf_libs+=$'\n'$(needed /usr/bin/mktemp) || exit 1
	fi
	# The script engines' run time, where perf has them (x86_64): Perl's
	# base modules (in /usr/share/perl5, which libperl searches, unlike
	# the perl binary's own perl-base directory) and its architecture's
	# modules (Data::Dumper and the like) without the headers and CJK
	# encodings, and Python's standard library without its tests, GUI,
	# tools and the extension modules that need more than libc, libm and
	# liblzma; python3 itself, for the tests that read perf's JSON.
	engines=()
	if readelf -d "$perf/usr/bin/perf" | grep -q 'NEEDED.*libpython'; then
		py=$(/usr/bin/python3 -c 'import sys; print("python%d.%d" % sys.version_info[:2])')
		plarch=$(perl -MConfig -e 'print $Config{archlib}')
		engines=(/usr/lib/$py:/usr/lib/$py
			/usr/lib/x86_64-linux-gnu/perl-base:/usr/share/perl5
			"$(readlink -f "$plarch"):$plarch")
		gnu+=(/usr/bin/$py)
		perf_libs+=$'\n'$(needed /usr/bin/$py) || exit 1
		# perf's Python binding, where python3 looks ('import perf').
		pymod=$(ls "$build/$arch/perf/python/perf".*.so 2>/dev/null | head -n 1)
		echo "$py, perl-base: $(du -shc "${engines[@]%%:*}" | tail -n 1 | cut -f1)" >>"$log"
	fi
fi

{
	for d in /dev /proc /sys /tmp /root; do
		echo "dir $d 755 0 0"
	done
	echo "nod /dev/console 600 0 0 c 5 1"
	echo "file /bin/busybox $busybox 755 0 0"
	echo "slink /bin/sh busybox 777 0 0"
	echo "file /init $top/guest/init 755 0 0"
	echo "file /usr/bin/timeout $top/guest/timeout 755 0 0"
	for f in "$top"/guest/*.sh; do
		echo "file /harness/$(basename "$f") $f 755 0 0"
	done
	for bits in 64 32; do
		d=$build/$arch/selftests-$bits/install
		[ -d "$d" ] || continue
		echo "dir /kselftest$bits 755 0 0"
		tree "$d" /kselftest$bits
	done
	[ -d "$build/$arch/progs" ] && tree "$build/$arch/progs" /usr/local/bin
	if [ -d "$perf" ]; then
		tree "$perf" ""
		# perf's shell tests need bash.
		echo "file /bin/bash $bash 755 0 0"
		# The perf binary is dynamic: take its libraries (Debian's, for
		# the guest's architecture) from the host.
		for f in "${gnu[@]}"; do
			echo "file $f $f 755 0 0"
		done
		[ ${#engines[@]} = 0 ] || echo "slink /usr/bin/python3 $py 777 0 0"
		[ -z "${pymod:-}" ] ||
			echo "file /usr/lib/python3/dist-packages/${pymod##*/} $pymod 755 0 0"
		for d in "${engines[@]}"; do
			tree "${d%%:*}" "${d#*:}" test idlelib tkinter turtledemo ensurepip lib2to3 \
				pydoc_data distutils 'config-*' site-packages dist-packages \
				'*.opt-[12].pyc' '_test*' 'xx*' '_ctypes*' '_curses*' _bz2.\* \
				_crypt.\* _dbm.\* _hashlib.\* _sqlite3.\* _ssl.\* _uuid.\* \
				nis.\* readline.\* audioop.\* ossaudiodev.\* _decimal.\* \
				CORE '*.a' Encode JP KR CN TW
		done
		for lib in $(sort -u <<<"$perf_libs"); do
			echo "file $lib $(readlink -f "$(host "$lib")") 755 0 0"
		done
	fi
} | awk '
	# Create every parent directory before its first entry, once.
	{
		n = split($2, part, "/")
		path = ""
		for (i = 2; i < n; i++) {
			path = path "/" part[i]
			if (!seen[path]++)
				print "dir " path " 755 0 0"
		}
		if ($1 != "dir" || !seen[$2]++)
			print
	}' >"$list"
# One timestamp for every entry: the same inputs give the same bytes, which
# lets make check see that nothing changed (scripts/check.sh).
"$gen" -t 0 "$list" >"$out" 2>>"$log" || die "gen_init_cpio failed" "$log"
done_stage "$out, $(($(stat -c %s "$out") / 1024 / 1024)) MiB"
