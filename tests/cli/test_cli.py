#!/usr/bin/env python3
"""The rm696 command line: `-M help` lists the machine, and bad input
(a wrong or empty machine option, a bad timing-set= item, a kernel that
is not an ARM zImage,
uImage or ELF, a DTB that is not one or not for this SoC, a statistics or
trace file that cannot be written, a symbol file without the symbols the
machine needs, memory-model= that is not on/off/auto, a malformed timing
file, a device property set with -global that the device's realize
refuses) stops QEMU at start-up with exit status 1 and one line
that names the problem: never an abort, an assertion or a core dump,
never a guest started on garbage, never an error only at exit.
(Malformed timing files: tests/timing/test_timing_file.py.)
Prints PASS:/FAIL: lines.  About 5 s.  Usage: test_cli.py QEMU
(no guest runs: a file with the zImage magic stands in for a zImage)
"""
import os
import struct
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', 'tools'))
from n9 import qemu as n9qemu  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
import n9check  # noqa: E402
from n9check import check  # noqa: E402


def qemu_run(qemu, *args):
    try:
        # the arguments under test as they are, no -M or -icount of ours
        p = subprocess.run(n9qemu.command(qemu, machine=None, icount=None,
                                          serial='null', extra=args),
                           capture_output=True, timeout=30,
                           stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return 'timeout (30 s): QEMU started', ''
    return p.returncode, p.stdout.decode('utf-8', 'replace') + \
        p.stderr.decode('utf-8', 'replace')


def fdt(compatible):
    """A minimal flattened device tree: a root node with "compatible"."""
    strings = b'compatible\0'
    value = b''.join(c.encode() + b'\0' for c in compatible)
    pad = lambda b: b + b'\0' * (-len(b) % 4)
    struct_blk = (struct.pack('>I', 1) + pad(b'\0') +                 # BEGIN_NODE ""
                  struct.pack('>III', 3, len(value), 0) + pad(value) +  # PROP
                  struct.pack('>II', 2, 9))                           # END_NODE, END
    rsv = b'\0' * 16
    off_rsv = 40
    off_struct = off_rsv + len(rsv)
    off_strings = off_struct + len(struct_blk)
    total = off_strings + len(strings)
    hdr = struct.pack('>10I', 0xd00dfeed, total, off_struct, off_strings,
                      off_rsv, 17, 16, 0, len(strings), len(struct_blk))
    return hdr + rsv + struct_blk + strings


def main():
    qemu = sys.argv[1]
    tmp = tempfile.mkdtemp()

    def path(name, data=None):
        p = os.path.join(tmp, name)
        if data is not None:
            with open(p, 'wb') as f:
                f.write(data)
        return p

    zhead = bytearray(4096)
    zhead[0x24:0x28] = struct.pack('<I', 0x016f2818)      # zImage magic
    zimage = path('zImage', bytes(zhead))
    junk = path('junk.bin', bytes(range(256)) * 16)
    empty = path('empty', b'')
    elf64 = path('x86.elf', b'\x7fELF\x02\x01\x01' + b'\0' * 9 +
                 struct.pack('<HH', 2, 62) + b'\0' * 44)   # ELF64, EM_X86_64
    bad_dtb = path('bad.dtb', b'not a device tree')
    other_dtb = path('am335x.dtb', fdt(['ti,am335x-bone', 'ti,am33xx']))
    n9_dtb = fdt(['nokia,omap3-n9', 'ti,omap3630', 'ti,omap3'])
    short_dtb = path('short.dtb', n9_dtb[:60])
    text = path('notes.txt', b'some notes\nnot a symbol table\n')
    nosym = path('nosym.map', b'c0008000 T stext\nc0100000 T do_idle\n')
    smap = path('System.map', b'c0008000 T stext\n'
                b'c0123400 t omap3_enter_idle_bm\n')
    missing = os.path.join(tmp, 'no', 'such', 'folder')
    fifo = os.path.join(tmp, 'fifo')
    os.mkfifo(fifo)
    k = ['-kernel', zimage, '-dtb', path('n9.dtb', n9_dtb)]

    rc, out = qemu_run(qemu, '-M', 'help')
    check('-M help lists "rm696  Nokia N9 (RM-696, OMAP3630)"',
          rc == 0 and any(l.split(None, 1) == ['rm696', 'Nokia N9 (RM-696, OMAP3630)']
                          for l in out.splitlines()), out)

    cases = [
        # what the machine needs
        ('no -kernel', ['-M', 'rm696'], ['-kernel zImage', '-dtb omap3-n9.dtb']),
        ('unreadable kernel', ['-M', 'rm696', '-kernel', os.path.join(tmp, 'nope')],
         ['cannot read the kernel', 'nope']),
        ('no -dtb for a Linux kernel', ['-M', 'rm696', '-kernel', zimage],
         ['device tree', '-dtb omap3-n9.dtb']),
        ('more RAM than the SDRC addresses', ['-M', 'rm696', '-m', '2G', '-kernel', zimage],
         ['1 GiB', '-m 1G']),
        # a kernel that is not one
        ('a kernel of random bytes', ['-M', 'rm696', '-kernel', junk, '-dtb', k[3]],
         ['junk.bin', 'not an ARM zImage, uImage or ELF']),
        ('an empty kernel file', ['-M', 'rm696', '-kernel', empty, '-dtb', k[3]],
         ['empty', 'not an ARM zImage']),
        ('a folder as the kernel', ['-M', 'rm696', '-kernel', tmp, '-dtb', k[3]],
         [tmp, 'not a file']),
        ('an ELF for another machine', ['-M', 'rm696', '-kernel', elf64],
         ['x86.elf', 'another machine', 'ARM']),
        ('a kernel larger than -m', ['-M', 'rm696', '-m', '2', '-kernel',
                                     path('big.zImage', bytes(zhead) * 768), '-dtb', k[3]],
         ['big.zImage', 'too large to fit in RAM']),
        # a DTB that is not one, or not for this SoC
        ('a broken DTB', ['-M', 'rm696', '-kernel', zimage, '-dtb', bad_dtb],
         ['bad.dtb', 'not a device tree blob']),
        ('a truncated DTB', ['-M', 'rm696', '-kernel', zimage, '-dtb', short_dtb],
         ['short.dtb', 'not a device tree blob']),
        ('a DTB for another SoC', ['-M', 'rm696', '-kernel', zimage, '-dtb', other_dtb],
         ['am335x.dtb', 'ti,omap3630']),
        ('a missing DTB', ['-M', 'rm696', '-kernel', zimage, '-dtb', missing],
         ['cannot read the device tree', 'folder']),
        # machine options
        ('an unknown machine option', ['-M', 'rm696,nosuch=1'] + k, ['nosuch']),
        ('a machine option without its value', ['-M', 'rm696,timing'] + k, ['timing']),
        ('an empty timing=', ['-M', 'rm696,timing='] + k, ['timing=', 'empty']),
        ('an empty stats=', ['-M', 'rm696,stats='] + k, ['stats=', 'empty']),
        ('an empty symbols=', ['-M', 'rm696,symbols='] + k, ['symbols=', 'empty']),
        ('an empty idle-enter=', ['-M', 'rm696,idle-enter='] + k, ['idle-enter=', 'empty']),
        ('an empty idle-trace=', ['-M', 'rm696,idle-trace='] + k, ['idle-trace=', 'empty']),
        ('an empty record=', ['-M', 'rm696,record='] + k, ['record=', 'empty']),
        ('memory-model=bogus', ['-M', 'rm696,memory-model=bogus'] + k,
         ['memory-model', 'bogus']),
        ('an empty memory-model=', ['-M', 'rm696,memory-model='] + k, ['memory-model']),
        ('pipeline=bogus', ['-M', 'rm696,pipeline=bogus'] + k,
         ['pipeline', "'on' or 'off'"]),
        ('pipeline=on without the memory model (no -icount)',
         ['-M', 'rm696,pipeline=on'] + k, ['pipeline=on', 'memory model']),
        ('pipeline=on with memory-model=off',
         ['-M', 'rm696,pipeline=on,memory-model=off', '-icount', 'shift=0'] + k,
         ['pipeline=on', 'memory model']),
        ('a second CPU', ['-M', 'rm696', '-smp', '2'] + k, ['rm696', '1']),
        # a device property that its realize refuses (set with -global):
        # the SoC's realize passes the error up, QEMU stops with it
        ('a device type that does not fit CONTROL_STATUS',
         ['-M', 'rm696', '-global', 'omap3630-soc.device-type=9'] + k,
         ['omap3-scm', 'device-type 9', '3 bits']),
        ('a temperature sensor code outside the 3630 table',
         ['-M', 'rm696', '-global', 'omap3-scm.temp-adc=200'] + k,
         ['omap3-scm', 'temp-adc 200', '0..127']),
        ('a battery temperature outside the TWL\'s range',
         ['-M', 'rm696', '-global', 'twl5031.battery-temp=200000'] + k,
         ['battery-temp', '200000', '-40000..125000']),
        # a malformed timing file (all the ways: tests/timing/test_timing_file.py)
        ('a timing file with a line that is no key = value',
         ['-M', 'rm696,timing=' + path('bad.ini', b'[l3]\nthis is not a key\n')] + k,
         ['bad.ini', 'line 2', 'key = value']),
        ('a timing file with an unknown section',
         ['-M', 'rm696,timing=' + path('sect.ini', b'[nosuch]\nx = 1\n')] + k,
         ['sect.ini', 'line 1', 'nosuch', 'unknown section']),
        ('a timing file that is a kernel', ['-M', 'rm696,timing=' + zimage] + k,
         ['zImage', 'line 1', 'not text']),
        ('a missing timing file', ['-M', 'rm696,timing=' + missing] + k,
         ['timing file', 'folder']),
        # timing-set=SECTION.KEY=VALUE;...: the loader's checks, the item named
        ('an empty timing-set=', ['-M', 'rm696,timing-set='] + k,
         ['timing-set=', 'empty']),
        ('a timing-set item that is no SECTION.KEY=VALUE',
         ['-M', 'rm696,timing-set=sdram.txsr'] + k,
         ['timing-set sdram.txsr', 'SECTION.KEY=VALUE']),
        ('a timing-set item with an unknown section',
         ['-M', 'rm696,timing-set=l3.read_min_ns=200;nosuch.x=1'] + k,
         ['timing-set nosuch.x=1', 'unknown section']),
        ('a timing-set item with an unknown key',
         ['-M', 'rm696,timing-set=sdram.tfoo=3'] + k,
         ['timing-set sdram.tfoo=3', 'unknown key', 'txsr']),
        ('a timing-set item that is not a number',
         ['-M', 'rm696,timing-set=l4-wkup.read_min_ns=6x0'] + k,
         ['timing-set l4-wkup.read_min_ns=6x0', "'6x0'", 'whole number']),
        ('a timing-set item out of range',
         ['-M', 'rm696,timing-set=sdram.txsr=256'] + k,
         ['timing-set sdram.txsr=256', 'from 0 to 255']),
        ('a flush cost out of range (its own maximum in [cpu])',
         ['-M', 'rm696,timing-set=cpu.flush_cycles=1001'] + k,
         ['timing-set cpu.flush_cycles=1001', 'from 0 to 1000']),
        ('cp15_flush is 0 or 1',
         ['-M', 'rm696,timing-set=cpu.cp15_flush=2'] + k,
         ['timing-set cpu.cp15_flush=2', 'from 0 to 1']),
        ('a BTB of 3 ways (a power of two, the model says)',
         ['-M', 'rm696,timing-set=cpu.btb_ways=3'] + k,
         ['timing-set cpu.btb_ways=3', 'btb_ways = 3',
          'power of two from 1 to 512']),
        ('a BTB index shift out of range',
         ['-M', 'rm696,timing-set=cpu.btb_index_shift=17'] + k,
         ['timing-set cpu.btb_index_shift=17', 'from 0 to 16']),
        ('a clock rate out of range', ['-M', 'rm696,timing-set=clocks.mpu_hz=10'] + k,
         ['timing-set clocks.mpu_hz=10', 'Hz']),
        ('a timing-set key given twice',
         ['-M', 'rm696,timing-set=cache.l3_ns=70;cache.l3_ns=80'] + k,
         ['cache.l3_ns=80', 'set twice']),
        ('a timing-set that breaks a range',
         ['-M', 'rm696,timing-set=l3.read_min_ns=500'] + k,
         ['timing-set l3.read_min_ns=500', 'larger than read_max_ns']),
        ('a timing-set group that does not exist',
         ['-M', 'rm696,timing-set=l4-wkup.nosuch.read_min_ns=1'] + k,
         ['timing-set l4-wkup.nosuch.read_min_ns=1', "no register group 'nosuch'"]),
        ('idle-trace= without symbols=', ['-M', 'rm696,idle-trace=' + path('t.json')] + k,
         ['symbols=System.map']),
        # files written later: refused at start-up
        ('a stats file in a missing folder', ['-M', 'rm696,stats=' + missing + '/s.json'] + k,
         ['stats=', 's.json', 'cannot write']),
        ('a stats file that is a folder', ['-M', 'rm696,stats=' + tmp] + k,
         ['stats=', 'folder']),
        # replaced by a new file at exit: a device or a FIFO would be
        # replaced (a FIFO here: a QEMU with this bug must not replace
        # /dev/full), /proc takes no new file
        ('a stats file that is a FIFO', ['-M', 'rm696,stats=' + fifo] + k,
         ['stats=' + fifo, 'not a regular file']),
        ('a stats file in /proc', ['-M', 'rm696,stats=/proc/version'] + k,
         ['stats=/proc/version', 'cannot create a file in its folder']),
        ('a trace (record=) in a missing folder',
         ['-M', 'rm696,record=%s/t.n9t' % missing] + k,
         ['record=', 't.n9t', 'cannot write']),
        ('a trace (record=) that is a folder', ['-M', 'rm696,record=' + tmp] + k,
         ['record=' + tmp, 'folder']),
        ('an idle trace in a missing folder',
         ['-M', 'rm696,symbols=%s,idle-trace=%s/t.json' % (smap, missing)] + k,
         ['idle trace', 't.json']),
        ('an idle trace that is a folder',
         ['-M', 'rm696,symbols=%s,idle-trace=%s' % (smap, tmp)] + k,
         ['idle trace', tmp, 'directory']),
        # symbols
        ('a symbol file that is not a System.map', ['-M', 'rm696,symbols=' + text] + k,
         ['notes.txt', 'line 1', 'System.map']),
        ('a System.map without the idle entry', ['-M', 'rm696,symbols=' + nosym] + k,
         ['nosym.map', 'omap3_enter_idle_bm']),
        ('idle-enter= naming no function',
         ['-M', 'rm696,symbols=%s,idle-enter=no_such_fn' % smap] + k,
         ['System.map', 'no_such_fn']),
        ('a missing symbol file', ['-M', 'rm696,symbols=' + missing] + k,
         ['symbol file', 'folder']),
    ]
    for name, args, must in cases:
        rc, out = qemu_run(qemu, *args)
        errs = [l for l in out.splitlines() if l.strip() and 'warning' not in l
                and 'ASan doesn' not in l]
        bad = [w for w in ('ssertion', 'core dumped', 'Aborted', 'Bail out')
               if w in out]
        check('%s: QEMU stops at once, status 1, one line that names it' % name,
              rc == 1 and len(errs) == 1 and not bad and all(m in out for m in must),
              'exit %s:\n%s' % (rc, out.strip()))
    # the start-up check of stats= leaves no file behind when QEMU stops
    left = os.path.join(tmp, 'left.json')
    rc, out = qemu_run(qemu, '-M', 'rm696,stats=%s,symbols=%s' % (left, nosym), *k)
    check('a good stats file and a bad option: QEMU stops (status %s) and '
          'leaves no stats file behind' % rc, rc == 1 and not os.path.exists(left),
          out)
    # a trace that cannot be written in full (a full disk): said at exit
    # in one line, status 1, the stats file still written (QEMU quits from the
    # monitor; no kernel under the qtest accelerator: the stand-in DTB above
    # could not take the boot's /memory and /chosen)
    ok = os.path.join(tmp, 'ok.json')
    try:
        p = subprocess.run(n9qemu.command(
            qemu, machine={'symbols': smap, 'idle-trace': '/dev/full',
                           'stats': ok}, icount=None, serial='null',
            monitor='stdio', extra=['-machine', 'accel=qtest', '-S']),
            input=b'quit\n', capture_output=True, timeout=30)
        rc, err = p.returncode, p.stderr.decode('utf-8', 'replace')
    except subprocess.TimeoutExpired:
        rc, err = 'timeout', ''
    errs = [l for l in err.splitlines() if l.strip() and 'warning' not in l
                and 'ASan doesn' not in l]
    check('an idle trace on a full disk (/dev/full): one line at exit, status 1, '
          'no abort, the stats file written', rc == 1 and len(errs) == 1 and
          '/dev/full' in errs[0] and 'could not be written' in errs[0] and
          os.path.exists(ok), 'exit %s:\n%s' % (rc, err.strip()))
    # a stats file that cannot be written at exit (its folder went away
    # during the run): one line, status 1, not a run that looks good
    gone = os.path.join(tmp, 'gone')
    os.makedirs(gone)
    try:
        p = subprocess.Popen(n9qemu.command(
            qemu, machine={'stats': os.path.join(gone, 's.json')}, icount=None,
            serial='null', monitor='stdio',
            extra=['-machine', 'accel=qtest', '-S']),
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
        p.stdin.write(b'info status\n')
        p.stdin.flush()
        for line in p.stdout:       # the machine is up: its checks are done
            if b'VM status' in line:
                break
        shutil.rmtree(gone)
        _, err = p.communicate(b'quit\n', timeout=30)
        rc, err = p.returncode, err.decode('utf-8', 'replace')
    except subprocess.TimeoutExpired:
        p.kill()
        rc, err = 'timeout', ''
    errs = [l for l in err.splitlines() if l.strip() and 'warning' not in l
                and 'ASan doesn' not in l]
    check('a stats file whose folder is gone at exit: one line, status 1',
          rc == 1 and len(errs) == 1 and 'statistics file' in errs[0],
          'exit %s:\n%s' % (rc, err.strip()))
    return 1 if n9check.failed else 0


if __name__ == '__main__':
    sys.exit(main())
