#!/usr/bin/env python3
"""Benchmark of the idle path's speed (prints figures; not a pass/fail test).

Runs the idle scenario (`n9 idle`) on the patched kernel with every
C-state for SECONDS of modelled time each, and prints per state the host
seconds one modelled second of idle takes (from the host time the machine
records at each mark), the idle entries per modelled second and the host
µs per idle entry.  Goal (docs/benchmarks.md): 60 s of modelled idle in under 2 host
seconds in every state.

Usage: bench_idle.py TOP [SECONDS] [KERNEL]
"""
import json
import os
import subprocess
import sys
import tempfile


def main():
    top = sys.argv[1]
    secs = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    kernel = sys.argv[3] if len(sys.argv) > 3 else 'patched'
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([os.path.join(top, 'n9'), 'idle', '--kernel',
                        kernel, '--state', 'all', '--seconds', str(secs),
                        '--out', out], check=True, stdout=subprocess.DEVNULL)
        d = json.load(open(os.path.join(out, 'stats.json')))
    marks = {m['mark']: m for m in d['marks']}
    print('idle scenario, %s kernel, %d s of modelled idle per state'
          % (kernel, secs))
    print('%-4s %8s %14s %16s %16s %14s' % ('state', 'entries', 'entries/s',
                                            'host s / 60 s', 'host us/entry',
                                            'modelled/host'))
    for n in range(1, 8):
        a, b = marks.get(10 * n + 1), marks.get(10 * n + 2)
        if not a or not b:
            continue
        st = 'C%d' % n
        e = (b['idle']['states'][st]['entries'] -
             a['idle']['states'].get(st, {}).get('entries', 0))
        vs = (b['virtual_ns'] - a['virtual_ns']) / 1e9
        hs = (b['host_us'] - a['host_us']) / 1e6
        print('%-4s %8d %14.1f %16.2f %16.1f %14.1f'
              % (st, e, e / vs, hs / vs * 60, hs * 1e6 / e if e else 0,
                 vs / hs))


if __name__ == '__main__':
    main()
