"""What made a result, recorded with it (as gem5's config.ini does): the
workload and its options, the kernel's and QEMU's build identity, the
initramfs, the machine options, the full timing parameter set the machine
used (defaults included: the machine writes it into its statistics file,
"timing_params"), and the figures, with numbers as JSON numbers.  Also
the machine's counters over the workload's window (the difference of two
marks), which `n9 compare` uses to explain a difference."""
import datetime
import json
import os
import re

from . import env

RESULT_VERSION = 1
TEXT_KEYS = {'line', 'text', 'header', 'report', 'kernel', 'options', 'name',
             'size', 'ws', 'mode', 'test', 'check', 'asked', 'wrote',
             'read_back', 'before', 'after', 'before_verdict',
             'after_verdict', 'sdrc_power'}


def numbers(obj, key=None):
    """Figures as numbers: a string that is a decimal number becomes one
    (not the text fields, not sizes like 16K, not hex register values)"""
    if isinstance(obj, dict):
        return {k: numbers(v, k) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [numbers(v, key) for v in obj]
    if isinstance(obj, str) and key not in TEXT_KEYS and \
            re.fullmatch(r'-?[0-9]+(\.[0-9]+)?', obj):
        return float(obj) if '.' in obj else int(obj)
    return obj


def delta(a, b):
    """b - a for every number in two counter snapshots (marks), recursively;
    what is not a number in both is left out"""
    if isinstance(b, dict):
        out = {}
        for k, vb in b.items():
            if k in ('mark', 'host_us'):
                continue
            d = delta((a or {}).get(k) if isinstance(a, dict) else None, vb)
            if d is not None and d != {}:
                out[k] = d
        return out
    if isinstance(b, bool):
        return None
    if isinstance(b, (int, float)):
        return b - (a if isinstance(a, (int, float)) and
                    not isinstance(a, bool) else 0)
    return None


def window_counters(stats, first, last):
    marks = {m['mark']: m for m in stats.get('marks', [])}
    if first not in marks or last not in marks:
        return None
    d = delta(marks[first], marks[last])
    d['window'] = {'first_mark': first, 'last_mark': last}
    return d


def qemu_identity(qemu):
    d = {'binary': os.path.realpath(qemu), 'sha256': env.file_hash(qemu)}
    return d


def file_identity(path):
    if not path:
        return None
    return {'path': os.path.abspath(path), 'sha256': env.file_hash(path)}


def make(w, opts, kernel, qemu, initrd, machine, timing_file, timing_set,
         extra, stats, fig, host_s, run_dir=None, label=None):
    """The result record of one run"""
    st = dict(stats)
    st.pop('marks', None)
    fig = {k: v for k, v in fig.items() if k != 'sections'}
    first, last = w.window(opts, stats)
    rec = {
        'n9_result': RESULT_VERSION,
        'created': datetime.datetime.now(datetime.timezone.utc)
                   .strftime('%Y-%m-%dT%H:%M:%SZ'),
        'label': label,
        'workload': {'name': w.name, 'scenario': w.scenario,
                     'options': numbers(opts), 'description': w.describe(opts)},
        'kernel': kernel.identity(),
        'qemu': qemu_identity(qemu),
        'initramfs': file_identity(initrd),
        'machine': {
            'options': {k: v for k, v in machine.items()
                        if k not in ('stats', 'timing', 'timing-set')},
            'timing_file': file_identity(timing_file),
            'timing_set': list(timing_set or []),
            'icount': 'shift=0,sleep=off',
            'extra_args': list(extra or []),
        },
        'timing': stats.get('timing_params'),
        'figures': numbers(fig),
        'flat': w.flat(fig),
        'ok': w.ok(fig),
        'counters': window_counters(stats, first, last),
        'stats_final': st,
        'host_seconds': round(host_s, 2),
        'run_dir': run_dir,
    }
    return rec


def write(path, rec):
    tmp = path + '.tmp'
    with open(tmp, 'w') as f:
        json.dump(rec, f, indent=1, sort_keys=True)
        f.write('\n')
    os.replace(tmp, path)


def load(path):
    with open(path) as f:
        d = json.load(f)
    return d
