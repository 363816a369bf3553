"""Parse mmiolat output and check it against the phone's figures.

Shared by test_baremetal.py and test_mmiolat.py.  The ranges are the
phone's, read from timing/phone-measured.ini (the mmio.* figures; how
they were measured: docs/facts.md, "Register access"); the model must
produce them.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', 'tools'))
from n9 import facts  # noqa: E402

# target -> (low, high) ns per read, as measured on the N9: the wakeup L4
# (PRM, 32 kHz counter), the CORE L4 (CM, SCM), the L3 (SDRC)
RANGES = {t: facts.range('mmio.' + t)
          for t in ('prm', '32k', 'cm', 'scm', 'sdrc')}

LINE = re.compile(r'^(\w+) +(-?\d+\.\d\d) ns/read  \((\d+) reads, '
                  r'(-?\d+) (cycles|ticks)\)$')
HEADER = re.compile(r'^# mmiolat: clock (ccnt|32k)\b')
TICKS = re.compile(r'^tick-check: ccnt (\d+) cycles, 32k (\d+) ticks$')


def parse(text):
    """Return {clock: {target: (ns_per_read, n, net)}} from mmiolat output
    (one or more runs, each starting with its "# mmiolat: clock" line)."""
    blocks = {}
    cur = None
    for line in text.replace('\r', '').split('\n'):
        m = HEADER.match(line)
        if m:
            cur = blocks.setdefault(m.group(1), {})
            continue
        m = LINE.match(line)
        if m and cur is not None:
            cur[m.group(1)] = (float(m.group(2)), int(m.group(3)),
                               int(m.group(4)))
    return blocks


def tick_check(text):
    """(ccnt cycles, 32k ticks) of the bare-metal 10 ms check, or None."""
    for line in text.replace('\r', '').split('\n'):
        m = TICKS.match(line)
        if m:
            return int(m.group(1)), int(m.group(2))
    return None


def check_block(check, label, block, clock):
    """One check per target: ns/read inside the phone's range.  With the
    32 kHz clock a result is known to one tick over the N reads only, so
    the range is widened by 1e9 / 32768 / N ns on each side."""
    for target, (low, high) in RANGES.items():
        if target not in block:
            check('%s: %s: a result line for %s' % (label, clock, target),
                  False, 'no line for %s in the output' % target)
            continue
        ns, n, net = block[target]
        slack = 1e9 / 32768 / n if clock == '32k' else 0.0
        check('%s: %s: %s read costs %.2f ns (phone: %g-%g ns%s)'
              % (label, clock, target, ns, low, high,
                 ', +/- %.1f ns for the 32k resolution' % slack
                 if slack else ''),
              low - slack <= ns <= high + slack)
