"""Run a bare-metal guest program (guest/baremetal/*.elf) on -M rm696:
semihosting to the host's stdout, icount, no display, monitor or serial
console; the command line and everything it printed go to a log file."""
import subprocess


def run_bare(qemu, elf, log, machine='rm696', timeout=300):
    """(output, exit status or 'timeout (N s)')"""
    argv = [qemu, '-M', machine, '-kernel', elf,
            '-semihosting-config', 'enable=on,target=native',
            '-icount', 'shift=0,sleep=off',
            '-display', 'none', '-monitor', 'none', '-serial', 'null']
    try:
        p = subprocess.run(argv, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout)
        out, rc = p.stdout.decode('utf-8', 'replace'), p.returncode
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b'').decode('utf-8', 'replace')
        rc = 'timeout (%d s)' % timeout
    with open(log, 'w') as f:
        f.write('$ %s\n%s' % (' '.join(argv), out))
    return out, rc
