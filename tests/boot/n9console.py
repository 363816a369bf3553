"""Drive the rm696 machine's serial console (UART3) from a test.

Starts qemu-system-arm -M rm696 with the console on a pipe, waits for
patterns with a timeout, and runs shell commands at the busybox prompt.
Everything QEMU prints is kept in a log file for the test report.
"""
import atexit
import os
import re
import selectors
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', 'tools'))
from n9 import qemu as n9qemu  # noqa: E402

PROMPT = re.compile(rb'n9:[^\n#]*# ')


class BootError(Exception):
    pass


def _die_with_parent():
    """In the child: get SIGKILL when the test process dies (Linux)."""
    try:
        import ctypes
        import signal
        ctypes.CDLL(None).prctl(1, signal.SIGKILL)   # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class N9Console:
    def __init__(self, qemu, kernel, dtb, initrd, append='', extra=(),
                 log_path=None, console='ttyS2,115200', machine=None,
                 icount=None):
        # console=None: no kernel console on UART3 (a scenario may still
        # give ttyS2 a shell)
        cmdline = ('console=%s ' % console if console else '') + \
            'rdinit=/init ' + append
        # machine: -M rm696 options; icount: -icount's value (None: none)
        self.argv = n9qemu.command(qemu, machine=machine or {},
                                   kernel=kernel, dtb=dtb, initrd=initrd,
                                   append=cmdline.strip(), icount=icount,
                                   serial='stdio', extra=extra)
        self.log = open(log_path, 'wb') if log_path else None
        self.buf = b''
        self.seq = 0
        self.t0 = time.monotonic()
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT,
                                     preexec_fn=_die_with_parent)
        # never leave a QEMU running behind a test that died
        atexit.register(self.close)
        self.sel = selectors.DefaultSelector()
        self.sel.register(self.proc.stdout, selectors.EVENT_READ)

    def _read(self, timeout):
        for _key, _ in self.sel.select(timeout):
            data = os.read(self.proc.stdout.fileno(), 65536)
            if not data:
                raise BootError('QEMU exited (status %s)' % self.proc.wait())
            if self.log:
                self.log.write(data)
                self.log.flush()
            self.buf += data

    def expect(self, pattern, timeout):
        """Wait until @pattern (bytes regex) appears; return text up to it."""
        rx = re.compile(pattern) if isinstance(pattern, bytes) else pattern
        deadline = time.monotonic() + timeout
        while True:
            m = rx.search(self.buf)
            if m:
                out = self.buf[:m.end()]
                self.buf = self.buf[m.end():]
                return out.decode('utf-8', 'replace')
            left = deadline - time.monotonic()
            if left <= 0:
                raise BootError('timed out after %d s waiting for %r; last '
                                'output:\n%s' % (timeout, rx.pattern,
                                self.buf[-2000:].decode('utf-8', 'replace')))
            self._read(min(left, 1.0))

    def wait_prompt(self, timeout):
        """Wait for the first shell prompt, then keep kernel messages off
        the console (they stay in dmesg) so they do not mix with output."""
        out = self.expect(PROMPT, timeout)
        self.run('dmesg -n 1')
        return out

    def type(self, data):
        """Send @data (bytes) to the serial port."""
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def run(self, command, timeout=60, send=None):
        """Run @command at the prompt; return its output.

        The output is framed by two markers that the shell computes (the
        typed line holds them split in two quoted halves), so neither the
        echo of the typed line, nor the line editor redrawing it, nor a
        kernel message can be mistaken for output.  @send(bytes), if
        given, types the line instead of type() (e.g. with the machine
        stopped while a test checks that the UART receives).
        """
        self.seq += 1
        n = self.seq
        line = 'echo "@@BEG""@@%d@@"; %s; echo "@@END""@@%d@@"$?' % (n, command, n)
        (send or self.type)(line.encode() + b'\n')
        self.expect(rb'@@BEG@@%d@@\r?\n' % n, timeout)
        out = self.expect(rb'@@END@@%d@@(\d+)' % n, timeout)
        out = out.replace('\r', '')
        return out[:out.rfind('@@END@@')]

    def elapsed(self):
        return time.monotonic() - self.t0

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        if self.log and not self.log.closed:
            self.log.close()
