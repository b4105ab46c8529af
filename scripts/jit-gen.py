#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write a JIT's run as perf would have recorded it, named two ways.

jit-gen.py N PID PREFIX

A process PID loads N functions of generated code, 256 bytes each, one
after the other in an anonymous executable mapping, and takes 10 samples
in its code after each load; every 100 loads it maps a library (elsewhere),
and 20 times in the run it forks a child that takes 10 samples in the code
it inherited and exits. Written twice, in perf's pipe format:

  PREFIX.notes.data  the functions named by JIT user events (type 1 loads)
  PREFIX.map.data    the same records without them, and PREFIX.map, the
                     same names as a perf-PID.map (to be put in /tmp)

so that 'perf report' on the two reads the same samples and names them
the same, from the notes or from the map file. Little-endian, x86_64.
"""
import struct
import sys

PERF_RECORD_MMAP2, PERF_RECORD_COMM, PERF_RECORD_EXIT = 10, 3, 4
PERF_RECORD_FORK, PERF_RECORD_SAMPLE, PERF_RECORD_UEVENT = 7, 9, 23
PERF_RECORD_HEADER_ATTR = 64
MISC_USER = 2
CODE = 0x7f0000000000   # the JIT's code
LIBS = 0x7e0000000000   # the libraries it maps
FN_SIZE = 256


def pad8(b):
    return b + bytes(-len(b) % 8)


class Writer:
    def __init__(self, f, notes):
        self.f, self.notes, self.time = f, notes, 1000

    def rec(self, rtype, body, pid, tid, misc=0):
        """A record, with the sample_id of IP|TID|TIME|PERIOD (pid, tid, time)."""
        self.time += 100
        body = pad8(body) + struct.pack('<IIQ', pid, tid, self.time)
        self.f.write(struct.pack('<IHH', rtype, misc, 8 + len(body)) + body)

    def sample(self, pid, ip):
        self.time += 100
        body = struct.pack('<QIIQQ', ip, pid, pid, self.time, 1)
        self.f.write(struct.pack('<IHH', PERF_RECORD_SAMPLE, MISC_USER,
                                 8 + len(body)) + body)

    def mmap2(self, pid, start, length, name, prot=5):
        body = struct.pack('<IIQQQIIQQII', pid, pid, start, length, 0, 0, 0, 0,
                           0, prot, 2) + name.encode() + b'\0'
        self.rec(PERF_RECORD_MMAP2, body, pid, pid, MISC_USER)

    def load(self, pid, start, name):
        if not self.notes:
            return
        name = name.encode()
        payload = struct.pack('<BBHIQQ', 1, 0, len(name), 0, start, FN_SIZE) + name
        self.rec(PERF_RECORD_UEVENT, struct.pack('<II', 1, len(payload)) + payload,
                 pid, pid, MISC_USER)


def attr_record(notes):
    # cpu-clock, IP|TID|TIME|PERIOD, mmap comm task sample_id_all mmap2
    # comm_exec, and uevent (bit 40) where notes are written.
    flags = sum(1 << b for b in (8, 9, 13, 18, 23, 24)) | ((1 << 40) if notes else 0)
    attr = struct.pack('<IIQQQQQ', 1, 136, 0, 4000, 0x107, 0, flags)
    attr += bytes(136 - len(attr))
    body = attr + struct.pack('<Q', 1)
    return struct.pack('<IHH', PERF_RECORD_HEADER_ATTR, 0, 8 + len(body)) + body


def name(i):
    return 'LazyCompile:*fn%06d /srv/app/src/module%03d.js:%d' % (i, i % 997, i % 4093)


def write(path, n, pid, notes):
    with open(path, 'wb') as f:
        f.write(struct.pack('<QQ', 0x32454c4946524550, 16))
        f.write(attr_record(notes))
        w = Writer(f, notes)
        w.rec(PERF_RECORD_COMM, struct.pack('<II', pid, pid) + b'jitgen\0', pid, pid,
              0x2000)
        w.mmap2(pid, CODE, n * FN_SIZE + 4096 & ~4095, '//anon', 7)
        forks = max(1, n // 20)
        child = pid + 1
        for i in range(n):
            w.load(pid, CODE + i * FN_SIZE, name(i))
            for k in range(10):
                w.sample(pid, CODE + (i * 7919 + k * 104729) % (i + 1) * FN_SIZE + 16 * k)
            if i % 100 == 99:
                w.mmap2(pid, LIBS + i // 100 * 0x10000, 0x10000,
                        '/usr/lib/jitgen/lib%d.so' % (i // 100))
            if i % forks == forks - 1:
                w.rec(PERF_RECORD_FORK, struct.pack('<IIIIQ', child, pid, child, pid,
                                                    w.time), child, child)
                for k in range(10):
                    w.sample(child, CODE + (k * 7919 + i) % (i + 1) * FN_SIZE)
                w.rec(PERF_RECORD_EXIT, struct.pack('<IIIIQ', child, pid, child, pid,
                                                    w.time), child, child)
                child += 1


def main():
    n, pid, prefix = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    write(prefix + '.notes.data', n, pid, True)
    write(prefix + '.map.data', n, pid, False)
    with open(prefix + '.map', 'w') as f:
        for i in range(n):
            f.write('%x %x %s\n' % (CODE + i * FN_SIZE, FN_SIZE, name(i)))


if __name__ == '__main__':
    main()
