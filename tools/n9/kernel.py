"""Which kernel a run boots: `mainline` or `patched` (built by
scripts/build-kernel.sh into out/kernels/VARIANT: zImage, omap3-n9.dtb,
System.map, vmlinux), or a zImage of the user's own with the DTB,
System.map and vmlinux beside it (else the patched build's DTB).  The
choice is checked before anything is built."""
import os

from . import env
from .errors import UserError

VARIANTS = ('mainline', 'patched')
# with debug information (scripts/build-kernel-debug.sh, for n9 boot --gdb)
DEBUG_VARIANTS = ('mainline-debug', 'patched-debug')


class Kernel:
    def __init__(self, label, zimage, dtb, symbols, vmlinux, variant,
                 own=False):
        self.label = label          # mainline, patched or the zImage's path
        self.zimage = zimage
        self.dtb = dtb
        self.symbols = symbols      # System.map (or vmlinux), None: none
        self.vmlinux = vmlinux
        self.variant = variant      # the build whose DTB/tools go with it
        self.own = own              # a zImage of the user's own

    def identity(self):
        """What the result records: the files and their hashes"""
        d = {'label': self.label, 'zimage': self.zimage,
             'zimage_sha256': env.file_hash(self.zimage),
             'dtb': self.dtb, 'dtb_sha256': env.file_hash(self.dtb)}
        if self.symbols and os.path.exists(self.symbols):
            d['symbols'] = self.symbols
        stamp = os.path.join(os.path.dirname(self.zimage), 'kernel.stamp')
        if not self.own and os.path.exists(stamp):
            d['build_key'] = open(stamp).read().strip()
        cfg = os.path.join(os.path.dirname(self.zimage), 'kernel.config')
        if os.path.exists(cfg):
            d['config_sha256'] = env.file_hash(cfg)
        return d

    def key(self):
        """The kernel's part of a result's key: its image and DTB"""
        return '%s:%s' % (env.file_hash(self.zimage), env.file_hash(self.dtb))


def readable(path, what):
    if not os.path.exists(path):
        raise UserError("%s '%s': no such file" % (what, path))
    if not os.path.isfile(path) or not os.access(path, os.R_OK):
        raise UserError("%s '%s' is not a readable file" % (what, path))
    return os.path.abspath(path)


def resolve(spec, symbols=None, dtb=None, need_symbols=False):
    """--kernel SPEC (and --symbols, --dtb): a Kernel, checked before any
    build.  The paths of mainline and patched are those the build gives."""
    if not spec:
        raise UserError('--kernel needs mainline, patched or the path of a '
                        'zImage')
    if dtb:
        dtb = readable(dtb, '--dtb: device tree')
    if symbols:
        symbols = readable(symbols, '--symbols: symbol file')
    if spec in VARIANTS + DEBUG_VARIANTS:
        d = os.path.join(env.kernels_dir(), spec)
        return Kernel(spec, os.path.join(d, 'zImage'),
                      dtb or os.path.join(d, 'omap3-n9.dtb'),
                      symbols or os.path.join(d, 'System.map'),
                      os.path.join(d, 'vmlinux'), spec)
    if not os.path.exists(spec):
        raise UserError("unknown kernel '%s': give mainline, patched (or "
                        "mainline-debug, patched-debug) or the path of a "
                        "zImage (no such file)" % spec)
    z = readable(spec, 'kernel')
    here = os.path.dirname(z)
    if not dtb:
        dtb = os.path.join(here, 'omap3-n9.dtb')
        if not os.path.exists(dtb):
            dtb = os.path.join(env.kernels_dir(), 'patched', 'omap3-n9.dtb')
    if not symbols and os.path.exists(os.path.join(here, 'System.map')):
        symbols = os.path.join(here, 'System.map')
    if need_symbols and not symbols:
        raise UserError('no symbols for %s: give --symbols System.map (or '
                        'vmlinux)' % z)
    vml = os.path.join(here, 'vmlinux')
    return Kernel(z, z, dtb, symbols, vml if os.path.exists(vml) else None,
                  'patched', own=True)


def check_built(k):
    """After the build: the files the run needs are there"""
    for f, what in ((k.zimage, 'kernel'), (k.dtb, 'device tree')):
        if not os.path.isfile(f):
            raise UserError('%s %s is missing (did the build fail?)'
                            % (what, f))


def from_dir(kdir, label=None):
    """The kernel of a build folder (out/kernels/VARIANT, a series kNN):
    zImage, omap3-n9.dtb, System.map, vmlinux"""
    return Kernel(label or kdir, os.path.join(kdir, 'zImage'),
                  os.path.join(kdir, 'omap3-n9.dtb'),
                  os.path.join(kdir, 'System.map'),
                  os.path.join(kdir, 'vmlinux'), 'patched', own=True)


def from_files(zimage, dtb, symbols=None):
    return Kernel(zimage, zimage, dtb, symbols, None, 'patched', own=True)
