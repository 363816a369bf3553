#!/usr/bin/env python3
"""Only the vCPU's own accesses cost modelled time.

A register read through an interconnect agent by the monitor (`xp`, `x`),
the gdbstub or QMP is not the guest's: it is neither charged nor counted
as a guest access (the agents count it apart, as debug-reads and
debug-writes) and draws nothing from the latency generators.  Under
-icount shift=0,sleep=off, with the bare-metal mmiolat-bare.elf as the
guest:

  - paused before it starts (-S): 2,000 `xp` reads of the 32 kHz counter
    and of PRM registers (power-state ones among them), 100 `x` reads
    (virtual addresses, the CPU's translation), 500 gdbstub `m` reads and
    one gdbstub `M` write: the 32 kHz counter reads the same before and
    after, the agents' reads/writes/read-ns/write-ns and the PRCM's
    power-state access counters do not move, the debug counters count
    exactly these accesses, and the virtual clock at exit (stats=FILE) is
    still 0;
  - while it runs: stopped at host-chosen instants over QMP, 200 `xp`
    reads each time (the 32 kHz counter reads the same across them), then
    continued: the guest's figures, its agents' counters and the virtual
    time at the end are bit-identical to an unbroken run's.  (Before the
    change 2,000 `xp` reads on a paused machine moved the counter by 42
    ticks, and a looked-at run drew other costs than an unbroken one.)
  - the memory path (memory-model on by default with icount): monitor and
    gdbstub reads and writes of SDRAM reach none of its hooks; its
    counters over QMP (qom-get /machine/memory-path) of a machine stopped
    mid-run equal the stats file's "memory" section written at quit.

Prints one "PASS: ..." or "FAIL: ..." line per check.  About 20 s.
Usage: test_nonvcpu.py QEMU ELF LOGDIR
"""
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
from n9qmp import QMP, connect_unix  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', 'tools'))
from n9 import qemu as n9qemu  # noqa: E402
import n9check  # noqa: E402
from n9check import check  # noqa: E402


SYNC32K = 0x48320010            # 32 kHz sync counter (WKUP L4, synctimer)
PRM_REVISION = 0x48306804       # WKUP L4, prm
PM_PWSTST_CORE = 0x48306ae4     # a power-state register: PRCM pwrst-reads
PM_PREPWSTST_MPU = 0x483069e8
SCM_SCRATCH = 0x48002910        # CORE L4, scm: the scratchpad (gdb M write)
SDRAM = 0x80000000              # the program's code (link.ld)
SDRAM_SCRATCH = 0x80f00000      # SDRAM the program does not use
# the memory path's counters (n9_memory.c, models/cache a8cache_counter_names)
MEM_QOM = ('loads', 'stores', 'fetches', 'uncached', 'stall-ns',
           'l1i-hits', 'l1i-misses', 'mem-ns')


class GDB:
    """The few gdb-remote packets needed: m (read) and M (write) memory."""

    def __init__(self, path, timeout=30):
        self.s = connect_unix(path, timeout)
        self.buf = b''

    def packet(self, body):
        data = body.encode()
        self.s.sendall(b'$%s#%02x' % (data, sum(data) & 0xff))
        while True:
            while b'#' not in self.buf or len(self.buf) < self.buf.index(b'#') + 3:
                chunk = self.s.recv(4096)
                if not chunk:
                    raise EOFError('gdbstub closed the connection')
                self.buf += chunk
            self.buf = self.buf.lstrip(b'+')
            if not self.buf.startswith(b'$'):
                self.buf = self.buf[1:]
                continue
            end = self.buf.index(b'#')
            reply, self.buf = self.buf[1:end].decode(), self.buf[end + 3:]
            self.s.sendall(b'+')
            return reply

    def read32(self, addr):
        r = self.packet('m%x,4' % addr)
        return int.from_bytes(bytes.fromhex(r), 'little')

    def write32(self, addr, value):
        return self.packet('M%x,4:%s' % (addr, value.to_bytes(4, 'little').hex()))


AGENTS = ('l4-wkup', 'l4-core', 'l4-per', 'l4-emu', 'l3')
GUEST = ('reads', 'writes', 'read-ns', 'write-ns')


def counters(q):
    """Every agent's guest and debug counters, the PRCM's power-state ones"""
    d = {}
    for a in AGENTS:
        for c in GUEST + ('debug-reads', 'debug-writes', 'errors'):
            d[a, c] = q.qom('/machine/soc/' + a, c)
    for c in ('pwrst-reads', 'pwrst-writes'):
        d['prcm', c] = q.qom('/machine/soc/prcm', c)
    return d


def mem_counters(q):
    """The memory path's glue counters and a few of the cache model's, over
    QMP (qom-get /machine/memory-path)"""
    return {c: q.qom('/machine/memory-path', c) for c in MEM_QOM}


def start(qemu, elf, logdir, name, extra=()):
    qmp = os.path.join(logdir, name + '.qmp')
    stats = os.path.join(logdir, name + '.json')
    out = os.path.join(logdir, name + '.out')
    for f in (qmp, stats):
        if os.path.exists(f):
            os.unlink(f)
    argv = n9qemu.bare(qemu, elf, machine={'stats': stats}, extra=[
        '-S', '-qmp', 'unix:%s,server=on,wait=off' % qmp, *extra])
    p = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                         stdout=open(out, 'w'), stderr=subprocess.STDOUT)
    return p, QMP(qmp), stats, out


def paused(qemu, elf, logdir):
    gsock = os.path.join(logdir, 'gdb.sock')
    if os.path.exists(gsock):
        os.unlink(gsock)
    p, q, stats, out = start(qemu, elf, logdir, 'paused', [
        '-chardev', 'socket,id=gdb0,path=%s,server=on,wait=off' % gsock,
        '-gdb', 'chardev:gdb0'])
    c0 = counters(q)
    regs = (SYNC32K, PRM_REVISION, PM_PWSTST_CORE, PM_PREPWSTST_MPU)
    n_sync = 0
    k0 = q.xp(SYNC32K)
    for i in range(2000 - 2):
        q.xp(regs[i % len(regs)])
        n_sync += regs[i % len(regs)] == SYNC32K
    k1 = q.xp(SYNC32K)
    n_sync += 2
    check('paused machine: 2,000 xp reads of the 32 kHz counter and PRM '
          'registers: the counter reads the same before and after (%d, %d)'
          % (k0, k1), k0 == k1)
    bad_x = []
    for i in range(100):
        r = q.hmp('x /1wx 0x%x' % regs[i % len(regs)])
        n_sync += regs[i % len(regs)] == SYNC32K
        if 'Cannot' in r or ':' not in r:
            bad_x.append(r)
    check('paused machine: 100 x reads (virtual addresses, MMU off) work',
          not bad_x, bad_x[:3])
    g = GDB(gsock)
    g0 = g.read32(SYNC32K)
    for i in range(500 - 2):
        g.read32(regs[i % len(regs)])
        n_sync += regs[i % len(regs)] == SYNC32K
    g1 = g.read32(SYNC32K)
    n_sync += 2
    w = g.write32(SCM_SCRATCH, 0x5eed1234)
    back = q.xp(SCM_SCRATCH)
    check('gdbstub: 500 m reads: the 32 kHz counter reads the same (%d, %d); '
          'an M write reaches the register (%s, reads back 0x%08x)'
          % (g0, g1, w, back), g0 == g1 == k0 and w == 'OK'
          and back == 0x5eed1234)
    # SDRAM (the program's own code and data) through the monitor and the
    # gdbstub: never the memory model's business
    for i in range(200):
        q.xp(SDRAM + 4 * i)
        g.read32(SDRAM + 4 * i)
    g.write32(SDRAM_SCRATCH, 0x5eed1234)
    mem = mem_counters(q)
    check('paused machine: 200 xp and 200 gdbstub reads of SDRAM and a '
          'gdbstub write: the memory path (memory-model on by default with '
          'icount) counted no load, store or fetch and charged nothing (%s)'
          % mem, mem and not any(mem.values()))
    c1 = counters(q)
    moved = {k: (c0[k], c1[k]) for k in c0 if c0[k] != c1[k]}
    expect = {('l4-wkup', 'debug-reads'): (0, 2000 + 100 + 500),
              ('l4-core', 'debug-reads'): (0, 1),
              ('l4-core', 'debug-writes'): (0, 1)}
    check('paused machine: no guest counter moved (agents reads, writes, '
          'read-ns, write-ns, errors; PRCM pwrst-reads/writes); the debug '
          'counters count exactly the %d monitor and gdbstub accesses'
          % (2000 + 100 + 500 + 2), moved == expect,
          'changed: %s\nexpected: %s' % (moved, expect))
    q.cmd('quit')
    p.wait(timeout=60)
    try:
        d = json.load(open(stats))
        vns = d['virtual_ns']
        wk = d['agents']['l4-wkup']
        check('paused machine: virtual time at exit is still 0 (%d ns); the '
              'stats file has the debug counters (l4-wkup debug_reads %d, '
              'reads %d; group synctimer debug_reads %d)'
              % (vns, wk['debug_reads'], wk['reads'],
                 wk['groups']['synctimer']['debug_reads']),
              vns == 0 and wk['debug_reads'] == 2600 and wk['reads'] == 0
              and wk['groups']['synctimer']['reads'] == 0
              and wk['groups']['synctimer']['debug_reads'] == n_sync)
    except (OSError, ValueError, KeyError) as e:
        check('paused machine: stats file written at exit', False, e)


def figures(stats, out):
    """What a run produced: the guest's output and the machine's counters"""
    d = json.load(open(stats))
    agents = {a: {k: v for k, v in d['agents'][a].items()
                  if not k.startswith('debug')} for a in d['agents']}
    for a in agents.values():
        a['groups'] = {g: {k: v for k, v in c.items() if not k.startswith('debug')}
                       for g, c in a['groups'].items()
                       if c['reads'] or c['writes']}
    text = [l for l in open(out).read().splitlines()
            if l and not l.startswith('qemu-system')]
    return {'guest': text, 'agents': agents, 'virtual_ns': d['virtual_ns'],
            'prcm': d['prcm'], 'memory': d['memory']}, d


def running(qemu, elf, logdir):
    p, q, stats, out = start(qemu, elf, logdir, 'unbroken')
    q.cmd('cont')
    p.wait(timeout=120)
    ref, _ = figures(stats, out)
    # the agents' total is the sum over its groups (the guest's accesses)
    _, d = figures(stats, out)
    sums = all(d['agents'][a]['read_ns'] ==
               sum(g['read_ns'] for g in d['agents'][a]['groups'].values())
               for a in d['agents'])
    check('unbroken run: every agent\'s read-ns is the sum over its register '
          'groups', sums)

    p, q, stats, out = start(qemu, elf, logdir, 'looked-at')
    q.cmd('cont')
    stops, steady = 0, True
    try:
        while p.poll() is None:
            time.sleep(0.03)
            q.cmd('stop')
            k0 = q.xp(SYNC32K)
            for i in range(198):
                q.xp((SYNC32K, PRM_REVISION, PM_PWSTST_CORE)[i % 3])
            steady &= q.xp(SYNC32K) == k0
            stops += 1
            q.cmd('cont')
    except (EOFError, OSError, ValueError, KeyError, IndexError):
        pass                # the guest ended QEMU between two commands
    p.wait(timeout=120)
    got, d = figures(stats, out)
    check('running machine: stopped %d times, 200 xp reads each: the 32 kHz '
          'counter reads the same across each stop\'s reads' % stops,
          stops >= 2 and steady)
    diff = [k for k in ref if ref[k] != got[k]]
    check('running machine: the guest\'s figures, the agents\' guest counters, '
          'the PRCM\'s, the memory path\'s and the virtual time at the end (%d ns) are '
          'bit-identical to an unbroken run\'s (debug-reads here: %d)'
          % (got['virtual_ns'], d['agents']['l4-wkup']['debug_reads']),
          not diff and d['agents']['l4-wkup']['debug_reads'] >= 400,
          'differ: %s\nunbroken: %s\nlooked at: %s'
          % (diff, {k: ref[k] for k in diff}, {k: got[k] for k in diff}))


def memory_qmp(qemu, elf, logdir):
    """The memory path's counters over QMP are the stats file's: stopped
    mid-run, read with qom-get, then quit (the stats file is written at
    exit, with nothing run in between)."""
    p, q, stats, out = start(qemu, elf, logdir, 'memory-qmp',
                             ['-append', '-n 20000 -r 3'])
    q.cmd('cont')
    time.sleep(0.3)
    q.cmd('stop')
    try:
        # the counters: the uint64 properties, less the device's two
        # settings (n9_memory.c's n9_memory_properties)
        props = {'seed', 'sdram-base'}
        names = [x['name'] for x in q.cmd('qom-list',
                                          path='/machine/memory-path')['return']
                 if x['type'] == 'uint64' and x['name'] not in props]
        got = {n: q.qom('/machine/memory-path', n) for n in names}
    except (EOFError, OSError, KeyError):
        check('memory path over QMP: the machine still runs after 0.3 s',
              False, open(out).read()[-2000:])
        p.kill()
        return
    q.cmd('quit')
    p.wait(timeout=60)
    d = json.load(open(stats))['memory']
    flat = dict(d['cache'], **{k: v for k, v in d.items()
                               if isinstance(v, int)})
    diff = {n: (got[n], flat.get(n.replace('-', '_'))) for n in names
            if got[n] != flat.get(n.replace('-', '_'))}
    check('memory path over QMP: %d counters on /machine/memory-path (loads '
          '%d, stores %d, fetches %d, l1i-hits %d, stall-ns %d), each equal '
          'to the stats file\'s "memory" section'
          % (len(names), got.get('loads', -1), got.get('stores', -1),
             got.get('fetches', -1), got.get('l1i-hits', -1),
             got.get('stall-ns', -1)),
          len(names) > 20 and not diff and got['loads'] > 0
          and got['fetches'] > 0 and got['l1i-hits'] > 0
          and got['stall-ns'] > 0, 'differ (qom, stats): %s' % diff)


def main():
    qemu, elf, logdir = sys.argv[1:4]
    logdir = os.path.join(logdir, 'nonvcpu')
    os.makedirs(logdir, exist_ok=True)
    paused(qemu, elf, logdir)
    running(qemu, elf, logdir)
    memory_qmp(qemu, elf, logdir)
    return 1 if n9check.failed else 0


if __name__ == '__main__':
    sys.exit(main())
