#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Judge one guest run from its serial log.

verdict.py LOG LABEL RESULTS [KNOWN]

The guest prints HARNESS-START, then suites between HARNESS-BEGIN NAME and
HARNESS-END NAME rc=N, then HARNESS-DONE. Inside a suite we read kselftest
TAP (run_kselftest.sh) and 'perf test' result lines. A kernel splat, a
missing HARNESS-DONE (crash, hang, timeout), a suite that never ended or
reported nothing: each is a failure. qemu's exit status is never used.
Prints every failure with its output and the log path, every skip with its
reason, and writes 'passed failed skipped known' to RESULTS. A failure
that matches a line of KNOWN ('LABEL-GLOB: TEST-GLOB  # reason': a failure
the unpatched base has too) is listed as known, not failed.
"""
import fnmatch
import re
import sys

SPLAT = re.compile(
    r'(BUG: |WARNING: CPU|WARNING: .* at |Oops|Kernel panic|Call Trace:|'
    r'KASAN:|UBSAN:|KFENCE:|blocked for more than|general protection fault|'
    r'Unable to handle kernel|possible circular locking|'
    r'inconsistent lock state|possible recursive locking|'
    r'suspicious RCU usage|detected stalls? on CPU|self-detected stall|'
    r'soft lockup|hard LOCKUP)')
KS_BIN = re.compile(r'^# selftests: (\S+): (\S+)')
KS_OUTER = re.compile(r'^(not )?ok \d+ selftests: (\S+): (\S+)(.*)$')
KS_INNER = re.compile(r'^# (not )?ok \d+ (.*?)(?: # (SKIP|XFAIL)\b ?(.*))?$')
PERF = re.compile(r'^\s*(\d+(?:\.\d+)?): (.*\S)\s*: (Ok|FAILED!|Skip.*)$')


def main():
    log, label, results = sys.argv[1:4]
    with open(log, errors='replace') as f:
        lines = [l.rstrip('\r\n') for l in f]
    known_globs = []
    if len(sys.argv) > 4:
        with open(sys.argv[4]) as f:
            for l in f:
                l = l.strip()
                if l and not l.startswith('#'):
                    pat, _, why = l.partition('#')
                    known_globs.append((pat.strip(), why.strip()))

    passed, failed, skipped = [], [], []

    def fail(name, why, ctx):
        failed.append((name, why, ctx))

    # Kernel splats anywhere in the log, but in the files a guest gives the
    # host (base64, scripts/guest-files.py), which may spell 'Oops'.
    infile = False
    for i, line in enumerate(lines):
        if line.startswith('HARNESS-FILE'):
            infile = not line.startswith('HARNESS-FILE-END')
            continue
        if SPLAT.search(line) and not line.startswith('#') and not infile:
            fail('kernel', 'kernel report: ' + line.strip(),
                 lines[max(0, i - 3):i + 40])
            break

    if not any(l.startswith('HARNESS-START') for l in lines):
        fail('boot', 'the guest never reached its init', lines[-30:])
    elif not any(l.startswith('HARNESS-DONE') for l in lines):
        fail('guest', 'the guest did not finish (crash, hang or timeout)',
             lines[-30:])

    suite = None
    block = []          # output of the kselftest binary being read
    start = 0           # where the current inner test case begins in it
    inner = {}          # its inner results: name -> state
    counted = 0
    for line in lines:
        if line.startswith('HARNESS-BEGIN '):
            suite, counted = line.split()[1], 0
            continue
        if suite is None:
            continue
        if line.startswith('HARNESS-END '):
            if counted == 0:
                fail(suite, 'the suite reported no result', block[-20:])
            suite = None
            continue
        m = KS_BIN.match(line)
        if m:
            block, inner, start = [line], {}, 0
            continue
        block.append(line)
        m = KS_INNER.match(line)
        if m:
            name = '%s: %s' % (suite, m.group(2))
            case, start = block[start:], len(block)
            if m.group(1):
                inner[name] = 'fail'
                fail(name, 'not ok', block[:1] + case)
            elif m.group(3) == 'SKIP':
                inner[name] = 'skip'
                skipped.append((name, m.group(4) or 'no reason given'))
            else:
                inner[name] = 'pass'
                passed.append(name)
            counted += 1
            continue
        m = KS_OUTER.match(line)
        if m:
            name = '%s: %s:%s' % (suite, m.group(2), m.group(3))
            extra = m.group(4).strip(' #')
            if m.group(1):
                if 'fail' not in inner.values():
                    fail(name, 'not ok ' + extra, block[:])
                    counted += 1
            elif not inner:
                if extra.startswith('SKIP'):
                    skipped.append((name, extra))
                else:
                    passed.append(name)
                counted += 1
            block, inner = [], {}
            continue
        m = PERF.match(line)
        if m:
            name = '%s: %s %s' % (suite, m.group(1), m.group(2))
            if m.group(3) == 'Ok':
                passed.append(name)
            elif m.group(3) == 'Skip (user override)':
                pass    # --skip: guest/check.sh runs it in another suite
            elif m.group(3).startswith('Skip'):
                skipped.append((name, m.group(3)))
            else:
                fail(name, 'FAILED!', block[-40:])
            block = []
            counted += 1
    if suite is not None:
        fail(suite, 'the suite did not finish', block[-30:])

    known = []
    for name, why, ctx in failed[:]:
        for pat, reason in known_globs:
            lpat, _, tpat = pat.partition(': ')
            if fnmatch.fnmatch(label, lpat) and fnmatch.fnmatch(name, tpat):
                known.append((name, reason))
                failed.remove((name, why, ctx))
                break
    for name, why, ctx in failed:
        print('FAIL %s: %s: %s' % (label, name, why))
        for c in ctx[-60:]:
            print('    | ' + c)
        print('    (log: %s)' % log)
    for name, why in skipped:
        print('SKIP %s: %s: %s' % (label, name, why))
    for name, why in known:
        print('KNOWN %s: %s: not the series\': %s' % (label, name, why))
    print('%s: %d passed, %d failed, %d skipped, %d known failures (log: %s)'
          % (label, len(passed), len(failed), len(skipped), len(known), log))
    with open(results, 'w') as f:
        f.write('%d %d %d %d\n' % (len(passed), len(failed), len(skipped),
                                   len(known)))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
