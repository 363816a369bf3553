"""A minimal QMP client for the tests (QEMU started with
-qmp unix:PATH,server=on,wait=off): connect, commands, HMP lines, one
physical read through the monitor (never charged to the guest: only the
vCPU's own accesses cost modelled time), qom-get."""
import json
import socket
import time


def connect_unix(path, timeout=60):
    """A socket connected to the Unix socket @path, waiting up to @timeout s
    for QEMU to open it (-qmp, -gdb, -chardev socket,server=on)."""
    t0 = time.monotonic()
    while True:
        s = socket.socket(socket.AF_UNIX)
        try:
            s.connect(path)
            return s
        except OSError:
            s.close()
            if time.monotonic() - t0 > timeout:
                raise
            time.sleep(0.05)


class QMP:
    def __init__(self, path, timeout=60):
        """Connect to @path, waiting up to @timeout s for QEMU to open it."""
        self.s = connect_unix(path, timeout)
        self.f = self.s.makefile('rw')
        json.loads(self.f.readline())           # greeting
        self.cmd('qmp_capabilities')

    def cmd(self, name, **args):
        """Run a command; its answer ({'return': ...} or {'error': ...}),
        skipping the events in between."""
        self.f.write(json.dumps({'execute': name, 'arguments': args}) + '\n')
        self.f.flush()
        while True:
            line = self.f.readline()
            if not line:
                raise EOFError('QEMU closed the QMP socket')
            r = json.loads(line)
            if 'return' in r or 'error' in r:
                return r

    def hmp(self, line):
        return self.cmd('human-monitor-command', **{'command-line': line}).get('return', '')

    def xp(self, addr):
        """One 32-bit physical read through the monitor: its value"""
        out = self.hmp('xp /1wx 0x%x' % addr)
        return int(out.split(':')[1].split()[0], 16)

    def qom(self, path, prop):
        return self.cmd('qom-get', path=path, property=prop)['return']

    def close(self):
        self.s.close()
