"""Run a bare-metal guest program (guest/baremetal/*.elf) on -M rm696:
semihosting to the host's stdout, icount, no display, monitor or serial
console (the command line from the n9 tool's library, tools/n9/qemu.py);
the command line and everything it printed go to a log file."""
import configparser
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', 'tools'))
from n9 import facts  # noqa: E402
from n9 import qemu as n9qemu  # noqa: E402

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')


def run_bare(qemu, elf, log, machine='rm696', timeout=300, append=None,
             extra=(), stats=None):
    """(output, exit status or 'timeout (N s)'); @machine: the -M value,
    @append: the program's command line (-append), @extra: more QEMU
    arguments, @stats: the statistics file the machine writes at exit
    (-M ...,stats=; one left by an earlier run is removed first)"""
    if stats:
        if os.path.exists(stats):
            os.unlink(stats)
        machine += ',stats=' + stats
    argv = n9qemu.bare(qemu, elf, machine=machine,
                       extra=(['-append', append] if append else []) +
                       list(extra))
    try:
        p = subprocess.run(argv, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout)
        out, rc = p.stdout.decode('utf-8', 'replace'), p.returncode
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b'').decode('utf-8', 'replace')
        rc = 'timeout (%d s)' % timeout
    with open(log, 'w') as f:
        f.write('$ %s\n%s' % (' '.join(argv), out))
    return out, rc


def phone_cache():
    """timing/phone.ini's [cache] keys, as whole numbers"""
    cp = configparser.ConfigParser(interpolation=None)
    cp.read(os.path.join(TOP, 'timing', 'phone.ini'))
    return {k: int(v) for k, v in cp['cache'].items()}


def l3_tck_ns():
    """the L3's (and the SDRAM's) clock period in ns (facts.md)"""
    return 1e9 / facts.value('clock.l3')


def sdram_cycles(clocks):
    """cycles at 1 GHz of the SDRAM's CAS latency and @clocks more of
    data (facts.md): a read's least time at the SDRAM"""
    return int((facts.value('lpddr.cas-latency') + clocks) * l3_tck_ns())


def figures(out):
    """A program's "NAME VALUE" lines (VALUE a whole number) as a dict"""
    fig = {}
    for line in out.split('\n'):
        w = line.split()
        if len(w) == 2 and w[1].isdigit():
            fig[w[0]] = int(w[1])
    return fig


# QEMU's blocks cut at every instruction: the reference that a program's
# figures must not depend on where QEMU ends its blocks
ONE_INSN_PER_TB = ['-accel', 'tcg,one-insn-per-tb=on']


def figure_diff(a, b, skip=()):
    """The figures (name: value) of two runs that differ, but @skip's,
    as 'name A/B' for the first eight, or 'none'"""
    keys = sorted(k for k in set(a) | set(b)
                  if k not in skip and a.get(k) != b.get(k))
    return ', '.join('%s %s/%s' % (k, a.get(k), b.get(k))
                     for k in keys[:8]) or 'none'
