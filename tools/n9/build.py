"""The builds a run needs, through the build scripts (scripts/setup-host.sh,
build-qemu.sh, build-kernel.sh, build-initramfs.sh), which cache what they
build: a second call costs about a second.  Their progress goes to stderr."""
import os
import subprocess
import sys

from . import env
from .errors import UserError


def run_script(name, *args, quiet=False):
    if os.environ.get('QEMU_N9_NO_BUILD'):
        # the tests of the option checks: a check that lets a mistake through
        # must not start a build
        raise UserError('QEMU_N9_NO_BUILD is set: not running scripts/%s'
                        % name)
    argv = [env.script(name), *args]
    try:
        p = subprocess.run(argv, stdin=subprocess.DEVNULL,
                           stdout=sys.stderr if not quiet else subprocess.PIPE,
                           stderr=sys.stderr if not quiet else subprocess.STDOUT)
    except OSError as e:
        raise UserError('scripts/%s: %s' % (name, e))
    if p.returncode != 0:
        tail = ''
        if quiet and p.stdout:
            lines = p.stdout.decode('utf-8', 'replace').strip().splitlines()
            tail = ': ' + (lines[-1] if lines else '')
        raise UserError('scripts/%s %s failed (status %d)%s'
                        % (name, ' '.join(args), p.returncode, tail))


def ensure(variants=('patched',), qemu=True, initramfs=True, setup=True,
           guest_tools=False):
    """Build (or find in the cache) what a run needs."""
    if setup:
        run_script('setup-host.sh')
    if qemu:
        run_script('build-qemu.sh')
    for v in sorted(set(variants)):
        if v.endswith('-debug'):
            run_script('build-kernel-debug.sh', v[:-len('-debug')])
        else:
            run_script('build-kernel.sh', v)
    if initramfs:
        run_script('build-initramfs.sh')
    elif guest_tools:
        run_script('build-guest-tools.sh')
    if qemu and not os.path.exists(env.qemu_binary()):
        raise UserError('no %s after the build' % env.qemu_binary())
