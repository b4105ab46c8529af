#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The 'demo' run: an instrumented program's user events, as a recorder
# sees them.
echo
echo "\$ phases    # demo/phases.c: prctl(PR_TASK_PERF_UEVENT, ...) at each phase"
phases
echo
echo "\$ uevent-watch phases    # the same, observed by a perf event with attr.uevent"
uevent-watch phases
echo
