#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""new-warnings.py LINUX OUTDIR LOG [KNOWN]: print the compiler, sparse and
kernel-doc warnings in LOG that point at a line the series adds (git diff
base..series in LINUX), as 'file:line: message', one per line, but those
that KNOWN lists (file, message regex and reason, tab-separated). Paths
in LOG may be relative to OUTDIR (where make ran with O=) or to LINUX."""
import os
import re
import subprocess
import sys

linux, outdir, log = sys.argv[1:4]
known = []
if len(sys.argv) > 4:
    for line in open(sys.argv[4]):
        if line.strip() and not line.startswith('#'):
            f, rx, _ = line.rstrip('\n').split('\t', 2)
            known.append((f, re.compile(rx)))
diff = subprocess.run(['git', '-C', linux, 'diff', '-U0', 'base', 'series'],
                      capture_output=True, text=True, check=True).stdout
added, cur = {}, None
for line in diff.splitlines():
    if line.startswith('+++ '):
        cur = line[6:] if line.startswith('+++ b/') else None
    elif line.startswith('@@') and cur:
        m = re.match(r'@@ -\S+ \+(\d+)(?:,(\d+))? @@', line)
        start, n = int(m.group(1)), int(m.group(2) or 1)
        added.setdefault(cur, set()).update(range(start, start + n))

seen = set()
# gcc, clang and sparse: 'file:line:col: warning: ...'; kernel-doc:
# 'Warning: file:line message'.
pats = [re.compile(r'^(\S+?):(\d+):(?:\d+:)? (?:warning|error): (.*)$'),
        re.compile(r'^[Ww]arning: (\S+?):(\d+):? (.*)$')]
for line in open(log, errors='replace'):
    m = next((m for m in (p.match(line.strip()) for p in pats) if m), None)
    if not m:
        continue
    path = m.group(1)
    for base in (outdir, linux):
        full = os.path.normpath(os.path.join(base, path))
        rel = os.path.relpath(full, os.path.realpath(linux))
        if rel in added:
            break
    else:
        continue
    if any(f == rel and rx.search(m.group(3)) for f, rx in known):
        continue
    if int(m.group(2)) in added[rel]:
        w = '%s:%s: %s' % (rel, m.group(2), m.group(3))
        if w not in seen:
            seen.add(w)
            print(w)
