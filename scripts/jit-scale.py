#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""JIT notes at scale: perf report on notes against a perf-PID.map.

jit-scale.py PERF DIR PREFIX N...

For each N, scripts/jit-gen.py writes a run of N functions named by JIT
notes and the same run named by /tmp/perf-PID.map; PERF reports each
(--stdio --sort dso,sym) REPS times (5, or $REPS), and the medians of its
wall time and peak RSS (the child's own, from wait4()) go to PREFIX.md
(the table and the targets of design.md section 6), PREFIX.dat and
PREFIX.gp (gnuplot: PREFIX.png). Both reports must name the samples the
same: their outputs are compared first. Exits 1 if they differ, 2 if a
target is missed (after writing the report).
"""
import os
import statistics
import subprocess
import sys
import time

REPS = int(os.environ.get('REPS', '5'))
PID = 3999000   # above any pid a host gives out by default (pid_max 4194304)


def run(perf, data, out):
    """Wall seconds and peak RSS (MiB) of one 'perf report' on data."""
    args = [perf, 'report', '-i', data, '--stdio', '--sort', 'dso,sym']
    with open(out, 'w') as f, open(out + '.err', 'w') as err:
        t = time.monotonic()
        p = subprocess.Popen(args, stdout=f, stderr=err, stdin=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        t = time.monotonic() - t
    if os.waitstatus_to_exitcode(status):
        sys.exit('jit-scale: %s: exit %d (%s.err)' %
                 (' '.join(args), os.waitstatus_to_exitcode(status), out))
    return t, ru.ru_maxrss / 1024


def lines(path):
    """The report's lines, without its comments."""
    with open(path) as f:
        return [l for l in f if not l.startswith('#')]


def measure(perf, d, n):
    prefix = os.path.join(d, 'jit%d' % n)
    mapfile = '/tmp/perf-%d.map' % PID
    subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__),
                                                 'jit-gen.py'),
                    str(n), str(PID), prefix], check=True)
    os.replace(prefix + '.map', mapfile)
    res = {}
    try:
        for kind in ('notes', 'map'):
            runs = [run(perf, '%s.%s.data' % (prefix, kind),
                        '%s.%s.report' % (prefix, kind)) for _ in range(REPS)]
            res[kind] = (statistics.median(r[0] for r in runs),
                         statistics.median(r[1] for r in runs))
    finally:
        os.unlink(mapfile)
    # The map file's dso is "[JIT] tid PID", the notes' "[jit] pid PID".
    a = [l.replace('[jit] pid', '[JIT] tid') for l in lines(prefix + '.notes.report')]
    b = lines(prefix + '.map.report')
    if a != b or len(a) < n // 2:
        sys.exit('jit-scale: %d functions: the reports differ: %s.notes.report, '
                 '%s.map.report' % (n, prefix, prefix))
    return res


def main():
    perf, d, out = sys.argv[1:4]
    sizes = [int(n) for n in sys.argv[4:]]
    rows = {}
    for n in sizes:
        rows[n] = measure(perf, d, n)
        print('jit-scale: %d functions: notes %.2f s %.0f MiB, map file %.2f s %.0f MiB'
              % ((n,) + rows[n]['notes'] + rows[n]['map']), flush=True)
    missed = []
    with open(out + '.md', 'w') as f:
        f.write('## JIT notes at scale (host, perf report --stdio --sort dso,sym)\n\n'
                'A process loads N functions (256 B each, 10 samples after each '
                'load), maps a library every 100 loads and forks 20 children '
                'that sample the code they inherit (scripts/jit-gen.py): named by '
                'JIT user events, or by the same names in /tmp/perf-PID.map. '
                'Medians of %d runs; both reports are the same.\n\n' % REPS)
        f.write('| functions | samples | notes: s | map file: s | time ratio '
                '| notes: MiB | map file: MiB | memory ratio |\n'
                '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n')
        for n in sizes:
            (tn, mn), (tm, mm) = rows[n]['notes'], rows[n]['map']
            f.write('| %d | %d | %.2f | %.2f | %.2f | %.0f | %.0f | %.2f |\n'
                    % (n, n * 10 + 200, tn, tm, tn / tm, mn, mm, mn / mm))
        big = max(sizes)
        (tn, mn), (tm, mm) = rows[big]['notes'], rows[big]['map']
        f.write('\nTarget (design.md section 6): at %d functions, at most 1.5 x '
                'the map file\'s time and memory, and growing no faster.\n\n' % big)
        for what, r in (('time', tn / tm), ('memory', mn / mm)):
            ok = r <= 1.5
            f.write('- %s: %.2f x: %s\n' % (what, r, 'met' if ok else 'MISSED'))
            if not ok:
                missed.append(what)
        if len(sizes) > 1:
            small = min(sizes)
            grow_n = rows[big]['notes'][0] / rows[small]['notes'][0]
            grow_m = rows[big]['map'][0] / rows[small]['map'][0]
            ok = grow_n <= 1.5 * grow_m
            f.write('- growth of the time from %d to %d functions: notes %.1f x, '
                    'map file %.1f x: %s\n' % (small, big, grow_n, grow_m,
                                               'met' if ok else 'MISSED'))
            if not ok:
                missed.append('growth')
        f.write('\nPlot: %s.png\n' % os.path.basename(out))
    with open(out + '.dat', 'w') as f:
        f.write('functions notes_s map_s notes_mib map_mib\n')
        for n in sizes:
            f.write('%d %f %f %f %f\n' % ((n,) + rows[n]['notes'][:1] +
                                          rows[n]['map'][:1] + rows[n]['notes'][1:] +
                                          rows[n]['map'][1:]))
    with open(out + '.gp', 'w') as f:
        f.write('''set terminal pngcairo noenhanced size 1000,420
set output '%(p)s.png'
set multiplot layout 1,2 title 'perf report on a JIT run: JIT notes against a perf-PID.map'
set logscale xy
set xrange [500:200000]
set xlabel 'functions'
set key top left
set ylabel 'seconds'
plot '%(p)s.dat' using 1:2 with linespoints title 'JIT notes', \\
     '' using 1:3 with linespoints title 'perf-PID.map'
set ylabel 'peak RSS, MiB'
plot '%(p)s.dat' using 1:4 with linespoints title 'JIT notes', \\
     '' using 1:5 with linespoints title 'perf-PID.map'
unset multiplot
''' % {'p': out})
    sys.exit(2 if missed else 0)


if __name__ == '__main__':
    main()
