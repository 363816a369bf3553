#!/usr/bin/env python3
"""QEMU's scripts/checkpatch.pl over our QEMU code (qemu-n9/hw, qemu-n9/tests):
every C file and header as a source file, with its path under qemu-n9/
(hw/n9/<folder>/..., tests/qtest/...), so that the rules for tests apply to
the qtests as they do in QEMU.  One PASS/FAIL per file: a file fails on any
ERROR that is not listed in KNOWN below; warnings are printed, not failed.

Usage: test_checkpatch.py N9_TOP QEMU_TREE
"""
import os
import re
import subprocess
import sys

# (file, the ERROR's text, why it stands).  Each entry matches one finding;
# a finding no longer made fails too, so that the list stays true.
KNOWN = [
    # Register tables: each macro expands to several initializers of one
    # array, which parentheses would break (the rule is for expressions).
    ('hw/n9/devices/omap3_prcm_cm.c', 'Macros with complex values should be enclosed in parenthesis',
     'table rows'),
    ('hw/n9/devices/omap3_prcm_cm.c', 'Macros with complex values should be enclosed in parenthesis',
     'table rows'),
    ('hw/n9/devices/omap3_prcm_cm.c', 'Macros with complex values should be enclosed in parenthesis',
     'table rows'),
    ('hw/n9/devices/omap3_prcm_prm.c', 'Macros with complex values should be enclosed in parenthesis',
     'table rows'),
    ('hw/n9/devices/omap3_prcm_prm.c', 'Macros with complex values should be enclosed in parenthesis',
     'table rows'),
    ('hw/n9/devices/omap3_prcm_prm.c', 'Macros with complex values should be enclosed in parenthesis',
     'table rows'),
    ('hw/n9/devices/omap3_prcm_prm.c', 'Macros with complex values should be enclosed in parenthesis',
     'table rows'),
    # checkpatch takes a8cache_params (the plain-C models' lower-case type
    # names, models/) for a variable: "a8cache_params *params" is a
    # declaration, not a multiplication.
    ('hw/n9/timing/n9_memory.h', "spaces required around that '*' (ctx:WxV)", 'model type name'),
]

ERR_RE = re.compile(r'^(\S+?):(\d+): (ERROR|WARNING): (.*)$')


def main():
    top, tree = sys.argv[1], sys.argv[2]
    script = os.path.join(tree, 'scripts', 'checkpatch.pl')
    if not os.path.isfile(script):
        print('FAIL: checkpatch: no %s (scripts/build-qemu.sh unpacks the QEMU tree)' % script)
        return 1
    base = os.path.join(top, 'qemu-n9')
    files = []
    for sub in ('hw', 'tests'):
        for d, _, names in os.walk(os.path.join(base, sub)):
            files += [os.path.relpath(os.path.join(d, n), base)
                      for n in names if n.endswith(('.c', '.h'))]
    known = {}
    for f, msg, _ in KNOWN:
        known.setdefault(f, []).append(msg)
    failed = 0
    for f in sorted(files):
        out = subprocess.run(['perl', script, '--no-tree', '--terse', '--no-summary',
                              '--color=never', '-f', f], cwd=base,
                             capture_output=True, text=True).stdout
        errors, warnings = [], 0
        for line in out.splitlines():
            m = ERR_RE.match(line)
            if not m:
                continue
            if m.group(3) == 'WARNING':
                warnings += 1
            else:
                errors.append((int(m.group(2)), m.group(4)))
        expect = list(known.get(f, []))
        new = []
        for ln, msg in errors:
            if msg in expect:
                expect.remove(msg)
            else:
                new.append('%s:%d: %s' % (f, ln, msg))
        stale = ['%s: listed but not found: %s' % (f, msg) for msg in expect]
        if new or stale:
            failed += 1
            print('FAIL: checkpatch %s: %d error(s)' % (f, len(new) + len(stale)))
            for e in new + stale:
                print('    ' + e)
        else:
            print('PASS: checkpatch %s (%d warning(s)%s)' %
                  (f, warnings, ', %d known error(s)' % len(known[f]) if f in known else ''))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
