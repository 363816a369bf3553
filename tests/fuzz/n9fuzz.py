#!/usr/bin/env python3
"""n9fuzz: a seeded qtest-protocol fuzzer for the rm696 machine.

It drives `qemu-system-arm -M rm696 -machine accel=qtest -qtest stdio`
with the qtest text protocol (readb/w/l/q, writeb/w/l/q, clock_step,
set_irq_in) and QMP (system_reset), over every block of the memory map.
No guest runs: each command is what a guest (or a device's pins) could do.

What it takes from the machine itself, not from tables of its own:
  - the blocks: every I/O leaf region of `info mtree` (the agents' ports,
    so every block of omap3630_map.h and omap3630_modules.h, the agents'
    holes, the ROM debug and mark ports) with base and size;
  - the pins: every gpio-in of every device (`qom-list`: child<irq>);
  - for each block its device (/machine/soc/NAME, or the device that owns
    the region NAME / omap3-NAME) and the device's QOM type, whose source
    file(s) and headers (qemu-n9/hw/n9/devices/<type>*.[ch]) give the register
    offsets (the REG32 names of its register header, <type>_regs.h, shared
    with the device and its qtest; case labels, register tables: every hex
    literal inside the window) and a dictionary of values (every hex
    literal); a
    sysc module's SYSCONFIG/SYSSTATUS offsets are its QOM properties.

One seed gives one command sequence (values read back feed later writes,
so the sequence also depends on the model, which is deterministic under
qtest).  A failure is: QEMU dies (signal, abort, assertion, sanitizer
report, any exit we did not ask for) or a command gets no answer within
the hang timeout.  The whole trace is saved, then minimised (delta
debugging: drop chunks while the same failure reproduces) to a .qtest file
of commands that `replay` runs again.

Usage (see --help of each):
  n9fuzz.py map       --qemu QEMU              what would be fuzzed
  n9fuzz.py campaign  --qemu QEMU --seeds 0-9 --ops 20000 --out DIR
  n9fuzz.py replay    --qemu QEMU FILE...      PASS:/FAIL: per file
  n9fuzz.py minimise  --qemu QEMU TRACE -o OUT.qtest
"""
import argparse
import glob
import json
import os
import random
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', 'tools'))
from n9 import qemu as n9qemu  # noqa: E402

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HW_N9 = os.path.join(TOP, 'qemu-n9', 'hw', 'n9', 'devices')

SIZES = {1: 'b', 2: 'w', 4: 'l', 8: 'q'}
MASK = {1: 0xff, 2: 0xffff, 4: 0xffffffff, 8: 0xffffffffffffffff}
# A command that must answer at once; used to check QEMU is still alive
ALIVE = 'endianness'


class Failure(Exception):
    """QEMU crashed or hung.  kind: 'signal', 'exit', 'hang', 'sanitizer';
    index: the command (in the list given to the session) that got no
    answer, or None; detail: the key line of QEMU's error output."""

    def __init__(self, kind, detail, index=None, stderr=''):
        super().__init__('%s: %s' % (kind, detail))
        self.kind, self.detail, self.index, self.stderr = kind, detail, index, stderr
        self.command = None

    def signature(self):
        return '%s: %s' % (self.kind, self.detail)


def key_line(stderr):
    """The line of QEMU's error output that says what went wrong."""
    pats = [r'ERROR: AddressSanitizer: [\w-]+', r'runtime error: .*',
            r'Assertion .* failed', r'assertion failed.*', r'code should not be reached',
            r'ERROR:.*', r'Bail out!.*',
            # not a warning: WDT2's expiry, for one, prints one with its time
            r'qemu-system-arm: (?!warning: ).*']
    for pat in pats:
        m = re.search(pat, stderr)
        if m:
            line = m.group(0).strip()
            # Sanitizer lines carry addresses that differ between runs
            line = re.sub(r'0x[0-9a-f]{8,}', 'ADDR', line)
            if 'AddressSanitizer' in line:
                m2 = re.search(r'#\d+ 0x[0-9a-f]+ in (\S+) (\S+)', stderr[m.end():])
                if m2:
                    line += ' in %s %s' % (m2.group(1), m2.group(2).split('/')[-1])
            elif 'runtime error' in line:
                m2 = re.search(r'(\S+\.c:\d+:\d+): runtime error', stderr)
                if m2:
                    line = m2.group(1).split('/')[-1] + ': ' + line
            return line[:300]
    return ''


class Session:
    """One QEMU under qtest, with a QMP socket beside the qtest stream."""

    def __init__(self, qemu, timeout=10.0, extra=(), env=None):
        self.qemu, self.timeout, self.extra, self.env = qemu, timeout, list(extra), env
        self.proc = None
        self.buf = b''
        self.events = []

    def start(self):
        self.dir = tempfile.mkdtemp(prefix='n9fuzz-')
        sock = os.path.join(self.dir, 'qmp.sock')
        self.errpath = os.path.join(self.dir, 'stderr')
        self.errf = open(self.errpath, 'w+b')
        args = n9qemu.command(
            self.qemu, machine={}, icount=None, monitor=None, serial=None,
            extra=['-machine', 'accel=qtest', '-nodefaults', '-qtest', 'stdio',
                   '-qtest-log', 'none',
                   # a guest power-off (the TWL's DEVOFF) pauses instead
                   # of ending the run
                   '-no-shutdown',
                   '-qmp', 'unix:%s,server=on,wait=on' % sock] +
            [a.replace('{dir}', self.dir) for a in self.extra])
        env = dict(os.environ)
        env.setdefault('ASAN_OPTIONS', 'detect_leaks=0:abort_on_error=1:symbolize=1')
        env.setdefault('UBSAN_OPTIONS', 'halt_on_error=1:abort_on_error=1:print_stacktrace=1')
        if self.env:
            env.update(self.env)
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.errf, env=env)
        t0 = time.time()
        self.qmp_sock = socket.socket(socket.AF_UNIX)
        while True:
            try:
                self.qmp_sock.connect(sock)
                break
            except (FileNotFoundError, ConnectionRefusedError):
                if self.proc.poll() is not None:
                    raise self.died(None)
                if time.time() - t0 > 30:
                    raise Failure('hang', 'QEMU did not open its QMP socket', None)
                time.sleep(0.01)
        self.qmp_file = self.qmp_sock.makefile('rwb', buffering=0)
        self.qmp_buf = b''
        if self._qmp_line() is None:        # the greeting
            raise self.hung(None, 'QMP greeting')
        self.qmp('qmp_capabilities')
        return self

    def stderr_text(self):
        try:
            self.errf.flush()
            with open(self.errpath, 'rb') as f:
                return f.read().decode(errors='replace')
        except OSError:
            return ''

    def died(self, index):
        try:
            rc = self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            rc = None
        err = self.stderr_text()
        kl = key_line(err)
        if 'Sanitizer' in err or 'runtime error' in err:
            kind = 'sanitizer'
        elif rc is not None and rc < 0:
            kind = 'signal'
            kl = '%s %s' % (signal.Signals(-rc).name, kl)
        else:
            kind = 'exit'
            kl = 'status %s %s' % (rc, kl)
        return Failure(kind, kl.strip(), index, err)

    # A hang: QEMU spent more than @timeout seconds of CPU time on one
    # command (so a host busy with other work does not make one), or gave
    # no answer for WALL_FACTOR times that long (a deadlock uses no CPU).
    WALL_FACTOR = 6

    def cpu_seconds(self):
        try:
            with open('/proc/%d/stat' % self.proc.pid) as f:
                fields = f.read().rsplit(')', 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')
        except (OSError, IndexError, ValueError):
            return 0.0

    def waiting(self):
        self.wait_cpu0, self.wait_wall0 = self.cpu_seconds(), time.time()

    def too_long(self):
        return (self.cpu_seconds() - self.wait_cpu0 > self.timeout or
                time.time() - self.wait_wall0 > self.timeout * self.WALL_FACTOR)

    def hung(self, index, what):
        self.kill()
        # The signature names the command, not its arguments, so that
        # minimisation may change them
        f = Failure('hang', 'no answer to %s within %g s of CPU time'
                    % (what.split()[0], self.timeout), index, self.stderr_text())
        f.command = what
        return f

    def kill(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def close(self):
        """Quit QEMU; a crash or a hang on the way out is a failure too."""
        if self.proc is None:
            return
        try:
            if self.proc.poll() is not None:
                raise self.died(None)
            try:
                self.qmp_file.write(b'{"execute": "quit"}\n')
            except OSError:
                pass
            self.waiting()
            while True:
                try:
                    rc = self.proc.wait(timeout=0.5)
                    break
                except subprocess.TimeoutExpired:
                    if self.too_long():
                        raise self.hung(None, 'quit')
            if rc != 0:
                raise self.died(None)
            err = self.stderr_text()
            if 'Sanitizer' in err or 'runtime error' in err:
                raise Failure('sanitizer', key_line(err), None, err)
            stats = [m.group(1).replace('{dir}', self.dir) for a in self.extra
                     for m in [re.search(r'(?:^|,)stats=([^,]+)', a)] if m]
            for path in stats:
                # -M rm696,stats=FILE: written at exit, must be a JSON object
                try:
                    with open(path) as f:
                        if not isinstance(json.load(f), dict):
                            raise ValueError('not an object')
                except (OSError, ValueError) as e:
                    raise Failure('stats', 'the statistics file is not JSON: %s'
                                  % str(e)[:100], None, err)
        finally:
            self.kill()
            for f in ('qmp_file', 'qmp_sock', 'errf'):
                try:
                    getattr(self, f).close()
                except Exception:
                    pass
            shutil.rmtree(self.dir, ignore_errors=True)
            self.proc = None

    # -- QMP --------------------------------------------------------------------
    def _qmp_line(self):
        """The next QMP line; None after too long (see too_long())."""
        self.waiting()
        while b'\n' not in self.qmp_buf:
            r = select.select([self.qmp_sock], [], [], 0.5)[0]
            if not r:
                if self.too_long():
                    return None
                continue
            chunk = self.qmp_sock.recv(65536)
            if not chunk:
                return b''
            self.qmp_buf += chunk
        line, self.qmp_buf = self.qmp_buf.split(b'\n', 1)
        return line

    def qmp(self, cmd, index=None, **args):
        msg = {'execute': cmd}
        if args:
            msg['arguments'] = args
        try:
            self.qmp_file.write(json.dumps(msg).encode() + b'\n')
        except OSError:
            raise self.died(index)
        while True:
            line = self._qmp_line()
            if line is None:
                raise self.hung(index, cmd)
            if line == b'':
                raise self.died(index)
            j = json.loads(line)
            if 'event' in j:
                self.events.append(j['event'])
                continue
            if 'error' in j:
                raise RuntimeError('QMP %s: %s' % (cmd, j['error']))
            return j['return']

    def system_reset(self, index=None):
        self.events = [e for e in self.events if e != 'RESET']
        self.qmp('system_reset', index)
        while 'RESET' not in self.events:
            line = self._qmp_line()
            if line is None:
                raise self.hung(index, 'system_reset')
            if line == b'':
                raise self.died(index)
            j = json.loads(line)
            if 'event' in j:
                self.events.append(j['event'])

    # -- qtest ------------------------------------------------------------------
    def qtest(self, cmds, base=0):
        """Send @cmds (qtest lines) at once; return their answers.  @base:
        the index of cmds[0] in the caller's list, for Failure.index."""
        out = self.proc.stdout.fileno()
        try:
            self.proc.stdin.write(('\n'.join(cmds) + '\n').encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self.died(base)
        answers = []
        self.waiting()
        while True:
            if b'\n' in self.buf:
                lines = self.buf.split(b'\n')
                self.buf = lines.pop()
                got = [ln.decode(errors='replace') for ln in lines if not ln.startswith(b'IRQ ')]
                if got:
                    self.waiting()
                answers += got
            if len(answers) >= len(cmds):
                break
            r = select.select([out], [], [], 0.5)[0]
            if not r:
                if self.too_long():
                    raise self.hung(base + len(answers), cmds[len(answers)])
                continue
            chunk = os.read(out, 1 << 16)
            if not chunk:
                raise self.died(base + len(answers))
            self.buf += chunk
        return answers

    def run(self, cmds, batch=256, base=0):
        """Run a command list (qtest lines and `system_reset`); a Failure
        names the index (+ @base) of the command that got no answer."""
        i = 0
        while i < len(cmds):
            if cmds[i] == 'system_reset':
                self.system_reset(base + i)
                i += 1
                continue
            j = i
            while j < len(cmds) and j - i < batch and cmds[j] != 'system_reset':
                j += 1
            self.qtest(cmds[i:j], base + i)
            i = j
        self.qtest([ALIVE], base + len(cmds))


# ---------------------------------------------------------------------------
# What to fuzz: taken from the machine
# ---------------------------------------------------------------------------
MTREE_RE = re.compile(r'^(\s*)([0-9a-f]+)-([0-9a-f]+) \(prio (-?\d+), ([\w/-]+)\): (\S+)')
HEX_RE = re.compile(r'\b0[xX]([0-9a-fA-F]+)[uUlL]*\b')
BIT_RE = re.compile(r'(?:\bBIT\(|\(1[uUlL]*\s*<<\s*)(\d+)\)')
# A register field: FIELD(REG, NAME, shift, length) (hw/registerfields.h)
FIELD_RE = re.compile(r'\bFIELD\(\s*\w+\s*,\s*\w+\s*,\s*(\d+)\s*,\s*(\d+)\s*\)')
# A register's name and byte offset: REG32(NAME, 0x..) in a register header
# (hw/registerfields.h), or a block's own "#define R_NAME 0x.." (byte offset)
NAMED_RE = re.compile(r'^\s*REG32\(\s*([A-Z0-9_]+)\s*,\s*0[xX]([0-9a-fA-F]+)\s*\)'
                      r'|^#define\s+R_([A-Z0-9_]+)\s+0[xX]([0-9a-fA-F]+)', re.M)


def parse_mtree(text):
    """The I/O leaf regions of address-space: memory as (name, base, size)."""
    lines = text.split('address-space: memory', 1)[1].split('address-space:', 1)[0]
    nodes = []
    for line in lines.splitlines():
        m = MTREE_RE.match(line)
        if not m:
            continue
        nodes.append((len(m.group(1)), int(m.group(2), 16), int(m.group(3), 16),
                      m.group(5), m.group(6)))
    leaves = []
    for k, (ind, lo, hi, kind, name) in enumerate(nodes):
        is_leaf = k + 1 == len(nodes) or nodes[k + 1][0] <= ind
        if is_leaf and kind == 'i/o' and hi < (1 << 32):
            leaves.append((name, lo, hi - lo + 1))
    return leaves


def source_files(qom_type):
    """The hw/n9 sources and headers of a QOM type: omap3-gptimer ->
    omap3_gptimer*.c and omap3_gptimer*.h (omap3_gptimer_regs.h: its
    registers); a type name is shortened from the end until sources match
    (omap3-sysc-module -> omap3_sysc*.c)."""
    parts = qom_type.replace('-', '_').split('_')
    while parts:
        files = sorted(glob.glob(os.path.join(HW_N9, '_'.join(parts) + '*.c')))
        if files:
            return files + sorted(glob.glob(os.path.join(HW_N9, '_'.join(parts) + '*.h')))
        parts.pop()
    return []


def source_constants(files, size):
    offsets, values, named = set(), set(), {}
    for f in files:
        text = open(f).read()
        for m in HEX_RE.finditer(text):
            v = int(m.group(1), 16)
            values.add(v & 0xffffffffffffffff)
            if v < size:
                offsets.add(v)
        for m in BIT_RE.finditer(text):
            if int(m.group(1)) < 64:
                values.add(1 << int(m.group(1)))
        for m in FIELD_RE.finditer(text):
            shift, length = int(m.group(1)), int(m.group(2))
            if shift + length <= 64:
                values.add(1 << shift)          # its lowest bit
                values.add(((1 << length) - 1) << shift)    # all of it
        for m in NAMED_RE.finditer(text):
            name, v = m.group(1) or m.group(3), int(m.group(2) or m.group(4), 16)
            if v < size:
                named[name] = v
    return offsets, values, named


def discover(qemu, timeout=30):
    """Ask the machine for its blocks and pins; return a JSON-able map."""
    s = Session(qemu, timeout=timeout).start()
    try:
        mtree = s.qmp('human-monitor-command', **{'command-line': 'info mtree'})
        leaves = parse_mtree(mtree)
        types, regions, pins = {}, {}, []

        def walk(path):
            for p in s.qmp('qom-list', path=path):
                t, n = p['type'], p['name']
                if t == 'child<irq>':
                    m = re.match(r'(.*)\[(\d+)\]$', n)
                    if m:
                        pins.append([path, m.group(1), int(m.group(2))])
                elif t == 'child<memory-region>':
                    regions.setdefault(re.sub(r'\[\d+\]$', '', n), path)
                elif t.startswith('child<'):
                    sub = path.rstrip('/') + '/' + n
                    types[sub] = t[6:-1]
                    walk(sub)
        types['/machine'] = s.qmp('qom-get', path='/machine', property='type')
        walk('/machine')
        blocks = []
        for name, base, size in leaves:
            short = name[:-5] if name.endswith('-port') else name
            dev = None
            for cand in ('/machine/soc/' + short, regions.get(name), regions.get(short),
                         regions.get('omap3-' + short)):
                if cand and cand in types and types[cand] not in (
                        'container', 'unimplemented-device', 'n9-target-agent'):
                    dev = cand
                    break
            b = {'name': name, 'base': base, 'size': size, 'device': dev,
                 'type': types.get(dev) if dev else
                 ('hole' if name.endswith('-hole') else 'unimplemented')}
            win = min(size, 0x10000)
            files = source_files(b['type']) if dev else []
            b['sources'] = [os.path.relpath(f, TOP) for f in files]
            offs, vals, named = source_constants(files, win)
            sysc = {}
            if b['type'] == 'omap3-sysc-module':
                for prop in ('sysc', 'syss', 'rev'):
                    v = s.qmp('qom-get', path=dev, property=prop)
                    if v != 0xffffffff:
                        sysc[prop] = v
                        offs.add(v)
                sysc['softreset-bit'] = s.qmp('qom-get', path=dev, property='softreset-bit')
            elif dev:
                for reg, key in (('SYSCONFIG', 'sysc'), ('SYSSTATUS', 'syss'),
                                 ('TIOCP_CFG', 'sysc'), ('TISTAT', 'syss'),
                                 ('SYSC', 'sysc'), ('SYSS', 'syss'),
                                 ('WD_SYSCONFIG', 'sysc'), ('WD_SYSSTATUS', 'syss')):
                    for name in sorted(named):
                        if name == reg or name.endswith('_' + reg):
                            sysc.setdefault(key, named[name])
                sysc['softreset-bit'] = 1
            b['offsets'] = sorted(o for o in offs if o < size)
            b['values'] = sorted(vals)
            b['named'] = named
            b['sysc'] = sysc
            blocks.append(b)
        return {'blocks': blocks, 'pins': pins}
    finally:
        s.close()


# ---------------------------------------------------------------------------
# Device recipes: register sequences that start what a device does over time
# (timers, watchdogs, transfers, the PRCM's sleep and wake-up), addressed by
# the register names of the device's register header (TCLR ...), with the bit
# meanings of the TRM.  A recipe whose registers are missing does nothing.
# ---------------------------------------------------------------------------
def _w(g, b, reg, v, size=4):
    off = b['named'].get(reg)
    if off is None:
        return []
    return ['write%s 0x%x 0x%x' % (SIZES[size], b['base'] + off, v & MASK[size])]


def _r(g, b, reg, size=4):
    off = b['named'].get(reg)
    return [] if off is None else ['read%s 0x%x' % (SIZES[size], b['base'] + off)]


def _steps(g, n=None):
    return [g.clock_step() for _ in range(g.rng.randint(1, 3) if n is None else n)]


def _near_wrap(g):
    return 0xffffffff - g.rng.choice([0, 1, 2, 3, 15, 255, 0xffff, g.rng.getrandbits(32)])


def recipe_gptimer(g, b):
    rng = g.rng
    tldr = _near_wrap(g)
    c = _w(g, b, 'TCLR', 0)
    c += _w(g, b, 'TLDR', tldr) + _w(g, b, 'TCRR', rng.choice([tldr, _near_wrap(g)]))
    c += _w(g, b, 'TMAR', rng.choice([tldr, tldr + 1, _near_wrap(g), 0]))
    c += _w(g, b, 'TIER', rng.randrange(8)) + _w(g, b, 'TWER', rng.randrange(8))
    if rng.random() < 0.3:          # the 1 ms tick registers (GPT1, 2, 10)
        c += _w(g, b, 'TPIR', rng.getrandbits(32)) + _w(g, b, 'TNIR', rng.getrandbits(32))
        c += _w(g, b, 'TOWR', rng.getrandbits(24))
    # ST, AR, PTV, PRE, CE, and now and then the PWM/capture bits
    tclr = 1 | rng.getrandbits(6) << 1 | (rng.getrandbits(8) << 7 if rng.random() < 0.2 else 0)
    c += _w(g, b, 'TCLR', tclr)
    for _ in range(rng.randint(1, 4)):
        c += _steps(g, 1) + _r(g, b, 'TCRR') + _r(g, b, 'TISR')
        if rng.random() < 0.3:
            c += _w(g, b, 'TISR', 7)
        if rng.random() < 0.2:
            c += _w(g, b, 'TTGR', rng.getrandbits(32))
    return c


def recipe_wdt(g, b):
    rng = g.rng
    c = _w(g, b, 'WSPR', 0xaaaa) + _w(g, b, 'WSPR', 0x5555)
    c += _w(g, b, 'WCLR', rng.getrandbits(6)) + _w(g, b, 'WLDR', _near_wrap(g))
    c += _w(g, b, 'WCRR', _near_wrap(g)) + _w(g, b, 'WIER', rng.randrange(2))
    c += _w(g, b, 'WTGR', rng.getrandbits(32))
    if rng.random() < 0.8:
        c += _w(g, b, 'WSPR', 0xbbbb) + _w(g, b, 'WSPR', 0x4444)
    for _ in range(rng.randint(1, 4)):
        c += _steps(g, 1) + _r(g, b, 'WCRR') + _r(g, b, 'WISR')
        if rng.random() < 0.3:
            c += _w(g, b, 'WTGR', rng.getrandbits(32))
    return c


def recipe_i2c(g, b):
    rng = g.rng
    c = _w(g, b, 'CON', 0x8000) + _w(g, b, 'IE', rng.getrandbits(16))
    c += _w(g, b, 'BUF', rng.getrandbits(16)) + _w(g, b, 'SA', rng.getrandbits(10))
    c += _w(g, b, 'CNT', rng.choice([0, 1, 2, 8, 64, 65, 0xffff, rng.getrandbits(16)]))
    # EN, MST, TRX (transmit or receive), STT, STP; sometimes XA and more
    con = 0x8000 | 0x400 | rng.choice([0, 0x200]) | rng.choice([1, 3, 2, 0])
    if rng.random() < 0.2:
        con |= rng.getrandbits(16)
    c += _w(g, b, 'CON', con)
    for _ in range(rng.randint(0, 70)):
        if con & 0x200:
            c += _w(g, b, 'DATA', rng.getrandbits(8))
        else:
            c += _r(g, b, 'DATA')
    c += _r(g, b, 'STAT') + _r(g, b, 'BUFSTAT') + _w(g, b, 'STAT', rng.getrandbits(16))
    if rng.random() < 0.3:
        c += _w(g, b, 'CON', 0)
    return c + _steps(g, 1)


def recipe_uart(g, b):
    rng = g.rng
    c = _w(g, b, 'MDR1', 7) + _w(g, b, 'LCR', rng.choice([0x80, 0xbf]))
    c += _w(g, b, 'RHR_THR_DLL', rng.getrandbits(8)) + _w(g, b, 'IER_DLH', rng.getrandbits(8))
    c += _w(g, b, 'IIR_FCR_EFR', rng.getrandbits(8))
    c += _w(g, b, 'LCR', rng.getrandbits(7)) + _w(g, b, 'MDR1', rng.choice([0, 3, rng.randrange(8)]))
    c += _w(g, b, 'IIR_FCR_EFR', rng.getrandbits(8)) + _w(g, b, 'SCR', rng.getrandbits(8))
    c += _w(g, b, 'MCR_XON1', rng.choice([0x10, 0x13, rng.getrandbits(8)]))
    c += _w(g, b, 'IER_DLH', rng.getrandbits(8))
    for _ in range(rng.randint(0, 80)):
        c += _w(g, b, 'RHR_THR_DLL', rng.getrandbits(8))
    for _ in range(rng.randint(0, 80)):
        c += _r(g, b, 'RHR_THR_DLL')
        if rng.random() < 0.1:
            c += _steps(g, 1)
    c += _r(g, b, 'IIR_FCR_EFR') + _r(g, b, 'LSR_XON2') + _r(g, b, 'RXFIFO_LVL')
    return c + _steps(g, 1)


def recipe_hdq(g, b):
    rng = g.rng
    c = _w(g, b, 'TX_DATA', rng.getrandbits(8))
    # GO with INITIALIZATION (break), DIR (read), the interrupt mask, mode
    c += _w(g, b, 'CTRL_STATUS', 0x10 | rng.getrandbits(8))
    if rng.random() < 0.3:
        c += _w(g, b, 'CTRL_STATUS', 0x10 | rng.getrandbits(8))
    c += _steps(g) + _r(g, b, 'INT_STATUS') + _r(g, b, 'RX_DATA') + _r(g, b, 'CTRL_STATUS')
    return c


def recipe_hsmmc(g, b):
    rng = g.rng
    c = _w(g, b, 'SYSCTL', rng.choice([1, 5, rng.getrandbits(32)]))
    c += _w(g, b, 'HCTL', rng.choice([0xe00, 0xc00, 0xd00, rng.getrandbits(32)]))
    c += _w(g, b, 'CAPA', rng.getrandbits(32)) + _w(g, b, 'CON', rng.getrandbits(22))
    c += _w(g, b, 'IE', rng.getrandbits(32)) + _w(g, b, 'ISE', rng.getrandbits(32))
    c += _w(g, b, 'BLK', rng.getrandbits(32)) + _w(g, b, 'ARG', rng.getrandbits(32))
    c += _w(g, b, 'CMD', rng.getrandbits(32))
    for _ in range(rng.randint(0, 8)):
        c += rng.choice([_r(g, b, 'DATA'), _w(g, b, 'DATA', rng.getrandbits(32))])
    c += _r(g, b, 'STAT') + _r(g, b, 'PSTATE') + _w(g, b, 'STAT', rng.getrandbits(32))
    return c + _steps(g, 1)


def recipe_gpio(g, b):
    rng = g.rng
    c = []
    for reg in ('OE', 'LEVELDETECT0', 'LEVELDETECT1', 'RISINGDETECT',
                'FALLINGDETECT', 'IRQENABLE1', 'IRQENABLE2', 'WAKEUPENABLE',
                'DEBOUNCENABLE', 'DEBOUNCINGTIME', 'CTRL', 'SYSCONFIG'):
        if rng.random() < 0.5:
            c += _w(g, b, reg, rng.choice([0, 0xffffffff, rng.getrandbits(32)]))
    pins = g.pins_of.get(b['device'], [])
    for _ in range(rng.randint(1, 6)):
        if pins:
            c.append(g.pin(rng.choice(pins)))
        if rng.random() < 0.3:
            c += _steps(g, 1)
    c += _r(g, b, 'IRQSTATUS1') + _r(g, b, 'DATAIN')
    c += _w(g, b, rng.choice(['IRQSTATUS1', 'IRQSTATUS2']), rng.getrandbits(32))
    return c


def recipe_intc(g, b):
    rng = g.rng
    base, named = b['base'], b['named']
    c = []
    bank0, ilr0 = named.get('INTCPS_ITR0'), named.get('INTCPS_ILR0')
    if bank0 is not None:
        for _ in range(rng.randint(1, 4)):
            bank = bank0 + 0x20 * rng.randrange(3)
            c.append('writel 0x%x 0x%x' % (base + bank + rng.choice([0x08, 0x0c, 0x10, 0x14]),
                                          rng.getrandbits(32)))
    if ilr0 is not None:
        for _ in range(rng.randint(0, 4)):
            c.append('writel 0x%x 0x%x' % (base + ilr0 + 4 * rng.randrange(96),
                                          rng.getrandbits(8)))
    c += _w(g, b, 'INTCPS_THRESHOLD', rng.choice([0xff, rng.getrandbits(8)]))
    pins = g.pins_of.get(b['device'], [])
    for _ in range(rng.randint(0, 4)):
        if pins:
            c.append(g.pin(rng.choice(pins)))
    c += _r(g, b, 'INTCPS_SIR_IRQ') + _r(g, b, 'INTCPS_SIR_FIQ')
    c += _w(g, b, 'INTCPS_CONTROL', rng.randrange(4))
    return c


# PRCM module offsets and registers (Linux prm-regbits-34xx.h, cm-regbits-34xx.h)
PRCM_MODULES = [0x000, 0x900, 0xa00, 0xb00, 0xc00, 0xe00, 0xf00, 0x1000, 0x1100, 0x1300, 0x1400]


def recipe_prcm(g, b):
    """A sleep attempt: next power states, clock domains to hardware
    supervised, functional and interface clocks off, then STANDBYWFI; a
    wake-up event; the CPU leaves WFI."""
    rng = g.rng
    prm, cm = g.by_name.get('prm-port'), g.by_name.get('cm-port')
    dev = b['device']
    if not prm or not cm or not dev:
        return g.access(b)
    c = []
    # deep: every domain to RET or OFF with every clock off, so that CORE
    # can follow the MPU down (context loss, the SDRC's self-refresh)
    deep = rng.random() < 0.4
    mods = PRCM_MODULES if deep else rng.sample(PRCM_MODULES, rng.randint(1, len(PRCM_MODULES)))
    for m in mods:
        state = rng.choice([0, 1]) if deep else rng.choice([0, 1, 3, 0x30f07 & rng.getrandbits(32)])
        c.append('writel 0x%x 0x%x' % (prm['base'] + m + 0xe0, state))
        # CLKSTCTRL: hardware supervised (CORE: its L3, L4 and D2D domains;
        # IVA2 forced to sleep, as omap3_pm_init leaves them)
        auto = {0xa00: 0x3f, 0x000: 1}.get(m, 3)
        c.append('writel 0x%x 0x%x' % (cm['base'] + m + 0x48, auto if deep else rng.choice(
            [auto, auto, 0, 1, 2, rng.getrandbits(8)])))
        if deep:
            c.append('writel 0x%x 0x0' % (cm['base'] + m + 0x44))       # no sleep dependency
        if deep or rng.random() < 0.7:
            # FCLKEN(1..3), ICLKEN(1..3)
            for r in (0x00, 0x04, 0x08, 0x10, 0x14, 0x18) if deep else (0x00, 0x10):
                c.append('writel 0x%x 0x0' % (cm['base'] + m + r))
        if rng.random() < 0.3:
            c.append('writel 0x%x 0x%x' % (cm['base'] + m + 0x44, rng.getrandbits(8)))
        if rng.random() < 0.3:
            c.append('writel 0x%x 0x%x' % (prm['base'] + m + 0xa0, rng.getrandbits(32)))
            c.append('writel 0x%x 0x%x' % (prm['base'] + m + 0xa4, rng.getrandbits(32)))
    if rng.random() < 0.3:      # DPLL autoidle and modes, voltage set-up
        c.append('writel 0x%x 0x%x' % (cm['base'] + 0xd30, rng.getrandbits(32)))
        c.append('writel 0x%x 0x%x' % (cm['base'] + 0x934, rng.getrandbits(3)))
        c.append('writel 0x%x 0x%x' % (cm['base'] + 0xd00, rng.getrandbits(32)))
    c.append('writel 0x%x 0x%x' % (prm['base'] + 0x81c, rng.getrandbits(32)))
    intc = g.by_name.get('intc-port')
    if deep and intc and 'INTCPS_ITR0' in intc['named']:
        # every interrupt masked, so that a pending one does not keep the MPU up
        for bank in range(3):
            c.append('writel 0x%x 0xffffffff' % (intc['base'] + intc['named']['INTCPS_ITR0'] +
                                                 0x20 * bank + 0x0c))
        for p in g.pins_of.get(dev, []):
            if p[1] == 'mpu-irq':
                c.append(g.pin(p, 0))
    c.append('set_irq_in %s standbywfi 0 0' % dev)
    c.append('set_irq_in %s standbywfi 0 1' % dev)
    c += _steps(g)
    wake = [p for p in g.pins_of.get(dev, []) if p[1] != 'standbywfi'] + \
        g.pins_of.get('/machine/soc/intc', [])
    for _ in range(rng.randint(0, 3)):
        if wake:
            c.append(g.pin(rng.choice(wake)))
        c += _steps(g, 1)
    c.append('set_irq_in %s standbywfi 0 0' % dev)
    c += _steps(g, 1)
    for m in rng.sample(PRCM_MODULES, 3):
        c.append('readl 0x%x' % (prm['base'] + m + 0xe8))
        c.append('readl 0x%x' % (prm['base'] + m + 0xe4))
    return c


RECIPES = {
    'omap3-gptimer': recipe_gptimer,
    'omap3-wdt': recipe_wdt,
    'omap3-i2c': recipe_i2c,
    'omap3-uart': recipe_uart,
    'omap3-hdq': recipe_hdq,
    'omap3-hsmmc': recipe_hsmmc,
    'omap3-gpio': recipe_gpio,
    'omap3-intc': recipe_intc,
    'omap3-prcm': recipe_prcm,
}


# ---------------------------------------------------------------------------
# The command generator
# ---------------------------------------------------------------------------
class Generator:
    """One seed's command sequence.  Reads fill a read-back table that later
    writes draw from (bits flipped, set, cleared)."""

    def __init__(self, seed, fmap):
        self.rng = random.Random(seed)
        self.blocks = fmap['blocks']
        self.pins = fmap['pins']
        self.weights = [self.block_weight(b) for b in self.blocks]
        self.by_name = {b['name']: b for b in self.blocks}
        self.pins_of = {}
        for p in self.pins:
            self.pins_of.setdefault(p[0], []).append(p)
        self.readback = {}
        self.levels = {}
        self.cur = None
        self.pending = []
        # A quarter of the seeds also write the statistics file at exit
        self.machine = ['machine stats={dir}/stats.json'] if self.rng.random() < 0.25 else []

    @staticmethod
    def block_weight(b):
        if b['type'] == 'hole':
            return 0.5
        if b['type'] == 'unimplemented':
            return 0.5
        if b['type'] == 'omap3-sysc-module':
            return 1.5
        return 8.0 if b['sources'] else 2.0

    def pick_block(self):
        if self.cur is None or self.rng.random() < 0.04:
            self.cur = self.rng.choices(self.blocks, self.weights)[0]
        return self.cur

    def pick_offset(self, b, size):
        rng = self.rng
        r = rng.random()
        offs = b['offsets']
        if offs and r < 0.6:
            off = rng.choice(offs)
        elif offs and r < 0.7:
            # the next elements of a register array (banks, chip selects, ILRn)
            off = rng.choice(offs) + rng.choice((4, 8, 0x10, 0x20, 0x30, 0x100)) * rng.randint(1, 8)
        elif offs and r < 0.85:
            # anywhere up to the last register the source names
            off = rng.randrange(0, max(offs[-1] + 0x40, 0x40), 4)
        elif r < 0.95:
            off = rng.randrange(0, min(b['size'], 0x1000), 4)
        else:
            off = rng.randrange(0, b['size'])
        off %= b['size']
        if self.rng.random() < 0.9:
            off &= ~(size - 1)
        return off

    def value(self, b, addr, size):
        rng = self.rng
        r = rng.random()
        if r < 0.25 and addr in self.readback:
            v = self.readback[addr]
            how = rng.random()
            if how < 0.5:
                for _ in range(rng.randint(1, 3)):
                    v ^= 1 << rng.randrange(size * 8)
            elif how < 0.75:
                v |= 1 << rng.randrange(size * 8)
            else:
                v &= ~(1 << rng.randrange(size * 8))
        elif r < 0.45 and b['values']:
            v = rng.choice(b['values'])
            if rng.random() < 0.2:
                v = ~v
        elif r < 0.55:
            v = 0
        elif r < 0.62:
            v = MASK[size]
        elif r < 0.75:
            v = 1 << rng.randrange(size * 8)
        elif r < 0.85:
            v = rng.randrange(16)
        else:
            v = rng.getrandbits(size * 8)
        return v & MASK[size]

    def access(self, b):
        rng = self.rng
        if rng.random() < 0.03:
            # a block of 1-16 bytes at any alignment: the memory core splits
            # it into the accesses the region accepts
            n = rng.randint(1, 16)
            addr = b['base'] + rng.randrange(0, max(min(b['size'], 0x1000) - n, 1))
            if rng.random() < 0.5:
                return ['read 0x%x %d' % (addr, n)]
            return ['write 0x%x %d 0x%s' % (addr, n, ''.join('%02x' % rng.getrandbits(8)
                                                             for _ in range(n)))]
        size = rng.choices((4, 1, 2, 8), (60, 14, 12, 14))[0]
        off = self.pick_offset(b, size)
        addr = b['base'] + off
        if rng.random() < 0.4:
            return ['read%s 0x%x' % (SIZES[size], addr)]
        return ['write%s 0x%x 0x%x' % (SIZES[size], addr, self.value(b, addr, size))]

    def clock_step(self):
        rng = self.rng
        r = rng.random()
        if r < 0.1:
            return 'clock_step'                 # to the next deadline
        if r < 0.6:
            ns = rng.randint(1, 10000)
        elif r < 0.85:
            ns = rng.randint(10000, 10000000)
        elif r < 0.97:
            ns = rng.randint(10000000, 2000000000)
        else:
            ns = rng.randint(2000000000, 100000000000)
        return 'clock_step %d' % ns

    def softreset(self, b):
        """SYSCONFIG SOFTRESET, then poll SYSSTATUS (as _ocp_softreset)."""
        sc = b['sysc']
        if 'sysc' not in sc:
            return self.access(b)
        bit = sc.get('softreset-bit', 1)
        v = (1 << bit) | (self.rng.getrandbits(12) & ~(3 << bit) if self.rng.random() < 0.5 else 0)
        cmds = ['writel 0x%x 0x%x' % (b['base'] + sc['sysc'], v & 0xffffffff)]
        for _ in range(self.rng.randint(0, 4)):
            if 'syss' in sc:
                cmds.append('readl 0x%x' % (b['base'] + sc['syss']))
            cmds.append('clock_step %d' % self.rng.randint(1, 100000))
        return cmds

    def program(self, b):
        """Several of the block's named registers with values from its
        source (starts timers, transfers, counters), then time."""
        named = list(b['named'].values())
        if not named:
            return self.access(b)
        cmds = []
        for _ in range(self.rng.randint(2, 8)):
            addr = b['base'] + self.rng.choice(named)
            cmds.append('writel 0x%x 0x%x' % (addr, self.value(b, addr, 4)))
        cmds.append(self.clock_step())
        return cmds

    def pin(self, pin=None, level=None):
        path, name, n = pin or self.rng.choice(self.pins)
        key = (path, name, n)
        if level is None:
            level = self.levels.get(key, 0)
            level = 1 - level if self.rng.random() < 0.9 else level
        self.levels[key] = level
        return 'set_irq_in %s %s %d %d' % (path, name, n, level)

    def next_ops(self):
        rng = self.rng
        r = rng.random()
        if r < 0.0005:
            self.levels.clear()
            return ['system_reset']
        if r < 0.10:
            return [self.clock_step()]
        if r < 0.16 and self.pins:
            return [self.pin()]
        b = self.pick_block()
        if r < 0.18:
            return self.softreset(b)
        if r < 0.22:
            return self.program(b)
        if r < 0.26 and b['type'] in RECIPES:
            return RECIPES[b['type']](self, b)
        if r < 0.27:
            # a recipe of any device, so that every one runs now and then
            t = self.rng.choice(sorted(RECIPES))
            cands = [x for x in self.blocks if x['type'] == t]
            if cands:
                return RECIPES[t](self, self.rng.choice(cands))
        return self.access(b)

    def batch(self, n):
        """About @n commands, `system_reset` only at the end of a batch."""
        out = self.pending
        self.pending = []
        while len(out) < n:
            ops = self.next_ops()
            if ops == ['system_reset']:
                if out:
                    self.pending = ops
                    break
                return ops
            out += ops
        return out

    def feed(self, cmds, answers):
        for c, a in zip(cmds, answers):
            if c[4] in 'bwlq' and c.startswith('read') and a.startswith('OK '):
                try:
                    self.readback[int(c.split()[1], 16)] = int(a.split()[1], 16)
                except ValueError:
                    pass


# ---------------------------------------------------------------------------
# Campaign, replay, minimisation
# ---------------------------------------------------------------------------
def machine_args(cmds):
    """Split leading `machine OPTS` lines (-machine OPTS; {dir}: the
    session's folder) off a command list."""
    extra = []
    while cmds and cmds[0].startswith('machine '):
        extra += ['-machine', cmds[0].split(None, 1)[1]]
        cmds = cmds[1:]
    return extra, cmds


class Coverage:
    """Which blocks a trace touched: each read/write goes to the smallest
    block of the map that holds its address (a device before the hole
    around it); set_irq_in to its pin."""

    def __init__(self, fmap):
        import bisect
        self.bisect = bisect.bisect_right
        self.blocks, self.pins = fmap['blocks'], fmap['pins']
        self.key = ['%s@0x%x' % (b['name'], b['base']) for b in self.blocks]
        edges = sorted({b['base'] for b in self.blocks} |
                       {b['base'] + b['size'] for b in self.blocks})
        self.edges, self.owner = edges, []
        for lo in edges:
            inside = [i for i, b in enumerate(self.blocks)
                      if b['base'] <= lo < b['base'] + b['size']]
            self.owner.append(min(inside, key=lambda i: self.blocks[i]['size'])
                              if inside else None)
        self.reads = [0] * len(self.blocks)
        self.writes = [0] * len(self.blocks)
        self.pins_hit = set()

    def add(self, trace):
        for c in trace:
            if c.startswith(('read', 'write')):
                w = c.split(None, 2)
                try:
                    k = self.bisect(self.edges, int(w[1], 16)) - 1
                except (IndexError, ValueError):
                    continue
                i = self.owner[k] if k >= 0 else None
                if i is not None:
                    (self.writes if c[0] == 'w' else self.reads)[i] += 1
            elif c.startswith('set_irq_in '):
                self.pins_hit.add(tuple(c.split()[1:4]))

    def hit(self):
        return [i for i in range(len(self.blocks)) if self.reads[i] or self.writes[i]]

    def missed(self):
        return [self.key[i] for i in range(len(self.blocks))
                if not (self.reads[i] or self.writes[i])]

    def summary(self):
        return '%d of %d blocks read or written (%d of %d with register offsets from ' \
               'their source), %d of %d pins' % (
                   len(self.hit()), len(self.blocks),
                   sum(1 for i in self.hit() if self.blocks[i]['sources']),
                   sum(1 for b in self.blocks if b['sources']),
                   len(self.pins_hit), len(self.pins))

    def json(self):
        return {self.key[i]: {'type': self.blocks[i]['type'], 'reads': self.reads[i],
                              'writes': self.writes[i]} for i in range(len(self.blocks))}


def run_seed(qemu, fmap, seed, ops, timeout, batch=256):
    """Run one seed for @ops commands.  Returns (trace, failure or None)."""
    gen = Generator(seed, fmap)
    trace = list(gen.machine)
    extra, _ = machine_args(trace)
    s = Session(qemu, timeout=timeout, extra=extra)
    try:
        s.start()
        while len(trace) < ops:
            cmds = gen.batch(batch)
            if cmds == ['system_reset']:
                trace.append('system_reset')
                s.system_reset(len(trace) - 1)
                continue
            base = len(trace)
            trace += cmds
            gen.feed(cmds, s.qtest(cmds, base))
        s.qtest([ALIVE], len(trace))
        s.close()
        return trace, None
    except Failure as f:
        s.kill()
        return trace, f
    finally:
        s.kill()


def replay(qemu, cmds, timeout):
    """Run @cmds in a new QEMU; the Failure, or None."""
    extra, rest = machine_args(cmds)
    s = Session(qemu, timeout=timeout, extra=extra)
    try:
        s.start()
        s.run(rest, base=len(cmds) - len(rest))
        s.close()
        return None
    except Failure as f:
        return f
    finally:
        s.kill()


def read_qtest(path):
    cmds = []
    for line in open(path):
        line = line.strip()
        if line and not line.startswith('#'):
            cmds.append(line)
    return cmds


def same_failure(f, sig):
    return f is not None and f.signature() == sig


def minimise(qemu, cmds, failure, timeout, log=print, budget=900):
    """Delta debugging: the smallest list of commands (1-minimal when the
    budget allows) that fails with @failure's signature."""
    sig = failure.signature()
    t_end = time.time() + budget
    trials = [0]

    def fails(c):
        trials[0] += 1
        return same_failure(replay(qemu, c, timeout), sig)

    if failure.index is not None and failure.index < len(cmds):
        cut = cmds[:failure.index + 1]
        if fails(cut):
            cmds = cut
    if not fails(cmds):
        log('minimise: the failure does not reproduce from the trace alone')
        return None
    n = 2
    while len(cmds) >= 2 and time.time() < t_end:
        chunk = (len(cmds) + n - 1) // n
        reduced = False
        for start in range(0, len(cmds), chunk):
            cand = cmds[:start] + cmds[start + chunk:]
            if cand and fails(cand):
                cmds = cand
                n = max(n - 1, 2)
                reduced = True
                log('minimise: %d commands (%d trials)' % (len(cmds), trials[0]))
                break
            if time.time() >= t_end:
                break
        if not reduced:
            if chunk == 1:
                break
            n = min(len(cmds), n * 2)
    # Simplify what is left: smaller clock steps, values 0 where that still fails
    for i, c in enumerate(list(cmds)):
        if time.time() >= t_end:
            break
        w = c.split()
        if w[0] == 'clock_step' and len(w) == 2:
            for ns in ('1', str(int(w[1]) // 1000)):
                if int(ns) >= 1 and int(ns) < int(w[1]):
                    cand = cmds[:i] + ['clock_step ' + ns] + cmds[i + 1:]
                    if fails(cand):
                        cmds = cand
                        break
    log('minimise: done, %d commands after %d trials' % (len(cmds), trials[0]))
    return cmds


def write_reproducer(path, cmds, failure, what, seed=None):
    with open(path, 'w') as f:
        f.write('# n9fuzz reproducer (tests/fuzz/n9fuzz.py replay %s)\n' % os.path.basename(path))
        f.write('# found: %s%s\n' % (failure.signature(),
                                     '' if seed is None else ' (seed %s)' % seed))
        for line in what.splitlines():
            f.write('# %s\n' % line)
        for c in cmds:
            f.write(c + '\n')


def parse_seeds(text):
    if '-' in text:
        a, b = text.split('-', 1)
        return list(range(int(a), int(b) + 1))
    return [int(x) for x in text.split(',')]


def cmd_map(args):
    fmap = discover(args.qemu)
    if args.json:
        json.dump(fmap, sys.stdout, indent=1)
        return 0
    by_type = {}
    for b in fmap['blocks']:
        by_type.setdefault(b['type'], []).append(b)
    for t, bs in sorted(by_type.items()):
        print('%-22s %3d blocks  %s' % (t, len(bs), ', '.join(
            '%s(%d)' % (b['name'].replace('-port', ''), len(b['offsets'])) for b in bs)[:200]))
    pin_groups = {}
    for path, name, n in fmap['pins']:
        pin_groups.setdefault((path, name), 0)
        pin_groups[(path, name)] += 1
    print('%d blocks, %d pins in %d groups' % (len(fmap['blocks']), len(fmap['pins']),
                                              len(pin_groups)))
    return 0


def cmd_campaign(args):
    out = args.out
    os.makedirs(out, exist_ok=True)
    if not args.no_copy:
        # A rebuild of the shared binary must not change QEMU under a campaign
        copy = os.path.join(out, 'qemu-system-arm')
        shutil.copy2(os.path.realpath(args.qemu), copy)
        args.qemu = copy
    fmap = discover(args.qemu)
    with open(os.path.join(out, 'map.json'), 'w') as f:
        json.dump(fmap, f, indent=1)
    tag = '[n9fuzz%s]' % (' ' + args.label if args.label else '')
    print('%s %d blocks, %d pins; seeds %s, %d commands per seed' % (
        tag, len(fmap['blocks']), len(fmap['pins']),
        args.seeds or '%d, %d, ...' % (args.seed_base, args.seed_base + args.seed_step),
        args.ops), flush=True)
    seeds = parse_seeds(args.seeds) if args.seeds else None
    t0 = time.time()
    t_end = t0 + args.time if args.time else None
    t_progress = t0
    total_ops, n_runs, found, failures = 0, 0, {}, []
    cov = Coverage(fmap)
    summary = open(os.path.join(out, 'summary.txt'), 'a')
    k = 0
    seed = None
    while True:
        if seeds is not None and k >= len(seeds):
            break
        if t_end and time.time() >= t_end:
            break
        seed = seeds[k] if seeds is not None else args.seed_base + k * args.seed_step
        k += 1
        trace, failure = run_seed(args.qemu, fmap, seed, args.ops, args.timeout)
        total_ops += len(trace)
        n_runs += 1
        cov.add(trace)
        now = time.time()
        if failure is None:
            if (args.verbose or (args.progress and n_runs % args.progress == 0) or
                    (args.progress_seconds and now - t_progress >= args.progress_seconds)):
                t_progress = now
                print('%s %s %d runs (last seed %d), %d commands, %.0f commands/s, '
                      '%d distinct failures' % (tag, time.strftime('%H:%M:%S'), n_runs, seed,
                                                total_ops, total_ops / (now - t0), len(found)),
                      flush=True)
            continue
        sig = failure.signature()
        print('%s seed %d FAILED after %d commands: %s' % (tag, seed, len(trace), sig),
              flush=True)
        summary.write('seed %d: %s\n' % (seed, sig))
        summary.flush()
        tpath = os.path.join(out, 'seed-%d.trace' % seed)
        with open(tpath, 'w') as f:
            f.write('# %s\n' % sig)
            if failure.command:
                f.write('# the command: %s\n' % failure.command)
            f.write('\n'.join(trace) + '\n')
        with open(os.path.join(out, 'seed-%d.stderr' % seed), 'w') as f:
            f.write(failure.stderr)
        rec = {'seed': seed, 'signature': sig, 'trace': tpath}
        failures.append(rec)
        if sig in found and not args.minimise_all:
            continue
        found[sig] = seed
        if args.no_minimise:
            continue
        small = minimise(args.qemu, trace, failure, args.timeout,
                         log=lambda m: print('%s   %s' % (tag, m), flush=True),
                         budget=args.minimise_budget)
        if small is not None:
            rpath = os.path.join(out, 'seed-%d.qtest' % seed)
            write_reproducer(rpath, small, failure, 'campaign %s' % out, seed)
            rec['reproducer'] = rpath
            print('%s   reproducer: %s (%d commands)' % (tag, rpath, len(small)), flush=True)
    el = time.time() - t0
    line = ('%d runs, %d commands in %.1f s (%.0f commands/s), %d distinct failures' %
            (n_runs, total_ops, el, total_ops / el if el else 0, len(found)))
    print('%s %s' % (tag, line), flush=True)
    print('%s %s' % (tag, cov.summary()), flush=True)
    summary.write(line + '\n' + cov.summary() + '\n')
    summary.close()
    with open(os.path.join(out, 'results.json'), 'w') as f:
        json.dump({'runs': n_runs, 'commands': total_ops, 'seconds': el,
                   'first_seed': seeds[0] if seeds else args.seed_base,
                   'last_seed': seed if n_runs else None, 'ops_per_seed': args.ops,
                   'blocks': len(fmap['blocks']), 'pins': len(fmap['pins']),
                   'blocks_hit': len(cov.hit()), 'blocks_missed': cov.missed(),
                   'pins_hit': len(cov.pins_hit), 'coverage': cov.summary(),
                   'failures': failures}, f, indent=1)
    with open(os.path.join(out, 'coverage.json'), 'w') as f:
        json.dump(cov.json(), f, indent=1)
    return 1 if found else 0


def cmd_replay(args):
    bad = 0
    for path in args.files:
        cmds = read_qtest(path)
        t0 = time.time()
        f = replay(args.qemu, cmds, args.timeout)
        name = os.path.basename(path)
        if f is None:
            print('PASS: fuzz regression %s (%d commands, %.1f s)' % (name, len(cmds),
                                                                      time.time() - t0))
        else:
            bad += 1
            print('FAIL: fuzz regression %s: %s' % (name, f.signature()))
            if args.verbose:
                print(f.stderr[-3000:])
    return 1 if bad else 0


def cmd_minimise(args):
    cmds = read_qtest(args.trace)
    f = replay(args.qemu, cmds, args.timeout)
    if f is None:
        print('the trace does not fail')
        return 1
    print('failure: %s' % f.signature())
    small = minimise(args.qemu, cmds, f, args.timeout, budget=args.minimise_budget)
    if small is None:
        return 1
    write_reproducer(args.output, small, f, args.what or '')
    print('%s: %d commands' % (args.output, len(small)))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--qemu', default=os.path.expanduser('~/.cache/qemu-n9/out/bin/qemu-system-arm'))
    ap.add_argument('--timeout', type=float, default=10.0,
                    help='seconds without an answer that count as a hang (10)')
    sub = ap.add_subparsers(dest='cmd', required=True)
    p = sub.add_parser('map', help='print what would be fuzzed')
    p.add_argument('--json', action='store_true')
    p = sub.add_parser('campaign', help='run seeds, save and minimise failures')
    p.add_argument('--seeds', help='A-B or A,B,C (default: from --seed-base on, until --time)')
    p.add_argument('--seed-base', type=int, default=0)
    p.add_argument('--seed-step', type=int, default=1,
                   help='seeds seed-base, +step, ... (parallel jobs interleave)')
    p.add_argument('--label', help='a tag for the progress lines (a job name)')
    p.add_argument('--progress-seconds', type=float, default=0,
                   help='a progress line at most every S seconds')
    p.add_argument('--time', type=float, help='stop starting new seeds after this many s')
    p.add_argument('--ops', type=int, default=20000, help='commands per seed (20000)')
    p.add_argument('--out', required=True, help='results folder')
    p.add_argument('--progress', type=int, default=0, help='a progress line every N runs')
    p.add_argument('--verbose', action='store_true')
    p.add_argument('--no-copy', action='store_true',
                   help='run --qemu itself, not a copy in the results folder')
    p.add_argument('--no-minimise', action='store_true')
    p.add_argument('--minimise-all', action='store_true',
                   help='minimise every failure, not only the first of each kind')
    p.add_argument('--minimise-budget', type=float, default=900)
    p = sub.add_parser('replay', help='run .qtest files; PASS:/FAIL: per file')
    p.add_argument('files', nargs='+')
    p.add_argument('--verbose', action='store_true')
    p = sub.add_parser('minimise', help='minimise a failing trace to a reproducer')
    p.add_argument('trace')
    p.add_argument('-o', '--output', required=True)
    p.add_argument('--what', help='a comment: what it found')
    p.add_argument('--minimise-budget', type=float, default=900)
    args = ap.parse_args()
    return {'map': cmd_map, 'campaign': cmd_campaign, 'replay': cmd_replay,
            'minimise': cmd_minimise}[args.cmd](args)


if __name__ == '__main__':
    sys.exit(main())
