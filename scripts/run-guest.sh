#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Boot a guest under qemu TCG and run one mode of guest/init:
# run-guest.sh ARCH MODE [VARIANT]. The serial log goes to
# build/logs/guest-ARCH-VARIANT-MODE.log. qemu's exit status says nothing
# (a panic exits 0 too): scripts/verdict.py reads the log. TIMEOUT (seconds)
# bounds the run; APPEND adds kernel arguments; SUITES=a,b runs only those
# suites (kselftest-64, kselftest-32, perf-test).
. "$(dirname "$0")/lib.sh"

arch=${1:?usage: run-guest.sh ARCH MODE [VARIANT]}
mode=${2:?usage: run-guest.sh ARCH MODE [VARIANT]}
variant=${3:-main}
guest_files "$arch" "$variant"
log=$build/logs/guest-$arch-$variant-$mode.log
timeout=${TIMEOUT:-1800}
mem=1G
# KASAN's shadow, and the bench's perf.data files, need more.
[ "$variant" = debug ] || [ "$mode" = bench ] && mem=2G
append="panic=-1 oops=panic panic_on_warn=1 softlockup_panic=1 harness.mode=$mode"
[ -z "${SUITES:-}" ] || append="$append harness.suites=$SUITES"
append="$append ${APPEND:-}"
case $arch in
x86_64)
	# qboot, not SeaBIOS: its MP table lists every CPU (configs/x86_64.config)
	qemu=(qemu-system-x86_64 -M q35 -bios /usr/share/qemu/qboot.rom
		-cpu "${QEMU_CPU:-max}" -kernel "$gkernel")
	append="console=ttyS0 $append"
	# 7.3's identify_cpu() clears the boot CPU's feature words, LA57
	# among them, with interrupts on: an interrupt in that window makes
	# inline KASAN compute the shadow bounds for 4 levels and report a
	# wild access on a 5-level address (a bug of the base, reported
	# upstream: "kasan: Fix false-positive wild-memory-access on x86
	# under 5-level paging", June 2026). The KASAN guest pages in 4 levels.
	[ "$variant" != debug ] || append="$append no5lvl"
	;;
arm64)
	qemu=(qemu-system-aarch64 -M virt -cpu max,pauth-impdef=on -kernel "$gkernel")
	append="console=ttyAMA0 $append"
	;;
s390x)
	# The first serial port is the SCLP VT220 console.
	qemu=(qemu-system-s390x -M s390-ccw-virtio -cpu max -kernel "$gkernel")
	append="console=ttysclp0 $append"
	;;
*) die "unknown ARCH '$arch'" ;;
esac
# x86 kernels patch jump labels and static calls with int3 (text_poke_bp())
# while perf turns static keys on and off; under qemu's multi-threaded
# TCG the other vCPU ran a stale int3 after the patch was done: "Oops:
# int3" in __schedule() (Debian's kernel, 1 of 2 boots) and in
# trace_syscall_enter() (the series' kernel, perf test's parallel pass,
# here and in one CI run). One host thread for both vCPUs makes a code
# change seen at once by both.
tcg=tcg
[ "$arch" != x86_64 ] || tcg=tcg,thread=single
qemu+=(-accel "$tcg" -smp 2 -m "$mem" -nographic -nodefaults -no-reboot
	-initrd "$ginitrd" -append "$append")
# ICOUNT=N: the guest's clock counts instructions, 2^N ns each, so that
# timings do not depend on the host (one host thread runs both CPUs).
[ -z "${ICOUNT:-}" ] || qemu+=(-icount "shift=$ICOUNT,sleep=off")
[ -f "$ginitrd" ] || die "no $ginitrd: run 'make initramfs ARCH=$arch'"
[ -f "$gkernel" ] || die "no $gkernel: run 'make kernel ARCH=$arch'"
mkdir -p "$build/logs"

if [ "$mode" = shell ]; then
	qemu+=(-serial mon:stdio)
	echo "Booting $arch ($variant); the shell ends with 'exit'; Ctrl-A X kills qemu."
	timeout --foreground "${TIMEOUT:-14400}" "${qemu[@]}"
	exit 0
fi
stage "guest $arch $variant: $mode (timeout ${timeout}s, log $log)"
# Show progress (suites and each test's verdict) while the log fills.
timeout --kill-after=10 "$timeout" "${qemu[@]}" -serial stdio </dev/null 2>&1 |
	tee "$log" |
	grep --line-buffered -E '^(HARNESS-(BEGIN|END)|(not )?ok [0-9]+ selftests:|[ 0-9.]+: .* : (Ok|FAILED!|Skip))' |
	sed -u 's/^/    /'
rc=${PIPESTATUS[0]}
[ $rc = 124 ] && echo "*** guest timed out after ${timeout}s" | tee -a "$log"
done_stage
