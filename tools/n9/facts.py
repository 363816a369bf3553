"""The phone's measured figures, read from timing/phone-measured.ini: the
one place they are written down (docs/facts.md).  The tests that hold a
model figure against the phone's and the reports that print the phone's
column (n9 membench) take them from here instead of carrying copies.

    from n9 import facts
    facts.range('mmio.prm')            -> (low, high), ns per read
    facts.value('membench.line.pld')   -> one number
    facts.load()['mmio.prm'].source    -> 'phone: mmiolat, ...'

Run as a program it prints the table as Markdown, the table of
docs/facts.md (tests/facts/test_facts.py checks the page against it):
    python3 tools/n9/facts.py --markdown
"""
import configparser
import os
import re

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..',
                    'timing', 'phone-measured.ini')
PATH = os.path.normpath(PATH)

KEYS = {'value', 'unit', 'what', 'source', 'parameters', 'sizes'}
REQUIRED = ('value', 'unit', 'what', 'source')
NUMBER = r'(?:0x[0-9a-fA-F]+|\d+(?:\.\d+)?)'
VALUE = re.compile(r'(%s)(?:-(%s))?' % (NUMBER, NUMBER))


class FactError(Exception):
    """timing/phone-measured.ini is malformed: the message names the
    file, the section and what is wrong"""


class Fact:
    """One figure: low == high for a single value."""

    def __init__(self, name, low, high, unit, what, source, parameters,
                 sizes, text):
        self.name, self.low, self.high = name, low, high
        self.unit, self.what, self.source = unit, what, source
        self.parameters, self.sizes, self.text = parameters, sizes, text

    @property
    def is_range(self):
        return self.low != self.high

    def __repr__(self):
        return 'Fact(%s = %s %s)' % (self.name, self.text, self.unit)


def _number(s):
    return float(int(s, 16)) if s.lower().startswith('0x') else float(s)


def parse(path=PATH):
    """{name: Fact} in the file's order; FactError on anything malformed
    (an unknown key, a missing or empty value, unit, what or source, a
    value that is not a number or LOW-HIGH with LOW <= HIGH, a parameter
    list that does not fit the value)."""
    cp = configparser.ConfigParser(interpolation=None, strict=True)
    cp.optionxform = str
    try:
        with open(path, encoding='utf-8') as f:
            cp.read_file(f)
    except (OSError, configparser.Error) as e:
        raise FactError('%s: %s' % (path, str(e).splitlines()[0]))
    out = {}
    for name in cp.sections():
        sec = cp[name]
        where = '%s: [%s]' % (os.path.basename(path), name)
        for k in sec:
            if k not in KEYS:
                raise FactError('%s: unknown key %r (keys: %s)'
                                % (where, k, ', '.join(sorted(KEYS))))
        for k in REQUIRED:
            if not sec.get(k, '').strip():
                raise FactError('%s: no %s' % (where, k))
        text = sec['value'].strip()
        m = VALUE.fullmatch(text)
        if not m:
            raise FactError('%s: value %r is not a number or LOW-HIGH'
                            % (where, text))
        low = _number(m.group(1))
        high = _number(m.group(2)) if m.group(2) else low
        if high < low:
            raise FactError('%s: value %r: LOW above HIGH' % (where, text))
        params = [p.strip() for p in sec.get('parameters', '').split(',')
                  if p.strip()]
        if 'parameters' in sec:
            want = 2 if low != high else 1
            if len(params) != want or not all(
                    re.fullmatch(r'[a-z0-9-]+\.[a-z0-9_]+', p) for p in params):
                raise FactError('%s: parameters must be %d SECTION.KEY '
                                'names for a %s' % (where, want, 'range' if
                                                    want == 2 else 'value'))
        sizes = [s.strip() for s in sec.get('sizes', '').split(',')
                 if s.strip()]
        out[name] = Fact(name, low, high, sec['unit'].strip(),
                         sec['what'].strip(), sec['source'].strip(), params,
                         sizes, text)
    if not out:
        raise FactError('%s: no figures' % path)
    return out


_cache = {}


def load():
    if 'facts' not in _cache:
        _cache['facts'] = parse()
    return _cache['facts']


def get(name):
    try:
        return load()[name]
    except KeyError:
        raise FactError('%s: no figure [%s]' % (PATH, name)) from None


def range(name):  # noqa: A001 (the module's vocabulary: facts.range)
    """(low, high) of a figure; (v, v) for a single value"""
    f = get(name)
    return f.low, f.high


def value(name):
    """A single figure's value (a range: FactError)"""
    f = get(name)
    if f.is_range:
        raise FactError('[%s] is a range (%s): use facts.range'
                        % (name, f.text))
    return f.low


def group(prefix):
    """{the part after PREFIX.: Fact} of every figure named PREFIX.*"""
    return {n[len(prefix) + 1:]: f for n, f in load().items()
            if n.startswith(prefix + '.')}


def by_size(prefix):
    """{working set: (low, high)} for the membench figures PREFIX.*, each
    figure spread over the working sets of its `sizes` key"""
    out = {}
    for f in group(prefix).values():
        for s in f.sizes:
            out[s] = (f.low, f.high)
    return out


def parameter_defaults():
    """{SECTION.KEY: (fact name, expected number, unit)} of every timing
    parameter whose default is a figure of the table"""
    out = {}
    for f in load().values():
        for p, v in zip(f.parameters, (f.low, f.high)):
            out.setdefault(p, []).append((f.name, v, f.unit))
    return out


def check_parameters(params, only_present=False):
    """Hold a parameter set ({section: {key: value}}, as the statistics
    file's timing_params or a parsed timing/phone.ini) against the table:
    [(SECTION.KEY, fact name, what it should be, what it is, ok)].  An
    SDRAM timing the table gives in ns is a count of L3 clocks in the
    parameters: it agrees when it is the nearest whole number of clocks
    to the ns (within half a clock: the SDRC counts whole clocks).  only_present: skip parameters the set
    does not hold (a timing file need not name every key)."""
    l3_hz = float(params.get('clocks', {}).get('l3_hz') or
                  value('clock.l3'))
    out = []
    for p, wants in sorted(parameter_defaults().items()):
        sec, key = p.split('.', 1)
        got = params.get(sec, {}).get(key)
        if got is None and only_present:
            continue
        for name, want, unit in wants:
            if got is None:
                out.append((p, name, want, None, False))
            elif sec == 'sdram' and unit == 'ns':
                period = 1e9 / l3_hz
                ok = abs(float(got) * period - want) < period / 2
                out.append((p, name, '%g ns = %.2f clocks' % (
                    want, want / period), got, ok))
            else:
                out.append((p, name, want, got, float(got) == want))
    return out


def markdown():
    """The table as docs/facts.md shows it: one row per figure"""
    rows = ['| figure | value | what | source | default of |',
            '|---|---|---|---|---|']
    for f in load().values():
        rows.append('| `%s` | %s %s | %s | %s | %s |' % (
            f.name, f.text, f.unit, f.what, f.source,
            ', '.join('`%s`' % p for p in f.parameters) or '-'))
    return '\n'.join(rows) + '\n'


if __name__ == '__main__':
    import sys
    if sys.argv[1:] != ['--markdown']:
        print('usage: facts.py --markdown  (print timing/phone-measured.ini '
              'as the table of docs/facts.md)', file=sys.stderr)
        sys.exit(1)
    try:
        sys.stdout.write(markdown())
    except FactError as e:
        print('facts.py: %s' % e, file=sys.stderr)
        sys.exit(1)
