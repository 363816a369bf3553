"""The membench, kbench and hackbench scenarios' reports
(kernel/initramfs/scenarios/membench.sh, kbench.sh, hackbench.sh), parsed
and printed as tables, membench's beside the phone's figures
(timing/phone-measured.ini, the membench.* figures: SDRC_POWER 0x9;
docs/facts.md, docs/calibration.md).  Used by `n9 membench`, `n9 kbench`,
`n9 hackbench` and tests/guest/test_membench.py.  The guest programs
print the model's figures only; the phone's column is added here, from
the table, so that no figure is copied into a program.
"""
import re
import sys

from . import facts
from .idle import parse_report  # "== name" sections, as the idle report

# The phone, SDRC_POWER 0x9, 1 GHz: ns per random dependent load per
# working set, as (low, high); MB/s; ns per line.
PHONE_LAT_NS = facts.by_size('membench.lat')
PHONE_BW_MBS = {k: facts.value('membench.bw.' + k)
                for k in facts.group('membench.bw')}
PHONE_LINE_NS = {k: facts.value('membench.line.' + k)
                 for k in facts.group('membench.line')}

def fields(line):
    """'lat size 16K loads 3 ...' -> ('lat', {'size': '16K', ...}); the
    pause line's "first_ns_per_load mean A min B max C" become
    first_ns_per_load_mean etc."""
    words = line.split()
    kind, d, i = words[0], {}, 1
    while i < len(words):
        k = words[i]
        if k.endswith('_ns_per_load') and i + 6 < len(words) and \
                words[i + 1] == 'mean':
            for j in range(3):
                d['%s_%s' % (k, words[i + 1 + 2 * j])] = words[i + 2 + 2 * j]
            i += 7
        elif k == 'marks' and i + 2 < len(words):
            d['marks'] = (int(words[i + 1]), int(words[i + 2]))
            i += 3
        elif k in ('read-neon', 'write-memset', 'write-neon', 'copy-memcpy',
                   'copy-neon'):
            d['name'] = k
            i += 1
        elif i + 1 < len(words):
            d[k] = words[i + 1]
            i += 2
        else:
            i += 1
    return kind, d


def sdrc_value(lines):
    """The value of the "SDRC_POWER ... = 0x..." line of an sdrcpwr output"""
    for line in lines or []:
        m = re.match(r'SDRC_POWER 0x6d000070 = (0x[0-9a-f]{8})', line)
        if m:
            return m.group(1)
    return None


def sdrc_verdict(lines):
    for line in lines or []:
        if line.startswith('verdict '):
            return line.split()[1].rstrip(':')
    return None


def load_membench(text):
    """The membench scenario's report as a dict of figures."""
    rep = parse_report(text)
    out = {'lat': [], 'bw': [], 'line': [], 'pause': [], 'header': [],
           'status': None, 'sdrc': {}, 'devmem': {}, 'core_off': None,
           'sections': rep}
    for line in rep.get('membench', []):
        if line.startswith('#'):
            out['header'].append(line)
            continue
        m = re.match(r'membench status (\d+)', line)
        if m:
            out['status'] = int(m.group(1))
            continue
        if not line.strip():
            continue
        kind, d = fields(line)
        if kind in out and isinstance(out[kind], list):
            d['line'] = line
            out[kind].append(d)
    for when in ('before', 'after'):
        out['sdrc'][when] = sdrc_value(rep.get('sdrcpwr ' + when))
        out['sdrc'][when + '_verdict'] = sdrc_verdict(rep.get('sdrcpwr ' + when))
    for sec in rep:
        m = re.match(r'sdrcpwr write (\S+)', sec)
        if m:
            lines = rep[sec]
            w = re.search(r'wrote (0x[0-9a-f]+), read back (0x[0-9a-f]+)',
                          '\n'.join(lines))
            st = re.search(r'sdrcpwr status (\d+)', '\n'.join(lines))
            out['sdrc']['write'] = {
                'asked': m.group(1),
                'wrote': w.group(1) if w else None,
                'read_back': w.group(2) if w else None,
                'status': int(st.group(1)) if st else None}
        m = re.match(r'devmem sdrc_power (before|after) (0x[0-9A-Fa-f]+)', sec)
        if m:
            out['devmem'][m.group(1)] = '0x%08x' % int(m.group(2), 16)
    for line in rep.get('core off', []):
        m = re.match(r'c7 usage (\d+) (\d+) core_off (\d*) (\d*)', line)
        if m:
            out['core_off'] = {
                'c7_entries': int(m.group(2)) - int(m.group(1)),
                'core_off_entries': (int(m.group(4)) - int(m.group(3))
                                     if m.group(3) and m.group(4) else None)}
    return out


def load_kbench(text):
    rep = parse_report(text)
    out = {'tests': [], 'header': [], 'status': None, 'sections': rep}
    for line in rep.get('kbench', []):
        if line.startswith('#'):
            out['header'].append(line)
            continue
        m = re.match(r'kbench status (\d+)', line)
        if m:
            out['status'] = int(m.group(1))
            continue
        if line.strip():
            kind, d = fields(line)
            d['test'] = kind
            d['line'] = line
            out['tests'].append(d)
    return out


def phone_range(r):
    lo, hi = r
    return '%d' % lo if lo == hi else '%d-%d' % (lo, hi)


def membench_table(fig, file=sys.stdout):
    p = lambda *a: print(*a, file=file)  # noqa: E731
    for h in fig['header'][:1]:
        p(h.lstrip('# '))
    s = fig['sdrc']
    if s.get('before'):
        p('SDRC_POWER before: %s (%s)%s' % (
            s['before'], s.get('before_verdict'),
            '' if not s.get('write') else
            ', wrote %s, read back %s' % (s['write']['wrote'],
                                           s['write']['read_back'])))
    if fig['core_off']:
        c = fig['core_off']
        p('CORE OFF first: %d C7 entries, %s CORE OFF (pm_debug)' % (
            c['c7_entries'], c['core_off_entries']))
    if fig['lat']:
        p('')
        p('random dependent loads   model ns/load   phone ns/load (SDRC_POWER 0x9)')
        for d in fig['lat']:
            ph = PHONE_LAT_NS.get(d.get('size'))
            p('  %-8s %22s   %s' % (d.get('size'), d.get('ns_per_load'),
                                    phone_range(ph) if ph else '-'))
    if fig['bw']:
        p('')
        p('sequential (MB/s)        model           phone')
        for d in fig['bw']:
            ph = PHONE_BW_MBS.get(d.get('name'))
            p('  %-14s %16s   %s' % (d.get('name'), d.get('MB_s'),
                                     '%g' % ph if ph else '-'))
    if fig['line']:
        p('')
        p('one load per line        model ns/line   phone ns/line')
        for d in fig['line']:
            k = 'nopld' if d.get('pld') == '0' else 'pld'
            name = 'no PLD' if k == 'nopld' else 'PLD %s ahead' % d.get('pld')
            p('  %-14s %16s   %d' % (name, d.get('ns_per_line'),
                                     PHONE_LINE_NS[k]))
    for d in fig['pause']:
        p('')
        p('after a %s of %s us (%s pauses, %s loads over %s each; ns/load, '
          'mean min max):' % (d.get('mode'), d.get('us'), d.get('pauses'),
                              d.get('batch'), d.get('ws')))
        for k, name in (('first', 'first %s' % d.get('first')),
                        ('steady', 'between'),
                        ('last', 'last %s' % d.get('first'))):
            p('  %-10s %8s %8s %8s' % (
                name, d.get(k + '_ns_per_load_mean'),
                d.get(k + '_ns_per_load_min'), d.get(k + '_ns_per_load_max')))
    bad = [d['line'] for k in ('lat', 'bw', 'line', 'pause')
           for d in fig[k] if d.get('check') != 'ok']
    if s.get('after'):
        p('')
        p('SDRC_POWER after: %s (%s)' % (s['after'], s.get('after_verdict')))
    p('membench status %s%s' % (fig['status'], ''.join(
        '\n  check failed: ' + b for b in bad)))


def kbench_table(fig, file=sys.stdout):
    p = lambda *a: print(*a, file=file)  # noqa: E731
    for h in fig['header'][:1]:
        p(h.lstrip('# '))
    p('%-10s %10s %14s %14s  %s' % ('test', 'ops', 'ns/op', 'MB/s', 'check'))
    for d in fig['tests']:
        p('%-10s %10s %14s %14s  %s%s' % (
            d['test'], d.get('ops'), d.get('ns_per_op', '-'),
            d.get('MB_s', '-'), d.get('check'),
            '  (%s faults)' % d['faults'] if 'faults' in d else ''))
    p('kbench status %s' % fig['status'])


def load_hackbench(text):
    """The hackbench scenario's report: each run's "Time: S" (seconds of
    gettimeofday: modelled time under icount)"""
    rep = parse_report(text)
    out = {'runs': [], 'header': [], 'status': None, 'options': None,
           'sections': rep}
    for line in rep.get('hackbench scenario', []):
        if line.startswith('options '):
            out['options'] = line[len('options '):]
    for line in rep.get('hackbench', []):
        m = re.match(r'Time:\s*([0-9.]+)', line)
        if m:
            out['runs'].append(float(m.group(1)))
            continue
        m = re.match(r'hackbench status (\d+)', line)
        if m:
            out['status'] = int(m.group(1))
            continue
        if line.strip():
            out['header'].append(line)
    return out


def hackbench_table(fig, file=sys.stdout):
    p = lambda *a: print(*a, file=file)  # noqa: E731
    for h in fig['header'][:2]:
        p(h)
    for i, t in enumerate(fig['runs']):
        p('run %d: %.3f s' % (i + 1, t))
    if fig['runs']:
        p('best %.3f s, mean %.3f s' % (min(fig['runs']),
                                        sum(fig['runs']) / len(fig['runs'])))
    p('hackbench status %s' % fig['status'])
