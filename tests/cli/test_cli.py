#!/usr/bin/env python3
"""The rm696 command line: `-M help` lists the machine, and wrong or
missing arguments stop QEMU at once with a message that says what to do.
Prints PASS:/FAIL: lines.  Usage: test_cli.py QEMU
(no guest runs: a file of bytes stands in for a zImage)
"""
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


def qemu_run(qemu, *args):
    p = subprocess.run([qemu, *args, '-display', 'none', '-monitor', 'none',
                        '-serial', 'null'], capture_output=True, timeout=30,
                       stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout.decode() + p.stderr.decode()


def main():
    qemu = sys.argv[1]
    tmp = tempfile.mkdtemp()
    zimage = os.path.join(tmp, 'zImage')
    with open(zimage, 'wb') as f:
        f.write(bytes(range(256)) * 16)
    bad_dtb = os.path.join(tmp, 'bad.dtb')
    with open(bad_dtb, 'w') as f:
        f.write('not a device tree')

    rc, out = qemu_run(qemu, '-M', 'help')
    check('-M help lists "rm696  Nokia N9 (RM-696, OMAP3630)"',
          rc == 0 and any(l.split(None, 1) == ['rm696', 'Nokia N9 (RM-696, OMAP3630)']
                          for l in out.splitlines()), out)

    cases = [
        ('no -kernel', ['-M', 'rm696'], ['-kernel zImage', '-dtb omap3-n9.dtb']),
        ('unreadable kernel', ['-M', 'rm696', '-kernel', os.path.join(tmp, 'nope')],
         ['cannot read the kernel', 'nope']),
        ('no -dtb for a Linux kernel', ['-M', 'rm696', '-kernel', zimage],
         ['device tree', '-dtb omap3-n9.dtb']),
        ('more RAM than the SDRC addresses', ['-M', 'rm696', '-m', '2G', '-kernel', zimage],
         ['1 GiB', '-m 1G']),
        ('a broken DTB', ['-M', 'rm696', '-kernel', zimage, '-dtb', bad_dtb],
         ['bad.dtb']),
        ('a bad machine option', ['-M', 'rm696,timing'], ['timing']),
    ]
    for name, args, must in cases:
        rc, out = qemu_run(qemu, *args)
        errs = [l for l in out.splitlines() if l.strip() and 'warning' not in l]
        check('%s: QEMU stops with a message that says what to do' % name,
              rc != 0 and 0 < len(errs) <= 2 and all(m in out for m in must),
              'exit %d:\n%s' % (rc, out.strip()))
    return 0 if all(results) else 1


if __name__ == '__main__':
    sys.exit(main())
