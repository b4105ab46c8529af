#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Save the files a guest printed to its serial log.

guest-files.py LOG DIR

A guest prints a file as 'HARNESS-FILE NAME SHA256', the file in base64,
and 'HARNESS-FILE-END'. Each is written to DIR/NAME once its checksum
matches; a file that does not match (a kernel message in between, a
cut-off log) is an error that names it. Prints the paths written.
"""
import base64
import hashlib
import os
import sys


def main():
    log, out = sys.argv[1:3]
    with open(log, errors='replace') as f:
        lines = [l.rstrip('\r\n') for l in f]
    bad = 0
    name = None
    for line in lines:
        if line.startswith('HARNESS-FILE '):
            name, digest = line.split()[1:3]
            chunks = []
        elif line == 'HARNESS-FILE-END' and name:
            try:
                data = base64.b64decode(''.join(chunks))
            except ValueError:
                data = b''
            if hashlib.sha256(data).hexdigest() != digest:
                print(f'*** {name}: checksum mismatch in {log}', file=sys.stderr)
                bad += 1
            else:
                os.makedirs(out, exist_ok=True)
                path = os.path.join(out, os.path.basename(name))
                with open(path, 'wb') as f:
                    f.write(data)
                print(path)
            name = None
        elif name:
            chunks.append(line.strip())
    if name:
        print(f'*** {name}: cut off in {log}', file=sys.stderr)
        bad += 1
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
