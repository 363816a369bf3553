#!/usr/bin/env python3
"""The summary of an `n9 fuzz` campaign over its jobs' results.

    campaign_summary.py vcpu|device OUT JOBS

Reads OUT/job<j>/results.json (and, for device campaigns, coverage.json)
for j < JOBS, and prints the totals and each failure, one line each.
"""
import json
import os
import sys


def job_results(out, jobs, name='results.json'):
    """(j, parsed OUT/job<j>/NAME) for every job whose file exists."""
    for j in range(jobs):
        try:
            with open(os.path.join(out, 'job%d' % j, name)) as f:
                yield j, json.load(f)
        except OSError:
            if name == 'results.json':
                print('job%d: no results' % j)


def vcpu(out, jobs):
    seeds = runs = ops = 0
    secs = vsecs = 0.0
    fails = []
    for _, r in job_results(out, jobs):
        seeds += r['seeds']
        runs += r['runs']
        ops += r['operations']
        secs = max(secs, r['seconds'])
        vsecs += r['virtual_seconds']
        fails += r['failures']
    print('[qemu-n9] vcpu fuzzing: %d seeds, %d runs, %d operations in %.0f s '
          '(%.1f s of virtual time), %d failures'
          % (seeds, runs, ops, secs, vsecs, len(fails)))
    for f in fails:
        print('  seed %d: %s%s' % (f['seed'], f['signature'],
                                   ('; ' + f['regression']) if f.get('regression') else ''))


def device(out, jobs):
    runs = cmds = secs = 0
    fails = {}
    for _, r in job_results(out, jobs):
        runs += r['runs']
        cmds += r['commands']
        secs = max(secs, r['seconds'])
        for f in r['failures']:
            fails.setdefault(f['signature'], []).append(f)
    cov = {}
    for _, c in job_results(out, jobs, 'coverage.json'):
        for k, n in c.items():
            cov[k] = cov.get(k, 0) + n['reads'] + n['writes']
    print('[qemu-n9] fuzzing: %d seeds, %d commands in %.0f s (%.0f commands/s over %d job(s)), '
          '%d distinct failures'
          % (runs, cmds, secs, cmds / secs if secs else 0, jobs, len(fails)))
    if cov:
        missed = sorted(k for k, n in cov.items() if not n)
        print('[qemu-n9] fuzzing: %d of %d blocks read or written%s' % (
            len(cov) - len(missed), len(cov),
            (', never: ' + ' '.join(missed)) if missed else ''))
    for sig, fs in fails.items():
        rep = [f['reproducer'] for f in fs if f.get('reproducer')]
        print('  %s: seeds %s%s' % (sig, ' '.join(str(f['seed']) for f in fs),
                                    '; reproducer ' + rep[0] if rep else ''))


if __name__ == '__main__':
    if len(sys.argv) != 4 or sys.argv[1] not in ('vcpu', 'device'):
        sys.exit('usage: campaign_summary.py vcpu|device OUT JOBS')
    {'vcpu': vcpu, 'device': device}[sys.argv[1]](sys.argv[2], int(sys.argv[3]))
