"""One run of a workload: the job (workload, options, kernel, timing,
machine options, QEMU arguments), its initramfs, its QEMU command line
(scenario.command: the one place), the boot with progress lines, and its
result record.  `n9 idle` and the other workload commands, `n9 sweep`,
`n9 compare` and `n9 series` all run through run()."""
import gzip
import hashlib
import json
import os
import shutil

from . import env, qemu as qemu_mod, record, scenario, timing
from .errors import UserError


def user_machine():
    """-M options the user gives for every run: $QEMU_N9_MACHINE_OPTS"""
    return qemu_mod.parse_machine(os.environ.get('QEMU_N9_MACHINE_OPTS', ''))


class Job:
    def __init__(self, workload, opts, kernel, timing_file=None,
                 timing_set=(), machine=None, extra=(), label=None):
        self.w = workload
        self.opts = opts
        self.kernel = kernel
        self.timing_file = timing_file
        self.timing_set = list(timing_set or [])
        self.machine = dict(machine or {})
        self.extra = list(extra or [])
        self.label = label

    def machine_opts(self):
        """-M options after stats=: the workload's (symbols), the timing
        file and set, then the user's (they win)"""
        return qemu_mod.merge_machine(
            self.w.machine(self.opts, self.kernel),
            timing.machine_opts(self.timing_file, self.timing_set),
            self.machine)

    def identity(self, qemu, initrd):
        """Everything that makes the result what it is, as one dict"""
        m = {k: v for k, v in self.machine_opts().items()
             if k not in ('symbols', 'timing', 'timing-set', 'idle-trace')}
        return {
            'workload': self.w.describe(self.opts),
            'kernel': self.kernel.key(),
            'symbols': env.file_hash(self.kernel.symbols)
            if self.w.symbols and self.kernel.symbols else None,
            'qemu': env.file_hash(qemu),
            'initramfs': env.file_hash(initrd),
            'timing_file': env.file_hash(self.timing_file)
            if self.timing_file else None,
            'timing_set': sorted(self.timing_set),
            'machine': sorted('%s=%s' % kv for kv in m.items()),
            'extra': self.extra,
        }

    def key(self, qemu, initrd):
        text = json.dumps(self.identity(qemu, initrd), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


# ---- the initramfs of a run ------------------------------------------------

def _cpio_newc(files):
    """A cpio (newc) archive of regular files [(path, bytes)], mode 0755,
    owner root, time 0: the same input gives the same bytes"""
    out = bytearray()
    ino = 0x4e39000

    def entry(name, data, mode):
        nonlocal ino
        ino += 1
        nm = name.encode() + b'\0'
        hdr = '070701' + ''.join('%08X' % v for v in (
            ino, mode, 0, 0, 1, 0, len(data), 0, 0, 0, 0, len(nm), 0))
        out.extend(hdr.encode() + nm)
        out.extend(b'\0' * (-len(out) % 4))
        out.extend(data)
        out.extend(b'\0' * (-len(out) % 4))
    for name, data in files:
        entry(name.lstrip('/'), data, 0o100755)
    entry('TRAILER!!!', b'', 0)
    out.extend(b'\0' * (-len(out) % 512))
    return bytes(out)


def initrd_for(job, base, work):
    """The project's initramfs, or (for files the workload adds) a copy
    with a second archive after it, which the kernel unpacks over the
    first"""
    extra = job.w.initrd_extra(job.opts)
    if not extra:
        return base
    path = os.path.join(work, 'initramfs.cpio.gz')
    tmp = path + '.tmp'
    with open(tmp, 'wb') as f:
        with open(base, 'rb') as b:
            shutil.copyfileobj(b, f)
        f.write(gzip.compress(_cpio_newc(extra), 9, mtime=0))
    os.replace(tmp, path)
    return path


# ---- one run ----------------------------------------------------------------

def command(job, qemu, initrd, work):
    return scenario.command(qemu, job.kernel, initrd, work, job.w.scenario,
                            job.w.append(job.opts), job.machine_opts(),
                            job.extra)


class Outcome:
    def __init__(self, rec, fig, res, err):
        self.rec = rec          # the result record (None: no figures)
        self.fig = fig          # the workload's figures, as parsed
        self.res = res          # scenario.Result
        self.err = err          # one line: why it failed, or None


def run(job, qemu, base_initrd, work, what=None, quiet=False, timeout=None):
    """Boot @job in @work: an Outcome.  The record is also written to
    WORK/result.json."""
    os.makedirs(work, exist_ok=True)
    initrd = initrd_for(job, base_initrd, work)
    argv = command(job, qemu, initrd, work)
    est_key = 'run %s' % job.w.describe(job.opts)
    what = what or '%s on %s' % (job.w.name, os.path.basename(job.kernel.label))
    res = scenario.run(argv, work, what, key=est_key,
                       estimate=job.w.estimate(job.opts), timeout=timeout,
                       quiet=quiet)
    if not res.ok():
        return Outcome(None, None, res, res.why())
    try:
        with open(res.stats_path) as f:
            stats = json.load(f)
        fig = job.w.parse(res.stats_path, res.report_path, job.opts)
    except (OSError, ValueError, KeyError) as e:
        return Outcome(None, None, res, 'cannot read the run\'s figures: '
                       '%s (%s)' % (e, res.work))
    rec = record.make(job.w, job.opts, job.kernel, qemu, initrd,
                      job.machine_opts(), job.timing_file, job.timing_set,
                      job.extra, stats, fig, res.host_s, run_dir=work,
                      label=job.label)
    rec['key'] = job.key(qemu, base_initrd)
    rec['identity'] = job.identity(qemu, base_initrd)
    rec['argv'] = argv
    record.write(os.path.join(work, 'result.json'), rec)
    err = None if rec['ok'] else '%s reported a failure (status %s; %s)' % (
        job.w.name, fig.get('status'), res.report_path)
    return Outcome(rec, fig, res, err)
