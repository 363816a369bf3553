"""Progress lines on stderr for anything that takes more than a few
seconds, with an estimate of the time left: from the host time the same
kind of run took last time (kept in CACHE/n9-times.json), else from the
workload's own rough figure."""
import json
import os
import subprocess
import sys
import time

from . import env

EVERY = 15          # seconds between progress lines


def log(msg):
    print('[n9] %s' % msg, file=sys.stderr, flush=True)


def _times_file():
    return os.path.join(env.cache(), 'n9-times.json')


def _load():
    try:
        with open(_times_file()) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def estimate(key, default=None):
    return _load().get(key, default)


def remember(key, seconds):
    """Keep how long a kind of run took (a racing writer may win: the
    figure is only an estimate)."""
    d = _load()
    d[key] = round(seconds, 1)
    path = _times_file()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = '%s.%d' % (path, os.getpid())
        with open(tmp, 'w') as f:
            json.dump(d, f, indent=1, sort_keys=True)
        os.replace(tmp, path)
    except OSError:
        pass


def fmt_s(s):
    s = int(round(s))
    if s < 120:
        return '%d s' % s
    return '%d min %02d s' % (s // 60, s % 60)


def left(elapsed, est):
    if not est:
        return ''
    if elapsed < est:
        return ', about %s left' % fmt_s(est - elapsed)
    return ', longer than the %s estimated' % fmt_s(est)


def wait(proc, what, key=None, default_estimate=None, timeout=None,
         every=EVERY, quiet=False):
    """Wait for @proc, printing a progress line every @every s; the host
    seconds the run took are remembered under @key.  Returns the exit
    status, or 'timeout' (the process is killed)."""
    est = estimate(key, default_estimate) if key else default_estimate
    t0 = time.monotonic()
    if not quiet:
        log('%s: started%s' % (what, ', about %s' % fmt_s(est) if est else ''))
    while True:
        try:
            rc = proc.wait(timeout=every)
            break
        except subprocess.TimeoutExpired:
            el = time.monotonic() - t0
            if timeout and el > timeout:
                proc.kill()
                proc.wait()
                return 'timeout'
            if not quiet:
                log('%s: %s%s' % (what, fmt_s(el), left(el, est)))
    el = time.monotonic() - t0
    if key and rc == 0:
        remember(key, el)
    if not quiet:
        log('%s: done in %s host time' % (what, fmt_s(el)))
    return rc
