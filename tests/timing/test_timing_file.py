#!/usr/bin/env python3
"""Timing-file handling of -M rm696,timing=FILE.

A good file is taken, and changes the modelled cost that the guest's
accesses are charged (the bare-metal mmiolat-bare.elf under icount: only
the vCPU's own accesses cost time, qtest's do not); a bad file stops QEMU
with one message that names the file, the line and the key; the
statistics file is JSON whatever the file names contain.
Prints PASS:/FAIL: lines.
Usage: test_timing_file.py QEMU TOPDIR MMIOLAT_BARE_ELF
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
    qemu, top, elf = sys.argv[1:4]
    tmp = tempfile.mkdtemp()

    def bad(name, text, must):
        path = os.path.join(tmp, name + '.ini')
        with open(path, 'wb' if isinstance(text, bytes) else 'w') as f:
            f.write(text)
        rc, err, _ = run_qemu(qemu, ',timing=' + path)
        lines = [l for l in err.splitlines() if 'timing file' in l]
        ok = rc == 1 and len(lines) == 1 and all(m in lines[0] for m in [path] + must)
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
    bad('set-twice', '[l4-wkup]\nread_min_ns = 600\n[l3]\n[l4-wkup]\nread_min_ns = 610\n',
        ['line 5', '[l4-wkup] read_min_ns', 'set twice', 'line 2'])
    bad('empty-key', '[l4-core]\n = 300\n', ['line 2'])
    bad('key-before-section', 'read_min_ns = 300\n[l4-core]\n', ['line 1'])
    bad('binary', bytes(range(256)) * 4, ['line 1'])
    bad('negative', '[prcm]\noff_exit_ns = -1\n', ['line 2', 'off_exit_ns', "'-1'"])
    bad('unknown-group', '[l4-wkup.nosuchblock]\nread_min_ns = 1\n',
        ['line 1', 'nosuchblock'])
    bad('cache-unknown-key', '[cache]\nl2_size = 262144\nl2_sise = 3\n',
        ['line 3', '[cache] l2_sise', 'unknown key', 'l3_line_ns'])
    bad('cache-out-of-range', '[cache]\nl3_ns = 200000\n',
        ['line 2', 'l3_ns', 'from 0 to 100000'])
    bad('cache-geometry', '# what-if\n[cache]\nl2_size = 300000\n',
        ['line 2', '[cache]', 'powers of two'])
    bad('sdrc-unknown-key', '[sdrc]\ndll_relock_ns = 10\ntxsr_ns = 3\n',
        ['line 3', '[sdrc] txsr_ns', 'unknown key'])
    bad('sdrc-out-of-range', '[sdrc]\nclock_restart_cycles = 1000001\n',
        ['line 2', 'clock_restart_cycles', 'from 0 to 1000000'])
    rc, err, _ = run_qemu(qemu, ',timing=' + os.path.join(tmp, 'missing.ini'))
    check('a missing timing file stops QEMU with its name',
          rc != 0 and 'missing.ini' in err, err.strip())

    # The shipped file spells out the defaults: it is accepted.
    rc, err, _ = run_qemu(qemu, ',timing=' + os.path.join(top, 'timing', 'phone.ini'))
    check('timing/phone.ini is accepted', rc == 0, err.strip())

    # A group override changes the cost the guest's reads are charged: one
    # read of the 32 kHz counter costs exactly 640 ns with min = max = 640,
    # one of the CORE L4 (SCM, CM) 200 ns; the PRM keeps the phone's range.
    good = os.path.join(tmp, 'good.ini')
    with open(good, 'w') as f:
        f.write('[l4-wkup.synctimer]\nread_min_ns = 640\nread_max_ns = 640\n'
                '[l4-core]\nread_min_ns = 200\nread_max_ns = 200\n')
    stats = os.path.join(tmp, 'stats.json')
    p = subprocess.run([qemu, '-M', 'rm696,timing=%s,stats=%s' % (good, stats),
                        '-kernel', elf, '-semihosting-config',
                        'enable=on,target=native', '-icount', 'shift=0,sleep=off',
                        '-display', 'none', '-monitor', 'none', '-serial', 'null'],
                       capture_output=True, timeout=300, stdin=subprocess.DEVNULL)
    guest = p.stdout.decode() + p.stderr.decode()
    try:
        d = json.load(open(stats))
        wk = d['agents']['l4-wkup']['groups']
        core = d['agents']['l4-core']['groups']
        n32, nprm, nscm = (wk['synctimer']['reads'], wk['prm']['reads'],
                           core['scm']['reads'])
        ok = (p.returncode == 0 and n32 >= 1000 and nprm >= 1000 and nscm >= 1000
              and wk['synctimer']['read_ns'] == 640 * n32
              and core['scm']['read_ns'] == 200 * nscm
              and core['cm']['read_ns'] == 200 * core['cm']['reads']
              and 625 * nprm <= wk['prm']['read_ns'] <= 668 * nprm
              and wk['prm']['read_ns'] not in (625 * nprm, 668 * nprm))
        check('a group override sets that group\'s cost; others keep theirs '
              '(guest reads: synctimer %d x 640 ns, scm %d x 200 ns, prm %d '
              'in 625-668 ns)' % (n32, nscm, nprm), ok,
              guest + json.dumps(d['agents'], indent=1)[:3000])
        line = [l for l in guest.splitlines() if l.startswith('32k ')]
        ns = float(line[0].split()[1]) if line else 0
        check('the guest times the 32 kHz counter read at 640 ns with its cycle '
              'counter (%.2f ns/read)' % ns, 639.5 <= ns <= 641, guest)
        check('stats=FILE says timing is on under icount and names the file',
              d['timing'] is True and d['timing_file'] == good)
    except (OSError, ValueError, KeyError) as e:
        check('stats=FILE is written at exit', False, '%s; output: %s' % (e, guest))

    # [sdrc] reaches the SDRC's model (the stats file names what it used).
    sdrcini = os.path.join(tmp, 'sdrc.ini')
    with open(sdrcini, 'w') as f:
        f.write('[sdrc]\ndll_relock_ns = 1234\nwrite_latency_cycles = 2\n')
    rc, err, _ = run_qemu(qemu, ',timing=%s,stats=%s' % (sdrcini, stats))
    try:
        p = json.load(open(stats))['sdrc']['params']
        check('[sdrc] parameters reach the SDRC model (%s)' % p, rc == 0 and
              p == {'dll_relock_ns': 1234, 'clock_restart_cycles': 1,
                    'write_latency_cycles': 2}, err.strip())
    except (OSError, ValueError, KeyError) as e:
        check('[sdrc] parameters in the stats file', False, '%s; %s' % (e, err))

    # qtest reads are not the guest's: counted apart, not charged.
    rc, err, out = run_qemu(qemu, ',timing=%s,stats=%s' % (good, stats),
                            qmp_cmds=['readl 0x48320010', 'readl 0x48320010'])
    try:
        d = json.load(open(stats))
        sync = d['agents']['l4-wkup']['groups']['synctimer']
        check('under qtest (no icount) stats=FILE says timing is off; qtest '
              'reads count as debug_reads, not reads', d['timing'] is False
              and sync['debug_reads'] == 2 and sync['reads'] == 0
              and sync['read_ns'] == 0, json.dumps(d['agents']['l4-wkup']))
    except (OSError, ValueError, KeyError) as e:
        check('stats=FILE is written at exit under qtest', False, '%s; %s' % (e, err))

    # File names with a quote, a backslash and non-ASCII: still JSON (QEMU's
    # QObject writer escapes them), naming the timing file as given.
    odd = os.path.join(tmp, 'odd "quote" \\ back\u00e9')
    os.makedirs(odd, exist_ok=True)
    oddini = os.path.join(odd, 'phone "1".ini')
    oddstats = os.path.join(odd, 'stats "1".json')
    with open(good) as f, open(oddini, 'w') as g:
        g.write(f.read())
    rc, err, _ = run_qemu(qemu, ',timing=%s,stats=%s' % (oddini, oddstats))
    try:
        d = json.load(open(oddstats, encoding='utf-8'))
        check('a timing and a stats file whose paths hold a quote, a '
              'backslash and a non-ASCII letter: the stats file is JSON and '
              'names the timing file exactly', rc == 0 and
              d['timing_file'] == oddini, '%r vs %r' % (d.get('timing_file'), oddini))
    except (OSError, ValueError, KeyError) as e:
        check('stats=FILE with a quote in the paths is JSON', False,
              '%s; stderr: %s' % (e, err))
    return 0 if all(results) else 1


if __name__ == '__main__':
    sys.exit(main())
