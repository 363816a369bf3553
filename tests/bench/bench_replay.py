#!/usr/bin/env python3
"""Benchmark of record and replay (prints figures; not pass/fail).

Two Linux runs of the patched kernel under -icount shift=0,sleep=off
with -M rm696,record=FILE: idle (n9.run=idle, C7 only, SECONDS of
modelled time; by default 60) and a full membench (lat/bw/line, best of
1).  For each: the trace's size, per second of the guest's virtual time;
the closed-loop run's host time without record= (the whole QEMU run: the
figures replay gives need the whole run) and with it; the host time of
models/trace/n9replay --verify over the trace (the same figures:
statistics file's agents, memory, sdrc, marks), and the ratio of the
closed-loop run's to it; whether the replay's figures are the run's
(every charge and every counter).  The host is shared and noisy:
one run each, said as such.

Then the same workloads' measured windows recorded from a mark
(record-from=mark:N, record-to=mark:M, docs/trace-format.md "Windows":
the idle scenario's C7 window, marks 71 to 72; membench's items, mark 100
to the end; membench's first item alone, marks 100 to 101): the trace
holds the models' state images at the mark and the window's events only;
its replay gives the run's figures from that mark on (compared with the
statistics file's marks, and its end with the end's or mark M's, key by
key), and "speedup" is the closed-loop run's host time (boot included: a
user who wants those figures reruns the guest) against the window's
replay.

Usage: bench_replay.py QEMU N9REPLAY KERNELS INITRD [SECONDS]
"""
import json
import os
import subprocess
import sys
import tempfile
import time

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
sys.path.insert(0, os.path.join(TOP, 'tools'))
sys.path.insert(0, os.path.join(TOP, 'tests', 'trace'))
from n9 import kernel as n9kernel, qemu as n9qemu  # noqa: E402
from n9 import scenario as n9scenario  # noqa: E402
import test_trace  # noqa: E402


def closed_loop(qemu, kdir, initrd, run, append, work, tag, record=True,
                start=None, end=None):
    stats = os.path.join(work, tag + '.json')
    trace = os.path.join(work, tag + '.n9t') if record else None
    k = n9kernel.from_dir(kdir)
    machine = {'stats': stats, 'record': trace}
    if start is not None:
        machine['record-from'] = 'mark:%d' % start
    if end is not None:
        machine['record-to'] = 'mark:%d' % end
    argv = n9qemu.command(qemu, machine=machine,
                          kernel=k.zimage, dtb=k.dtb, initrd=initrd,
                          append=n9scenario.append_line(run, append),
                          semihosting='userspace')
    t0 = time.monotonic()
    subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=7200, check=True)
    host = time.monotonic() - t0
    with open(stats) as f:
        d = test_trace.strip_host(json.load(f))
    return d, trace, host


def main():
    qemu, binary, kernels, initrd = sys.argv[1:5]
    secs = int(sys.argv[5]) if len(sys.argv) > 5 else 60
    patched = os.path.join(kernels, 'patched')
    work = tempfile.mkdtemp(prefix='n9-bench-replay-')
    loads = [
        ('idle %d s C7' % secs, 'idle', 'n9.idle.states=C7 n9.idle.seconds=%d'
         % secs),
        ('membench', 'membench', 'n9.membench.repeats=1'),
    ]
    windows = [('idle', 71, 72), ('membench', 100, None),
               ('membench', 100, 101)]
    print('record and replay (%s; one run each on a shared, noisy host; '
          'load average %.1f)' % (time.strftime('%Y-%m-%d'),
                                  os.getloadavg()[0]))
    print('%-14s %9s %11s %9s %9s %9s %9s %9s %8s %s' % (
        'workload', 'virtual s', 'events', 'trace MB', 'MB/virt s',
        'run s', 'record s', 'replay s', 'speedup', 'figures'))
    plains = {}
    for name, run, append in loads:
        tag = run
        _, _, plain = closed_loop(qemu, patched, initrd, run, append, work,
                                  tag + '-plain', record=False)
        plains[run] = plain
        stats, trace, host = closed_loop(qemu, patched, initrd, run, append,
                                         work, tag)
        t0 = time.monotonic()
        rc, rep, err = test_trace.replay(binary, trace, '--verify')
        rhost = time.monotonic() - t0
        if rc != 0:
            print('%-14s replay failed: %s' % (name, err))
            continue
        bad = test_trace.same_figures(stats, rep)
        size = os.path.getsize(trace)
        vs = stats['virtual_ns'] / 1e9
        print('%-14s %9.2f %11d %9.1f %9.2f %9.1f %9.1f %9.2f %7.1fx %s' % (
            name, vs, rep['replay']['events'], size / 1e6, size / 1e6 / vs,
            plain, host, rhost, plain / rhost,
            'exact' if not bad else 'DIFFER: ' + '; '.join(bad[:2])))
        os.unlink(trace)
    # the measured windows only: the state images at the mark
    appends = {run: append for _, run, append in loads}
    for run, start, end in windows:
        append = appends[run]
        stats, trace, host = closed_loop(qemu, patched, initrd, run, append,
                                         work, run + '-window', start=start,
                                         end=end)
        t0 = time.monotonic()
        rc, rep, err = test_trace.replay(binary, trace, '--verify')
        rhost = time.monotonic() - t0
        name = '%s %d-%s' % (run, start, end if end is not None else 'end')
        if rc != 0:
            print('%-14s replay failed: %s' % (name, err))
            continue
        first = [i for i, m in enumerate(stats['marks'])
                 if m['mark'] == start]
        last = [i for i, m in enumerate(stats['marks'])
                if m['mark'] == end]
        if first and (end is None or last):
            upto = last[0] + 1 if last else len(stats['marks'])
            want = dict(stats['marks'][last[0]] if last else stats,
                        marks=stats['marks'][first[0]:upto])
            bad = test_trace.same_figures(want, rep)
        else:
            bad = ['no mark %d or %s' % (start, end)]
        size = os.path.getsize(trace)
        vs = (rep['virtual_ns'] - rep['replay']['window_ns']) / 1e9
        print('%-14s %9.2f %11d %9.1f %9.2f %9.1f %9.1f %9.2f %7.1fx %s' % (
            name, vs, rep['replay']['events'], size / 1e6, size / 1e6 / vs,
            plains[run], host, rhost, plains[run] / rhost,
            'exact' if not bad else 'DIFFER: ' + '; '.join(bad[:2])))
        os.unlink(trace)
    print('(work files in %s)' % work)


if __name__ == '__main__':
    main()
