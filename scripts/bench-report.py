#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Turn a bench guest log into a report.

bench-report.py LOG PREFIX

Reads the BENCH lines guest/bench.sh printed and writes PREFIX.md (the
table, ratios and targets), PREFIX.dat and PREFIX.gp (gnuplot: PREFIX.png,
ns per call by mechanism and payload). A recorded row whose events did not
all arrive is marked INCOMPLETE and given no speed; a row that the run does
not have says so, and why where bench.sh told. Exits 2 after writing the
report if a target compares a row that is not measured (in a quick run,
one of the rows a quick run has).
"""
import os
import re
import statistics
import sys

SIZES = (16, 256, 4096)
ROWS = (  # case, what it measures
    ('floor', 'prctl(PR_GET_DUMPABLE), bare'),
    ('word', 'rseq::uevent_on checked, nobody listening: ns per check'),
    ('user_events_bit', 'user_events\' enable bit checked, nobody tracing: '
     'ns per check'),
    ('nobody', 'uevent, no attr.uevent event anywhere'),
    ('unobserved', 'uevent, another process recorded'),
    ('observed', 'uevent, `perf record -e dummy` on the caller, draining'),
    ('flight', 'uevent, `perf record --overwrite`: nothing drains it during the run'),
    ('header', 'uevent through uevent.h (its rseq check, then the call), as flight'),
    ('user_events', 'writev(), `perf record --overwrite -e user_events:...`'),
    ('trace_marker', 'write() to trace_marker, ftrace on'),
    ('tracepoint', 'uevent, ftrace on `perf_uevent:uevent`, no perf session'),
    ('uprobe', 'uprobe on a function, `perf record --overwrite -e probe:...`'),
)
# The rows that a quick run (make bench BENCH=quick) measures.
QUICK = ('floor', 'nobody', 'flight', 'user_events', 'trace_marker',
         'tracepoint')
# The rows of one figure, without a payload.
SINGLE = ('floor', 'word', 'user_events_bit')
# (case, size or None for all, against, limit). The observed rows compare
# with each other only where nothing drains a buffer during the timed
# loop: 'flight', user_events, trace_marker and uprobe. A limit of NOISE
# is the noise of the run: within it.
NOISE = 'noise'
TARGETS = (
    ('word', 0, 'user_events_bit', NOISE),
    ('nobody', None, 'floor', 1.10),
    ('unobserved', None, 'floor', 1.20),
    ('flight', None, 'user_events', 0.8),
    ('flight', 16, 'trace_marker', 0.95),
    ('flight', 256, 'trace_marker', 0.95),
    ('flight', 4096, 'trace_marker', 1.1),
    ('flight', 16, 'uprobe', 0.8),
    ('tracepoint', None, 'trace_marker', 1.0),
    # Not a target: what a reader draining beside the loop adds.
    ('observed', 16, 'flight', None),
    # Nor these: what the check costs against a call, and in a call.
    ('word', 0, 'floor', None),
    ('header', None, 'flight', None),
)


def sizes(case):
    """The payloads that bench.sh measures CASE with."""
    return (0,) if case in SINGLE else (16,) if case == 'uprobe' else SIZES


def num(v, places):
    """V with PLACES decimals, or with 3 significant digits if smaller."""
    return '%.*f' % (places, v) if v >= 10 ** (1 - places) else '%.3g' % v


def parse(log):
    runs, info, fails, run = {}, {}, [], None
    with open(log, errors='replace') as f:
        for line in f:
            line = line.strip()
            if line.startswith('BENCH '):
                kv = dict(w.split('=', 1) for w in line.split()[1:])
                run = {
                    'case': kv['case'], 'size': int(kv['size']),
                    'calls': int(kv['calls']) * int(kv['reps']),
                    'ns': [float(x) for x in kv['ns'].split(',') if x],
                    'floor': [float(x) for x in kv['floor'].split(',')
                              if x and x != '-'],
                    'rate': float(kv['rate']),
                    'got': None if kv['got'] == '-' else int(kv['got']),
                    'lost': 0 if kv['lost'] == '-' else int(kv['lost']),
                }
                runs.setdefault((run['case'], run['size']), []).append(run)
            elif line.startswith('BENCH-DUP ') and run:
                run['copies'] = int(line.split('copies=')[1])
            elif line.startswith(('BENCH-INFO ', 'BENCH-CHECK ')):
                info.update(w.split('=', 1) for w in line.split()[1:])
            elif line.startswith('BENCH-PROFILE '):
                _, name, rest = line.split(' ', 2)
                info.setdefault('profile', {}).setdefault(name, []).append(rest)
            elif line.startswith('BENCH-FAIL '):
                fails.append(line[len('BENCH-FAIL '):])
    return runs, info, fails


def complete(run):
    return run['got'] is None or (run['got'] == run['calls'] and
                                  run['lost'] == 0)


def main():
    log, prefix = sys.argv[1:3]
    runs, info, fails = parse(log)
    if not runs:
        sys.exit('no BENCH lines in %s' % log)
    # (case, size) -> why a row failed to run: 'case=C mech=M size=S why=...'
    why = {}
    for f in fails:
        words, _, reason = f.partition(' why=')
        kv = dict(x.split('=', 1) for x in words.split() if '=' in x)
        if 'size' in kv:
            why[(kv['case'], int(kv['size']))] = reason or 'failed to run'
    # For complete runs only: (case, size) -> median ns, and median of
    # each repetition's ns divided by the floor measured just before it.
    med, norm, spread = {}, {}, {}
    for key, rs in runs.items():
        r = rs[0]
        if key[0] in ('throughput', 'burst') or not complete(r) or not r['ns']:
            continue
        med[key] = statistics.median(r['ns'])
        ratios = [n / f for n, f in zip(r['ns'], r['floor'])]
        norm[key] = statistics.median(ratios)
        spread[key] = (min(ratios), max(ratios))
    # The noise: the floor loop timed against the floor loop before it.
    noise = None
    if ('floor', 0) in spread:
        lo, hi = spread[('floor', 0)]
        noise = max(1 - lo, hi - 1)

    out = []
    w = out.append
    w('## %s (qemu TCG, %s CPUs, kernel %s)\n' % (
        info.get('machine', '?'), info.get('cpus', '?'),
        info.get('kernel', '?')))
    clock = info.get('clock', 'host')
    w('Emulated figures: compare them with each other, not with hardware. '
      'ns per call, median of %d repetitions (min-max). %s Every '
      'repetition runs the floor loop just before its own; "x floor" is '
      'the median of their ratios.\n' % (
          len(runs[('floor', 0)][0]['ns']),
          'The guest\'s clock counted instructions (qemu -icount shift=%s): '
          'a "ns" is %d guest instruction%s, whatever the host does.' % (
              clock[6:], 2 ** int(clock[6:]),
              '' if clock == 'icount0' else 's')
          if clock.startswith('icount') else
          'The guest\'s clock was the host\'s: figures move with the '
          'host\'s load.'))
    w('| case | how | payload | ns/call | x floor (min-max) | events |')
    w('| --- | --- | ---: | ---: | ---: | --- |')
    for case, how in ROWS:
        for size in sizes(case):
            rs = runs.get((case, size))
            if not rs:
                w('| %s | %s | %s | NOT MEASURED | | %s |' % (
                    case, how, size or '',
                    why.get((case, size), 'not in this run')))
                continue
            r = rs[0]
            ev = 'not recorded' if r['got'] is None else (
                '%d of %d' % (r['got'], r['calls']) +
                (', %d lost' % r['lost'] if r['lost'] else '') +
                (' (+%d copies)' % r['copies'] if r.get('copies') else ''))
            if (case, size) not in med:
                w('| %s | %s | %s | INCOMPLETE | | %s |' % (
                    case, how, size or '', ev))
                continue
            m = med[(case, size)]
            w('| %s | %s | %s | %s (%s-%s) | %s (%s-%s) | %s |' % (
                case, how, size or '', num(m, 0), num(min(r['ns']), 0),
                num(max(r['ns']), 0), num(norm[(case, size)], 2),
                num(spread[(case, size)][0], 2),
                num(spread[(case, size)][1], 2), ev))
    if 'trace_marker_4096_kept' in info:
        w('\ntrace_marker keeps %s bytes of a 4096-byte write (the ring '
          'buffer\'s event limit).' % info['trace_marker_4096_kept'])
    dup = sorted({k[0] for k, rs in runs.items() for r in rs
                  if r.get('copies')})
    if dup:
        w('\n"copies": records that perf.data holds twice (the same time to '
          'the ns), counted once. Seen in this run in: %s.%s' % (
              ', '.join(dup),
              ' perf record wrote them for other mechanisms\' samples too, '
              'so they do not come from the user event path.'
              if set(dup) - {'observed', 'throughput', 'burst'} else ''))
    if 'unobserved_leak' in info:
        w('Unobserved rows: the other process\'s perf.data got %s user '
          'events from this one (must be 0).' % info['unobserved_leak'])
    if 'kmem_allocs_1_call' in info:
        w('\nAllocations: the kmem tracepoints (kmalloc, kmem_cache_alloc, '
          'mm_page_alloc) fired %s times in the benchmark\'s context in a '
          'run of 1 observed 4096-byte call and %s times in a run of 20001: '
          'a difference far below the 20000 calls between them means that '
          'no call allocates (an interrupt that lands in the benchmark '
          'counts too).' % (
              info['kmem_allocs_1_call'], info['kmem_allocs_20001_calls']))

    w('\n### Targets\n')
    w('The noise of this run: the floor loop against the floor loop timed '
      'before it, per repetition, strays up to %s from 1 (the floor row). '
      '"ns" divides the two rows\' raw medians (the verdict), "x floor" '
      'their medians of per-repetition ratios to the floor timed beside '
      'them (a target against the floor divides by the floor row\'s own).\n' % (
          '%.1f%%' % (100 * noise) if noise is not None else 'n/a'))
    quick = info.get('quick') == '1'
    unmeasured = []
    w('| target | payload | x floor | ns (verdict) | limit | |')
    w('| --- | ---: | ---: | ---: | ---: | --- |')
    for case, tsize, against, limit in TARGETS:
        if limit == NOISE:
            limit = 1 + noise if noise is not None else None
            lim = '%.2f (noise)' % limit if limit else 'noise: n/a'
        else:
            lim = '%.2f' % limit if limit else '-'
        for size in (sizes(case) if tsize is None else (tsize,)):
            a = norm.get((case, size))
            # Against the floor: the floor row itself, timed in the same
            # place of its repetitions as every other row.
            b = norm.get((against, 0 if against == 'floor' else size))
            ma = med.get((case, size))
            mb = med.get((against, 0 if against == 'floor' else size))
            if a is None or b is None:
                if quick and not {case, against} <= set(QUICK):
                    w('| %s / %s | %s | n/a | | %s | not in a quick run |' % (
                        case, against, size or '', lim))
                    continue
                w('| %s / %s | %s | n/a | | %s | NOT MEASURED |' % (
                    case, against, size or '', lim))
                unmeasured.append('%s / %s %s' % (case, against, size or ''))
                continue
            ratio = ma / mb if ma and mb else None
            w('| %s / %s | %s | %s | %s | %s | %s |' % (
                case, against, size or '', num(a / b, 2),
                num(ratio, 2) if ratio else 'n/a', lim,
                'for comparison' if not limit else
                'NOT MEASURED' if ratio is None else
                'met' if ratio <= limit else 'MISSED'))

    w('\n### Throughput under `perf record -e dummy` (default buffer)\n')
    for r in runs.get(('throughput', 16), []):
        w('- %.0f events/s of 16 B: %d of %d recorded, %d lost (perf\'s '
          'LOST records)' % (r['rate'], r['got'] or 0, r['calls'], r['lost']))
    tp = [r for r in runs.get(('throughput', 16), []) if complete(r)]
    w('- sustained with zero lost: %s' % (
        '%.0f events/s' % max(r['rate'] for r in tp) if tp else 'NOT FOUND'))
    for r in runs.get(('burst', 16), []):
        w('- burst of %d events of 16 B flat out (%.0f/s): %d recorded, '
          '%d lost' % (r['calls'], r['rate'], r['got'] or 0, r['lost']))
    if info.get('profile'):
        w('\n### Where the time goes\n')
        w('cpu-clock samples of the calls alone, asked for every 10 us (under '
          'the instruction clock the x86_64 guest delivers one every few ms, '
          'and its 4096-byte profiles keep only the last 64 MB of records), '
          'each mechanism recorded as in its row; the number of samples, '
          'then the symbols with the most:\n')
        for name, lines in info['profile'].items():
            w('- %s: %s' % (name, '; '.join(lines)))
    for f in fails:
        w('\nFAILED to run: %s' % f)
    with open(prefix + '.md', 'w') as f:
        f.write('\n'.join(out) + '\n')
    if unmeasured:
        print('bench: not measured, so not compared: %s (see %s.md)' % (
            '; '.join(unmeasured), prefix), file=sys.stderr)

    # The plot: one cluster per case, one bar per payload.
    with open(prefix + '.dat', 'w') as f:
        f.write('case %s\n' % ' '.join(str(s) for s in SIZES))
        for case, _ in ROWS:
            vals = [med.get((case, s)) for s in sizes(case)]
            vals += [None] * (len(SIZES) - len(vals))
            f.write('%s %s\n' % (case, ' '.join(
                '%.1f' % v if v else '-' for v in vals)))
    name = os.path.basename(prefix)
    with open(prefix + '.gp', 'w') as f:
        f.write('''set terminal pngcairo noenhanced size 1000,520
set output '%(p)s.png'
set title 'Cost of one event, %(m)s under qemu TCG (median ns per call)'
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set logscale y
set ylabel 'ns per call (log scale)'
set key top left
set xtics rotate by -30
set datafile missing '-'
plot for [i=2:4] '%(p)s.dat' using i:xtic(1) title columnheader(i).' B'
''' % {'p': prefix, 'm': info.get('machine', name)})
    return 2 if unmeasured else 0


if __name__ == '__main__':
    sys.exit(main())
