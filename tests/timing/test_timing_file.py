#!/usr/bin/env python3
"""Timing-file handling of -M rm696,timing=FILE (no guest needed).

A good file is taken, and changes the modelled cost that the interconnect
counters report; a bad file stops QEMU with one message that names the
file, the line and the key.  Prints PASS:/FAIL: lines.
Usage: test_timing_file.py QEMU TOPDIR
"""
import json
import os
import subprocess
import sys
import tempfile

results = []


def check(name, ok, detail=''):
    results.append(ok)
    print('%s: %s%s' % ('PASS' if ok else 'FAIL', name,
                        '' if ok or not detail else '\n    ' + detail.replace('\n', '\n    ')),
          flush=True)


def run_qemu(qemu, machine_opts, extra=(), qmp_cmds=()):
    """Start rm696 under qtest (no guest code runs), send the qtest
    commands, stop QEMU as a user would (SIGTERM: a clean exit that writes
    the statistics) and return (exit status, stderr, stdout).  A QEMU that
    refuses its options exits by itself."""
    argv = [qemu, '-M', 'rm696' + machine_opts, '-accel', 'qtest', '-qtest',
            'stdio', '-display', 'none', '-monitor', 'none', '-serial', 'null',
            *extra]
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    out = b''
    try:
        for c in qmp_cmds:
            p.stdin.write(c.encode() + b'\n')
            p.stdin.flush()
            out += p.stdout.readline()
        # a started QEMU answers one more command; a refused one has exited
        p.stdin.write(b'clock_step 1\n')
        p.stdin.flush()
        out += p.stdout.readline()
    except BrokenPipeError:
        pass
    if p.poll() is None:
        p.terminate()
    _, err = p.communicate(timeout=60)
    return p.returncode if p.returncode != -15 else 0, err.decode(), out.decode()


def main():
    qemu, top = sys.argv[1:3]
    tmp = tempfile.mkdtemp()

    def bad(name, text, must):
        path = os.path.join(tmp, name + '.ini')
        with open(path, 'w') as f:
            f.write(text)
        rc, err, _ = run_qemu(qemu, ',timing=' + path)
        lines = [l for l in err.splitlines() if 'timing file' in l]
        ok = rc != 0 and len(lines) == 1 and all(m in lines[0] for m in [path] + must)
        check('bad timing file (%s) stops QEMU naming file, line and key' % name,
              ok, 'exit %d, stderr: %s' % (rc, err.strip()))

    bad('unknown-key', '[l4-wkup]\nread_min_ns = 600\nread_mid_ns = 3\n',
        ['line 3', 'read_mid_ns', 'unknown key'])
    bad('unknown-section', '[timing]\nseed = 2\n\n[l4-wakeup]\nread_min_ns = 1\n',
        ['line 4', '[l4-wakeup]', 'unknown section'])
    bad('not-a-number', '[l3]\nread_max_ns = 12ns\n', ['line 2', 'read_max_ns', "'12ns'"])
    bad('out-of-range', '# costs\n[l4-core]\nwrite_max_ns = 2000000\n',
        ['line 3', 'write_max_ns', 'from 0 to 1000000'])
    bad('min-over-max', '[l4-core]\nread_min_ns = 300\nread_max_ns = 200\n',
        ['line 1', '[l4-core]', 'read_min_ns is larger than read_max_ns'])
    bad('syntax', '[l4-core]\nread_min_ns 300\n', ['line 2'])
    bad('unknown-group', '[l4-wkup.nosuchblock]\nread_min_ns = 1\n',
        ['line 1', 'nosuchblock'])
    rc, err, _ = run_qemu(qemu, ',timing=' + os.path.join(tmp, 'missing.ini'))
    check('a missing timing file stops QEMU with its name',
          rc != 0 and 'missing.ini' in err, err.strip())

    # The shipped file spells out the defaults: it is accepted.
    rc, err, _ = run_qemu(qemu, ',timing=' + os.path.join(top, 'timing', 'phone.ini'))
    check('timing/phone.ini is accepted', rc == 0, err.strip())

    # A group override changes the cost the counters report: one read of
    # the 32 kHz counter costs exactly 640 ns with min = max = 640.
    good = os.path.join(tmp, 'good.ini')
    with open(good, 'w') as f:
        f.write('[l4-wkup.synctimer]\nread_min_ns = 640\nread_max_ns = 640\n'
                '[l4-core]\nread_min_ns = 200\nread_max_ns = 200\n')
    stats = os.path.join(tmp, 'stats.json')
    rc, err, out = run_qemu(qemu, ',timing=%s,stats=%s' % (good, stats),
                            qmp_cmds=['readl 0x48320010', 'readl 0x48320010',
                                      'readl 0x48306804', 'readl 0x480022f0'])
    try:
        d = json.load(open(stats))
        wk = d['agents']['l4-wkup']['groups']
        core = d['agents']['l4-core']['groups']
        ok = (wk['synctimer']['reads'] == 2 and wk['synctimer']['read_ns'] == 1280
              and wk['prm']['reads'] == 1 and 625 <= wk['prm']['read_ns'] <= 668
              and core['scm']['reads'] == 1 and core['scm']['read_ns'] == 200)
        check('a group override sets that group\'s cost; others keep theirs '
              '(stats=FILE counters)', ok, json.dumps(d, indent=1))
        check('stats=FILE says timing is off under qtest (no icount)',
              d['timing'] is False and d['timing_file'] == good)
    except (OSError, ValueError, KeyError) as e:
        check('stats=FILE is written at exit', False, '%s; stderr: %s' % (e, err))
    return 0 if all(results) else 1


if __name__ == '__main__':
    sys.exit(main())
