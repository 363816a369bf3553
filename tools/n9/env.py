"""Where things are: the repository, the cache folder the build scripts
fill (scripts/lib.sh: $QEMU_N9_CACHE, default ~/.cache/qemu-n9) and the
artefacts in it ($QEMU_N9_OUT, default CACHE/out)."""
import hashlib
import os

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))


def cache():
    c = os.environ.get('QEMU_N9_CACHE')
    if c:
        return c
    base = os.environ.get('XDG_CACHE_HOME') or os.path.expanduser('~/.cache')
    return os.path.join(base, 'qemu-n9')


def out():
    return os.environ.get('QEMU_N9_OUT') or os.path.join(cache(), 'out')


def qemu_binary():
    return os.path.join(out(), 'bin', 'qemu-system-arm')


def initramfs():
    return os.path.join(out(), 'initramfs.cpio.gz')


def kernels_dir():
    return os.path.join(out(), 'kernels')


def script(name):
    return os.path.join(TOP, 'scripts', name)


_HASHES = {}


def file_hash(path, n=16):
    """The first @n hex digits of the file's SHA-256 (cached by path, size
    and modification time: a build that replaces the file changes it)."""
    real = os.path.realpath(path)
    st = os.stat(real)
    key = (real, st.st_size, st.st_mtime_ns)
    if key not in _HASHES:
        h = hashlib.sha256()
        with open(real, 'rb') as f:
            for block in iter(lambda: f.read(1 << 20), b''):
                h.update(block)
        _HASHES[key] = h.hexdigest()
    return _HASHES[key][:n]


def text_hash(text, n=16):
    return hashlib.sha256(text.encode()).hexdigest()[:n]
