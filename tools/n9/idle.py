"""The idle scenario's figures: the machine's counters (-M rm696,stats=FILE)
and the kernel's own (the guest's report), per C-state over its marked
window (marks 10n+1 .. 10n+2 for Cn, see kernel/initramfs/scenarios/idle.sh).

load(stats, report) -> the figures as a dict (each state with the per-entry
figures the table shows under "per_entry"); table(figures) prints them.
Used by `n9 idle`, `n9 cyclictest`, `n9 series` and the tests.
"""
import json
import re
import sys

POWER_STATES = ('OFF', 'RET', 'INACTIVE', 'ON')


def parse_report(text):
    """The guest's report: sections '== name' with their lines."""
    sections, cur = {}, None
    for line in text.splitlines():
        if line.startswith('== '):
            cur = line[3:].strip()
            sections[cur] = []
        elif cur is not None:
            sections[cur].append(line)
    return sections


def cpuidle_usage(lines):
    """'C3 usage 10 time_us 123 ...' lines -> {'C3': (usage, time_us)}"""
    out = {}
    for line in lines:
        m = re.match(r'(C\d+) usage (\d+) time_us (\d+)', line)
        if m:
            out[m.group(1)] = (int(m.group(2)), int(m.group(3)))
    return out


def pm_count(lines):
    """pm_debug count lines -> {'mpu': {'OFF': n, 'RET': n, ...}}"""
    out = {}
    for line in lines:
        m = re.match(r'(\w+)_pwrdm \(\w+\),(.*)', line)
        if m:
            out[m.group(1)] = {k: int(v) for k, v in
                               re.findall(r'([A-Z0-9-]+):(\d+)', m.group(2))}
    return out


def sub_counts(a, b):
    """b - a for the access counters of an agent/group dict"""
    return {k: b.get(k, 0) - a.get(k, 0) for k in ('reads', 'writes', 'ns')}


def phase_delta(p0, p1):
    """Accesses of a phase between two snapshots: per agent and group"""
    out = {}
    agents0 = (p0 or {}).get('agents', {})
    for aname, a1 in (p1 or {}).get('agents', {}).items():
        a0 = agents0.get(aname, {})
        groups = {}
        for gname, g1 in a1.get('groups', {}).items():
            d = sub_counts(a0.get('groups', {}).get(gname, {}), g1)
            if d['reads'] or d['writes']:
                groups[gname] = d
        d = sub_counts(a0, a1)
        if d['reads'] or d['writes']:
            d['groups'] = groups
            out[aname] = d
    return out


def state_delta(s0, s1):
    """One C-state's machine figures between two snapshots"""
    s0 = s0 or {}
    keys = ('entries', 'without_wfi', 'before_wfi_ns', 'in_wfi_ns',
            'after_wakeup_ns', 'wakeup_latency_ns')
    d = {k: s1.get(k, 0) - s0.get(k, 0) for k in keys}
    d['before_wfi'] = phase_delta(s0.get('before_wfi'), s1.get('before_wfi'))
    d['after_wakeup'] = phase_delta(s0.get('after_wakeup'),
                                    s1.get('after_wakeup'))
    d['power_domain_registers'] = {
        ph: {k: s1.get('power_domain_registers', {}).get(ph, {}).get(k, 0) -
             s0.get('power_domain_registers', {}).get(ph, {}).get(k, 0)
             for k in ('reads', 'writes')}
        for ph in ('before_wfi', 'after_wakeup')}
    reached = {}
    for pd, c1 in s1.get('lowest_power_state', {}).items():
        c0 = s0.get('lowest_power_state', {}).get(pd, {})
        r = {st: c1.get(st, 0) - c0.get(st, 0) for st in POWER_STATES}
        reached[pd] = {st: n for st, n in r.items() if n}
    d['lowest_power_state'] = reached
    wake = {}
    for src, n in s1.get('wakeup_sources', {}).items():
        n -= s0.get('wakeup_sources', {}).get(src, 0)
        if n:
            wake[src] = n
    d['wakeup_sources'] = wake
    return d


def load(stats_path, report_path):
    stats = json.load(open(stats_path))
    report = parse_report(open(report_path).read())
    marks = {m['mark']: m for m in stats.get('marks', [])}
    states = re.search(r'states (\S+)', '\n'.join(report.get('idle scenario',
                                                             [''])))
    names = states.group(1).split(',') if states else []
    out = {'kernel': (report.get('idle scenario') or [''])[0],
           'sdrc_power': None, 'states': {}}
    m = re.search(r'sdrc_power (\S+)', '\n'.join(report.keys()))
    if m:
        out['sdrc_power'] = m.group(1)
    for name in names:
        n = int(name[1:])
        m0, m1 = marks.get(10 * n + 1), marks.get(10 * n + 2)
        if not m0 or not m1 or not m1.get('idle'):
            continue
        st = state_delta(m0['idle']['states'].get(name),
                         m1['idle']['states'].get(name, {}))
        st['window_ns'] = m1['virtual_ns'] - m0['virtual_ns']
        k0 = cpuidle_usage(report.get('mark %d cpuidle' % (10 * n + 1), []))
        k1 = cpuidle_usage(report.get('mark %d cpuidle' % (10 * n + 2), []))
        st['kernel_cpuidle_usage'] = (k1.get(name, (0, 0))[0] -
                                      k0.get(name, (0, 0))[0])
        p0 = pm_count(report.get('mark %d pm_debug count' % (10 * n + 1), []))
        p1 = pm_count(report.get('mark %d pm_debug count' % (10 * n + 2), []))
        domains = {}
        for pd in p1:
            kern = {s: p1[pd].get(s, 0) - p0.get(pd, {}).get(s, 0)
                    for s in ('OFF', 'RET')}
            mach = {s: m1['prcm'][pd]['reported'][s] -
                    m0['prcm'][pd]['reported'][s] for s in ('OFF', 'RET')}
            domains[pd] = {'kernel': kern, 'machine': mach}
        st['pm_debug_count'] = domains
        st['per_entry'] = per_entry(st)
        out['states'][name] = st
    return out


def per(n, d):
    return n / d if d else 0.0


def per_entry(st):
    """The figures the table shows per idle entry (time per entry that went
    through WFI, accesses per entry), as numbers"""
    e = st['entries']
    woken = e - st['without_wfi']
    pdr = st['power_domain_registers']
    acc = {}
    for ph in ('before_wfi', 'after_wakeup'):
        acc[ph] = {}
        for a, d in st[ph].items():
            acc[ph][a] = {
                'reads': per(d['reads'], e), 'writes': per(d['writes'], e),
                'ns': per(d['ns'], e),
                'groups': {g: {'reads': per(gd['reads'], e),
                               'writes': per(gd['writes'], e),
                               'ns': per(gd['ns'], e)}
                           for g, gd in d.get('groups', {}).items()}}
    return {
        'us_before_wfi': per(st['before_wfi_ns'], e) / 1e3,
        'us_in_wfi': per(st['in_wfi_ns'], woken) / 1e3,
        'us_after_wakeup': per(st['after_wakeup_ns'], woken) / 1e3,
        'wakeup_latency_us': per(st['wakeup_latency_ns'], woken) / 1e3,
        'power_domain_registers_before_wfi':
            per(pdr['before_wfi']['reads'] + pdr['before_wfi']['writes'], e),
        'power_domain_registers_after_wakeup':
            per(pdr['after_wakeup']['reads'] + pdr['after_wakeup']['writes'],
                e),
        'accesses': acc,
    }


def table(fig, file=sys.stdout):
    p = lambda *a: print(*a, file=file)
    p('kernel: %s' % fig['kernel'])
    for name, st in fig['states'].items():
        e = st['entries']
        woken = e - st['without_wfi']
        p('')
        p('%s: %d idle entries in %.3f s (cpuidle usage %d), %d without WFI'
          % (name, e, st['window_ns'] / 1e9, st['kernel_cpuidle_usage'],
             st['without_wfi']))
        p('  modelled us per entry: before WFI %.2f, in WFI %.1f, after '
          'wake-up %.2f; wake-up latency %.2f'
          % (per(st['before_wfi_ns'], e) / 1e3, per(st['in_wfi_ns'], woken) / 1e3,
             per(st['after_wakeup_ns'], woken) / 1e3,
             per(st['wakeup_latency_ns'], woken) / 1e3))
        pdr = st['power_domain_registers']
        p('  power-domain registers (PWSTCTRL/PWSTST/PREPWSTST) per entry: '
          'before WFI %.1f, after wake-up %.1f'
          % (per(pdr['before_wfi']['reads'] + pdr['before_wfi']['writes'], e),
             per(pdr['after_wakeup']['reads'] + pdr['after_wakeup']['writes'],
                 e)))
        p('  register accesses per entry      before WFI        after wake-up')
        agents = sorted(set(st['before_wfi']) | set(st['after_wakeup']))
        for a in agents:
            b = st['before_wfi'].get(a, {'reads': 0, 'writes': 0, 'groups': {}})
            f = st['after_wakeup'].get(a, {'reads': 0, 'writes': 0,
                                          'groups': {}})
            p('    %-28s %6.1f R %5.1f W   %6.1f R %5.1f W'
              % (a, per(b['reads'], e), per(b['writes'], e),
                 per(f['reads'], e), per(f['writes'], e)))
            for g in sorted(set(b['groups']) | set(f['groups'])):
                bg = b['groups'].get(g, {'reads': 0, 'writes': 0})
                fg = f['groups'].get(g, {'reads': 0, 'writes': 0})
                p('      %-26s %6.1f R %5.1f W   %6.1f R %5.1f W'
                  % (g, per(bg['reads'], e), per(bg['writes'], e),
                     per(fg['reads'], e), per(fg['writes'], e)))
        low = ', '.join('%s %s' % (pd, '/'.join('%s %d' % kv for kv in c.items()))
                        for pd, c in sorted(st['lowest_power_state'].items())
                        if c and set(c) != {'ON'})
        p('  lowest power state per entry: %s' % (low or 'all ON'))
        p('  wake-up sources: %s' % ', '.join('%s %d' % kv for kv in
                                               st['wakeup_sources'].items()))
        diff = [pd for pd, c in st['pm_debug_count'].items()
                if c['kernel'] != c['machine']]
        p('  pm_debug count (RET/OFF entries) against the PRCM model: %s'
          % ('agree' if not diff else 'differ for ' + ', '.join(diff)))
    p('')
    p('SDRC_POWER at the end: %s' % fig['sdrc_power'])
