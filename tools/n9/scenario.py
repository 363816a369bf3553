"""One boot of a scenario from the initramfs, as every tool and test runs
it: icount, no serial console (one would keep UART3, PER and CORE awake),
the initramfs's /init running `n9.run=NAME`, its report through
semihosting into WORK/report.txt, the machine's counters into
WORK/stats.json, QEMU's own output into WORK/qemu.log."""
import os
import subprocess
import time

from . import env, progress, qemu
from .errors import UserError


def paths(work):
    return (os.path.join(work, 'stats.json'), os.path.join(work, 'report.txt'),
            os.path.join(work, 'qemu.log'))


def append_line(run, append=''):
    """The kernel command line of scenario @run"""
    line = 'rdinit=/init n9.run=%s' % run
    return line + (' ' + append.strip() if append and append.strip() else '')


def command(qemu_bin, kernel, initrd, work, run, append='', machine=None,
            extra=(), stats=True):
    """The argv of a scenario boot.  @machine: more -M rm696 options (after
    stats=, so they win), @extra: more QEMU arguments."""
    stats_path, report, _ = paths(work)
    m = qemu.merge_machine({'stats': stats_path if stats else None}, machine)
    return qemu.command(qemu_bin, machine=m, kernel=kernel.zimage,
                        dtb=kernel.dtb, initrd=initrd,
                        append=append_line(run, append), report=report,
                        extra=extra)


class Result:
    def __init__(self, work, argv, rc, host_s):
        self.work = work
        self.argv = argv
        self.rc = rc
        self.host_s = host_s
        self.stats_path, self.report_path, self.log_path = paths(work)

    def ok(self):
        return self.rc == 0 and os.path.exists(self.stats_path) and \
            os.path.exists(self.report_path)

    def why(self):
        """One line: why the run failed"""
        last = ''
        try:
            lines = [l for l in open(self.log_path, errors='replace')
                     .read().splitlines() if l.strip()]
            last = lines[-1] if lines else ''
        except OSError:
            pass
        if self.rc == 'timeout':
            return 'timed out (log: %s)' % self.log_path
        if self.rc != 0:
            return 'QEMU failed (status %s%s; log: %s)' % (
                self.rc, ': ' + last if last else '', self.log_path)
        return 'no report or statistics file (log: %s)' % self.log_path


def run(argv, work, what, key=None, estimate=None, timeout=None, quiet=False):
    """Run @argv (from command()) in @work; a Result."""
    os.makedirs(work, exist_ok=True)
    for f in paths(work):
        if os.path.exists(f):
            os.unlink(f)
    _, _, log = paths(work)
    t0 = time.monotonic()
    with open(log, 'w') as lf:
        lf.write('$ %s\n' % qemu.shell_line(argv))
        lf.flush()
        try:
            p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=lf,
                                 stderr=subprocess.STDOUT)
        except OSError as e:
            raise UserError('cannot start %s: %s' % (argv[0], e))
        rc = progress.wait(p, what, key=key, default_estimate=estimate,
                           timeout=timeout, quiet=quiet)
    return Result(work, argv, rc, time.monotonic() - t0)


def check_qemu(qemu_bin=None):
    q = qemu_bin or env.qemu_binary()
    if not qemu.exists(q):
        raise UserError('no QEMU at %s (run ./n9 boot once, or '
                        'scripts/build-qemu.sh)' % q)
    return q
