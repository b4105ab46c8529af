#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Assemble build/ARCH/initramfs.cpio: static busybox, the harness's guest
# scripts (guest/), the kselftests (64- and 32-bit) and, where built, perf
# with the shared libraries it needs.
. "$(dirname "$0")/lib.sh"

arch=${1:?usage: initramfs.sh ARCH}
arch_vars "$arch"
out=$build/$arch/initramfs$sfx.cpio
list=$build/$arch/initramfs$sfx.list
gen=$build/tools/gen_init_cpio
log=$build/logs/initramfs-$arch.log
stage "initramfs $arch"
mkdir -p "$build/tools" "$build/dl"
if [ ! -x "$gen" ]; then
	gcc -O2 -o "$gen" "$linux/usr/gen_init_cpio.c" 2>"$log" ||
		die "cannot build gen_init_cpio" "$log"
fi

case $arch in
x86_64) busybox=/bin/busybox ;;
arm64)
	# busybox-static:arm64 conflicts with the host's busybox-static:
	# unpack it instead of installing it.
	busybox=$build/dl/busybox-arm64/bin/busybox
	if [ ! -x "$busybox" ]; then
		(cd "$build/dl" && apt-get download busybox-static:arm64) >"$log" 2>&1 ||
			die "apt-get download busybox-static:arm64 failed (run 'make deps')" "$log"
		dpkg-deb -x "$(ls "$build"/dl/busybox-static_*_arm64.deb | head -n 1)" \
			"$build/dl/busybox-arm64" || die "cannot unpack busybox-static:arm64"
	fi
	;;
esac
[ -x "$busybox" ] || die "no static busybox at $busybox: run 'make deps'"

# tree SRC DEST: add the files under SRC below DEST in the guest.
tree() {
	local src=$1 dest=$2
	(cd "$src" && find . -mindepth 1 -printf '%y %P %m %l\n') | while read -r type path mode link; do
		case $type in
		d) echo "dir $dest/$path $mode 0 0" ;;
		f) echo "file $dest/$path $src/$path $mode 0 0" ;;
		l) echo "slink $dest/$path $link 777 0 0" ;;
		esac
	done
}

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
		d=$build/$arch/selftests-$bits$sfx/install
		[ -d "$d" ] || continue
		echo "dir /kselftest$bits 755 0 0"
		tree "$d" /kselftest$bits
	done
	[ -d "$build/$arch/progs" ] && tree "$build/$arch/progs" /usr/local/bin
	perf=$build/$arch/perf-install$sfx
	if [ -d "$perf" ]; then
		tree "$perf" ""
		[ -x /bin/bash-static ] && echo "file /bin/bash /bin/bash-static 755 0 0"
		# The perf binary is dynamic: take its libraries from the host.
		for lib in $(ldd "$perf/usr/bin/perf" | grep -o '/[^ ]*'); do
			real=$(readlink -f "$lib")
			echo "file $lib $real 755 0 0"
		done | sort -u
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
"$gen" "$list" >"$out" 2>>"$log" || die "gen_init_cpio failed" "$log"
done_stage "$out, $(($(stat -c %s "$out") / 1024 / 1024)) MiB"
