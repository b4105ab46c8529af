# SPDX-License-Identifier: GPL-2.0
# perf user events: the harness. 'make demo' and 'make check' are all a user
# needs; see README.md for every target and variable.

ARCH ?= x86_64
JOBS ?= $(shell nproc)
KERNEL_SRC ?=
export ARCH JOBS KERNEL_SRC

S := scripts

.PHONY: help deps tree export kernel perf selftests progs initramfs check demo \
	shell bench baseline clean

help:
	@echo "make demo    build, boot and show perf user events (x86_64)"
	@echo "make check   every test on x86_64, arm64 and s390x"
	@echo "targets: deps tree export kernel perf selftests initramfs check demo shell bench clean"
	@echo "variables: ARCH=x86_64|arm64|s390x KERNEL_SRC=path JOBS=n (see README.md)"

deps:
	@$(S)/deps.sh

tree: deps
	@$(S)/tree.sh

export:
	@$(S)/export.sh

kernel: tree
	@$(S)/kernel.sh $(ARCH)

perf: tree
	@$(S)/perf.sh $(ARCH)

selftests: kernel
	@$(S)/selftests.sh $(ARCH)

progs: kernel
	@$(S)/progs.sh $(ARCH)

initramfs: selftests progs perf
	@$(S)/initramfs.sh $(ARCH)

check:
	@$(S)/check.sh

demo:
	@$(S)/demo.sh

shell: initramfs
	@$(S)/run-guest.sh $(ARCH) shell

bench: initramfs
	@$(S)/jit-scale.sh
	@$(S)/bench.sh

baseline:
	@$(S)/baseline.sh

clean:
	rm -rf build/x86_64 build/arm64 build/logs build/results build/tools build/stock \
		build/cache build/xendian build/s390x build/base*/x86_64 build/base*/arm64
