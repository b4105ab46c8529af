#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Build this repository's own guest programs (demo/*.c, bench/*.c), static,
# against the guest kernel's UAPI headers and the series' application header
# (samples/perf_uevent/uevent.h), into build/ARCH/progs for the initramfs.
. "$(dirname "$0")/lib.sh"

arch=${1:?usage: progs.sh ARCH}
arch_vars "$arch"
hdr=$build/$arch/kernel-main/usr/include
app=$linux/samples/perf_uevent
out=$build/$arch/progs
log=$build/logs/progs-$arch.log
[ -d "$hdr/linux" ] || die "no UAPI headers in $hdr: run 'make kernel ARCH=$arch'"
[ -f "$app/uevent.h" ] || die "no $app/uevent.h: run 'make tree'"
stage "progs $arch"
mkdir -p "$out"
: >"$log"
for src in "$top"/demo/*.c "$top"/bench/*.c; do
	bin=$out/$(basename "$src" .c)
	[ "$bin" -nt "$src" ] && [ "$bin" -nt "$hdr/linux/perf_event.h" ] &&
		[ "$bin" -nt "$app/uevent.h" ] && continue
	"${cross}gcc" -Wall -O2 -static -isystem "$hdr" -I "$app" -o "$bin" "$src" >>"$log" 2>&1 ||
		die "cannot build $src" "$log"
done
# The series' syslog preload sample, a shared object: perf test's syslog
# test finds it through PERF_UEVENT_SYSLOG (guest/init).
so=$out/uevent_syslog.so
if ! [ "$so" -nt "$app/uevent_syslog.c" ] || ! [ "$so" -nt "$app/uevent.h" ]; then
	"${cross}gcc" -Wall -O2 -shared -fPIC -isystem "$hdr" -I "$app" -o "$so" \
		"$app/uevent_syslog.c" >>"$log" 2>&1 || die "cannot build $app/uevent_syslog.c" "$log"
fi
done_stage "$(ls "$out" | wc -l) programs in $out"
