"""Timing parameters on the tool's side: --timing FILE and --set
SECTION.KEY=VALUE, which become -M rm696,timing=FILE and
-M rm696,timing-set=SECTION.KEY=VALUE;... (items separated by ';', as
QEMU's option parser splits -M at commas).  The machine checks them as it
checks a timing file (unknown section or key, a bad number, out of range:
one line, status 1); the tool checks the form first, before any build,
and then asks the machine (a start under qtest, no guest) before any boot.
A section may hold a dot (agent.group): the key is after the last dot."""
import json
import os
import re
import subprocess
import tempfile

from . import qemu as qemu_mod
from .errors import UserError

ITEM = re.compile(r'([A-Za-z0-9_.-]+)\.([A-Za-z0-9_]+)=([^;,=\s]+)')


def check_set(items):
    """--set items: each SECTION.KEY=VALUE; returns them normalized"""
    out = []
    for it in items or []:
        it = it.strip()
        m = ITEM.fullmatch(it)
        if not m:
            raise UserError("--set '%s': not SECTION.KEY=VALUE (e.g. "
                            "l4-wkup.prm.read_min_ns=300, sdram.txsr=20; no "
                            "',' or ';' in it)" % it)
        out.append(it)
    keys = [i.split('=', 1)[0] for i in out]
    for k in keys:
        if keys.count(k) > 1:
            raise UserError('--set %s: given twice' % k)
    return out


def check_file(path):
    if not path:
        return None
    if not os.path.isfile(path) or not os.access(path, os.R_OK):
        raise UserError("--timing: '%s' is not a readable file" % path)
    return os.path.abspath(path)


def machine_opts(timing_file, timing_set):
    d = {}
    if timing_file:
        d['timing'] = timing_file
    if timing_set:
        d['timing-set'] = list(timing_set)
    return d


def effective(qemu, machine):
    """Start the machine under qtest with @machine options (no guest code
    runs) and return its timing parameter set, from the statistics file;
    a bad parameter is the machine's one error line, as a UserError."""
    fd, stats = tempfile.mkstemp(suffix='.json', prefix='n9-params-')
    os.close(fd)
    try:
        # pipeline=on needs icount's memory model, which a qtest start has
        # not; it sets no timing parameter
        m = qemu_mod.merge_machine({k: v for k, v in (machine or {}).items()
                                    if k != 'pipeline'}, {'stats': stats})
        argv = qemu_mod.command(qemu, machine=m, icount=None,
                                monitor='stdio', serial='null',
                                extra=['-machine', 'accel=qtest', '-S'])
        try:
            p = subprocess.run(argv, input=b'quit\n', capture_output=True,
                               timeout=60)
        except subprocess.TimeoutExpired:
            raise UserError('the machine did not start under qtest in 60 s')
        err = [l for l in p.stderr.decode('utf-8', 'replace').splitlines()
               if l.strip() and 'warning' not in l]
        if p.returncode != 0:
            raise UserError(err[-1] if err else 'QEMU refused the machine '
                            'options (status %d)' % p.returncode)
        with open(stats) as f:
            return json.load(f).get('timing_params')
    finally:
        os.unlink(stats)
