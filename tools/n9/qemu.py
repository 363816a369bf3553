"""The one place that builds a qemu-system-arm command line for -M rm696.

Every boot the tool makes, and every test, takes its command line from
command() (or from scenario.command(), which fills in a scenario's
kernel command line and report): the machine and its options, the kernel,
DTB and initramfs, icount, no display, monitor or serial console unless
asked, and the semihosting channel (a scenario's report into a file, or a
bare-metal program's output on stdout).
"""
import os

RTC_ICOUNT = 'base=2011-06-21T12:00:00,clock=vm'
ICOUNT = 'shift=0,sleep=off'
MACHINE = 'rm696'
# -M rm696,timing-set=A;B: the items of a timing-set are separated by ';'
# (QEMU's option parser splits the -M value at commas)
SET_SEP = ';'


def opt_value(v):
    """A value inside a QEMU option list: a comma is written twice."""
    return str(v).replace(',', ',,')


def machine_arg(opts=None):
    """{'stats': PATH, 'symbols': PATH, ...} -> 'rm696,stats=PATH,...'.
    None values are left out; a list (timing-set) is joined with ';'."""
    if isinstance(opts, str):
        return opts             # already 'rm696,...'
    parts = [MACHINE]
    for k, v in (opts or {}).items():
        if v is None:
            continue
        if isinstance(v, (list, tuple)):
            if not v:
                continue
            v = SET_SEP.join(v)
        parts.append('%s=%s' % (k, opt_value(v)))
    return ','.join(parts)


def merge_machine(*dicts):
    """Machine options, later ones win (as QEMU merges several -M)."""
    out = {}
    for d in dicts:
        for k, v in (d or {}).items():
            if k == 'timing-set' and out.get(k) and v:
                out[k] = list(out[k]) + list(v)
            else:
                out[k] = v
    return out


def parse_machine(text):
    """'memory-model=off,timing=x.ini' (the --machine option) -> dict"""
    out = {}
    for item in (text or '').split(','):
        item = item.strip()
        if not item:
            continue
        k, sep, v = item.partition('=')
        out[k] = v if sep else None
    return out


def command(qemu, machine=None, kernel=None, dtb=None, initrd=None,
            append=None, icount=ICOUNT, display='none', monitor='none',
            serial='none', report=None, semihosting=None, extra=()):
    """The argv of one QEMU run.

    machine     a dict of -M rm696 options (None: no -M at all, for a
                command line that is itself under test: give it in extra)
    icount      the -icount value (None: functional mode, no modelled time)
    display, monitor, serial   their values (None: QEMU's default)
    report      a file that gets the guest's semihosting output (a
                scenario's report: userspace semihosting into a chardev)
    semihosting 'native' (a bare-metal program's output on QEMU's stdout,
                or with @report into that file) or 'userspace' (a Linux
                guest's, on QEMU's stdout)
    extra       further QEMU arguments, last (-qmp, -S, -gdb, a user's)
    """
    argv = [qemu]
    if machine is not None:
        argv += ['-M', machine_arg(machine)]
    if kernel:
        argv += ['-kernel', kernel]
    if dtb:
        argv += ['-dtb', dtb]
    if initrd:
        argv += ['-initrd', initrd]
    if append is not None:
        argv += ['-append', append]
    if semihosting == 'native' and report:
        argv += ['-chardev', 'file,id=n9report,path=%s' % opt_value(report),
                 '-semihosting-config',
                 'enable=on,target=native,chardev=n9report']
    elif semihosting == 'native':
        argv += ['-semihosting-config', 'enable=on,target=native']
    if icount:
        # Modelled time: the TWL's RTC counts on the virtual clock from a
        # fixed date, so runs stay bit-identical (docs/twl5031.md).
        argv += ['-icount', icount, '-rtc', RTC_ICOUNT]
    for o, v in (('-display', display), ('-monitor', monitor),
                 ('-serial', serial)):
        if v is not None:
            argv += [o, v]
    if report and semihosting != 'native':
        argv += ['-chardev', 'file,id=n9report,path=%s' % opt_value(report),
                 '-semihosting-config',
                 'enable=on,userspace=on,chardev=n9report']
    elif semihosting == 'userspace':
        argv += ['-semihosting-config', 'enable=on,userspace=on']
    return argv + list(extra)


def shell_line(argv):
    """The argv as a line a user can paste into a shell."""
    import shlex
    return ' '.join(shlex.quote(a) for a in argv)


def bare(qemu, elf, machine=None, extra=(), serial='null', output=None):
    """A bare-metal program (guest/baremetal/*.elf): semihosting to QEMU's
    stdout (or into the file @output), icount, no display, monitor or
    serial console."""
    return command(qemu, machine=machine if machine is not None else {},
                   kernel=elf, semihosting='native', serial=serial,
                   report=output, extra=extra)


def exists(qemu):
    return os.path.isfile(qemu) and os.access(qemu, os.X_OK)
