#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The stock kernel guest's files (the 'compat' run, guest/compat.sh): the
# Debian kernel that the file stock-kernel names, as it ships, in
# build/stock/vmlinuz; and build/stock/initramfs.cpio, the x86_64 guests'
# initramfs followed by a second archive (the kernel unpacks both) that
# holds, in /stock, the perf.data files that the patched guests recorded
# and the host's perf's reading of each (scripts/xendian.sh).
. "$(dirname "$0")/lib.sh"

out=$build/stock
log=$build/logs/stock.log
initrd=$build/x86_64/initramfs.cpio
[ -f "$initrd" ] || die "no $initrd: run 'make initramfs ARCH=x86_64'"
mkdir -p "$out" "$build/logs"
: >"$log"
stage "stock kernel: download"
deb_fetch "$top/stock-kernel"
mv "$fetched" "$out/vmlinuz"
done_stage "$fetched_desc"

stage "stock kernel: initramfs with the patched guests' perf.data files"
files=("$build"/xendian/*.data)
[ -f "${files[0]}" ] || die "no perf.data files in $build/xendian (scripts/xendian.sh)"
{
	echo "dir /stock 755 0 0"
	for f in "${files[@]}"; do
		[ -f "$f.script.x86_64" ] || die "no $f.script.x86_64 (scripts/xendian.sh)"
		echo "file /stock/${f##*/} $f 644 0 0"
		echo "file /stock/${f##*/}.script.x86_64 $f.script.x86_64 644 0 0"
	done
} >"$out/files.list"
"$broot/tools/gen_init_cpio" -t 0 "$out/files.list" >"$out/files.cpio" 2>>"$log" ||
	die "gen_init_cpio failed" "$log"
cat "$initrd" "$out/files.cpio" >"$out/initramfs.cpio"
done_stage "${#files[@]} files"
