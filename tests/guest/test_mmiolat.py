#!/usr/bin/env python3
"""mmiolat under Linux: the cost of one register read, measured as on the
phone (guest/mmiolat: /dev/mem mappings, PMCCNTR read from user space).

Boots the project's kernel, DTB and initramfs with -icount
shift=0,sleep=off and checks:
  - the kernel let user space at the cycle counter (the boot message of
    kernel/patches/0002-*, CONFIG_ARM_USER_CYCLE_COUNTER);
  - `mmiolat` (PMCCNTR): per target (PRM, CM, SCM, SDRC, 32k counter) the
    ns per read lies inside the phone's range (hardware-facts.md);
  - `mmiolat -c 32k`: the same, the range widened by one 32 kHz tick over
    the N reads;
  - `mmiolat -t prm` prints only that target, and a wrong target is a
    usage error (exit status 1).

Prints one "PASS: ..." or "FAIL: ..." line per check.
Usage: test_mmiolat.py QEMU ZIMAGE DTB INITRD LOGDIR
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'boot'))
from n9console import N9Console, BootError  # noqa: E402
from mmiolat_parse import parse, check_block, LINE  # noqa: E402

results = []


def check(name, ok, detail=''):
    results.append(ok)
    print('%s: %s%s' % ('PASS' if ok else 'FAIL', name,
                        '' if ok or not detail else '\n    ' + detail.replace('\n', '\n    ')),
          flush=True)


def show(out):
    print('    ' + '\n    '.join(l for l in out.split('\n') if l), flush=True)


def main():
    qemu, kernel, dtb, initrd, logdir = sys.argv[1:6]
    os.makedirs(logdir, exist_ok=True)
    log = os.path.join(logdir, 'mmiolat-linux.log')
    con = N9Console(qemu, kernel, dtb, initrd, log_path=log,
                    extra=['-icount', 'shift=0,sleep=off'])
    try:
        try:
            con.wait_prompt(600)
        except BootError as e:
            check('mmiolat: Linux boots to the shell (log: %s)' % log,
                  False, str(e))
            return 1
        msg = con.run('dmesg | grep "cycle counter"')
        check('mmiolat: the kernel enabled user access to PMCCNTR '
              '(CONFIG_ARM_USER_CYCLE_COUNTER)',
              'user access to the cycle counter (PMCCNTR) enabled' in msg,
              msg)

        out = con.run('mmiolat 2>&1; echo "rc=$?"', timeout=300)
        show(out)
        check('mmiolat: runs (status 0)', 'rc=0' in out, out)
        blocks = parse(out)
        if 'ccnt' in blocks:
            check_block(check, 'mmiolat', blocks['ccnt'], 'ccnt')
        else:
            check('mmiolat: a ccnt result block', False, out)

        out = con.run('mmiolat -c 32k 2>&1; echo "rc=$?"', timeout=300)
        show(out)
        check('mmiolat -c 32k: runs (status 0)', 'rc=0' in out, out)
        blocks = parse(out)
        if '32k' in blocks:
            check_block(check, 'mmiolat', blocks['32k'], '32k')
        else:
            check('mmiolat: a 32k result block', False, out)

        out = con.run('mmiolat -t prm -n 100 2>&1; echo "rc=$?"')
        lines = [l for l in out.split('\n') if LINE.match(l)]
        check('mmiolat -t prm -n 100: one line, for prm, of 100 reads',
              len(lines) == 1 and lines[0].startswith('prm ')
              and '(100 reads,' in lines[0] and 'rc=0' in out, out)
        out = con.run('mmiolat -t nosuch 2>&1; echo "rc=$?"')
        check('mmiolat -t nosuch: a usage error (status 1)',
              re.search(r'unknown target', out) is not None
              and 'rc=1' in out, out)
    except BootError as e:
        check('mmiolat: the shell answers (log: %s)' % log, False, str(e))
    finally:
        con.close()
    return 0 if all(results) else 1


if __name__ == '__main__':
    sys.exit(main())
