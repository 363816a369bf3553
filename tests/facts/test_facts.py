#!/usr/bin/env python3
"""The phone's figures as data, and every reference inside the repo.

Checks, without building or booting anything (a second):
  - timing/phone-measured.ini parses (tools/n9/facts.py), and every figure
    has a value (a number or LOW-HIGH), a unit, a line saying what it is
    and a source; a table with an entry missing its source, with a value
    that is not a number, or with a range backwards is refused;
  - timing/phone.ini, the defaults spelled out, gives every parameter the
    table names (`parameters`) the table's figure (the machine's built-in
    defaults: tests/timing/test_timing_file.py);
  - the pages that cite a figure by its name (`mmio.prm`) cite one of the
    table, and a Markdown table row that cites one (docs/calibration.md's
    phone column) shows the table's value;
  - no test or tool carries its own copy of a phone range (the ranges of
    100 ns and more, e.g. a PRM read's, written as two numbers in a .py
    file under tests/ or tools/): they read the table;
  - docs/README.md indexes every page of docs/;
  - every page a file cites by name (NAME.md) is a page of the repo;
  - no file of the repo names a path of a build machine (a home or root
    folder, the build host's work folder, a shared folder beside the
    clone): a clone anywhere else finds every reference it cites.  This
    file spells none out either: its patterns are built from the folder
    names.
Prints PASS:/FAIL: lines.
Usage: test_facts.py TOPDIR
"""
import configparser
import os
import re
import subprocess
import sys
import tempfile

TOP = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                      os.path.join(os.path.dirname(__file__), '..', '..'))
sys.path.insert(0, os.path.join(TOP, 'tools'))
from n9 import facts  # noqa: E402
sys.path.insert(0, os.path.join(TOP, 'tests', 'lib'))
import n9check  # noqa: E402
from n9check import check  # noqa: E402

# Paths of a build machine: never in the repo.  Built from the folder
# names, so that this file names no such path itself.
MACHINE_FOLDERS = ('work', 'root', 'home')


def machine_path(*parts):
    """An absolute path under one of MACHINE_FOLDERS (for the self-check)"""
    return '/' + '/'.join(parts)


MACHINE_PATHS = re.compile(r'/(?:%s)/|\.\./shared\b|\bshared/docs\b'
                           % '|'.join(MACHINE_FOLDERS))
# Pages the tool writes into a run's folder, not pages of the repo
GENERATED = {'report.md'}
SELF = os.path.relpath(os.path.abspath(__file__), TOP)

def repo_files():
    """The files of the clone: tracked and new ones not ignored (without
    git, e.g. an unpacked tarball: every file but .git's)"""
    p = subprocess.run(['git', '-C', TOP, 'ls-files', '-co',
                        '--exclude-standard', '-z'], capture_output=True)
    if p.returncode == 0 and p.stdout:
        return [f for f in p.stdout.decode().split('\0') if f]
    out = []
    for d, dirs, names in os.walk(TOP):
        dirs[:] = [x for x in dirs if x != '.git']
        out += [os.path.relpath(os.path.join(d, n), TOP) for n in names
                if n != '.git']
    return sorted(out)


def text_of(path):
    try:
        with open(os.path.join(TOP, path), 'rb') as f:
            data = f.read()
    except OSError:        # a deleted file not yet committed
        return None
    if b'\0' in data[:8192]:
        return None        # binary (plots)
    return data.decode('utf-8', 'replace')


def test_table():
    try:
        table = facts.parse()
    except facts.FactError as e:
        check('timing/phone-measured.ini parses', False, e)
        return None
    incomplete = [n for n, f in table.items()
                  if not (f.text and f.unit and f.what and f.source)]
    check('timing/phone-measured.ini parses: %d figures, each with a value, '
          'a unit, what it is and a source' % len(table),
          len(table) >= 20 and not incomplete, incomplete)
    phone = [n for n, f in table.items() if f.source.startswith('phone')]
    check('%d of them measured on the phone, the rest read from the sources '
          'each names' % len(phone), len(phone) >= 10)

    # a malformed table is refused, with the section named
    good = '[a.b]\nvalue = 1-2\nunit = ns\nwhat = x\nsource = phone: y\n'
    bad = {
        'no source': '[a.b]\nvalue = 1\nunit = ns\nwhat = x\n',
        'an empty source': good.replace('phone: y', ''),
        'a value that is no number': good.replace('1-2', 'about 3'),
        'a range backwards': good.replace('1-2', '5-2'),
        'an unknown key': good + 'note = z\n',
        'one parameter for a range': good + 'parameters = l3.read_min_ns\n',
    }
    with tempfile.TemporaryDirectory() as tmp:
        p = os.path.join(tmp, 'facts.ini')
        with open(p, 'w') as f:
            f.write(good)
        ok = facts.parse(p)['a.b'].low == 1.0
        for what, text in bad.items():
            with open(p, 'w') as f:
                f.write(text)
            try:
                facts.parse(p)
                ok, msg = False, 'taken'
            except facts.FactError as e:
                ok, msg = ok and '[a.b]' in str(e), str(e)
            check('a table with %s is refused, the section named (%s)'
                  % (what, msg), ok)
    return table


def test_phone_ini():
    cp = configparser.ConfigParser(interpolation=None)
    cp.read(os.path.join(TOP, 'timing', 'phone.ini'))
    params = {s: {k: int(v) for k, v in cp[s].items()} for s in cp.sections()}
    rows = facts.check_parameters(params, only_present=True)
    bad = ['%s = %s, [%s] says %s' % (k, got, name, want)
           for k, name, want, got, ok in rows if not ok]
    check('timing/phone.ini gives the table\'s figures (%d parameters: %s)'
          % (len({r[0] for r in rows}), ', '.join(sorted({r[0] for r in rows}))),
          len(rows) >= 6 and not bad, '\n'.join(bad))
    # the comparison finds a default that moved, and an SDRAM timing more
    # than one clock away from the table's ns
    params['l4-wkup']['read_min_ns'] -= 1
    moved = [r for r in facts.check_parameters(params, only_present=True)
             if not r[4]]
    sd = facts.check_parameters({'sdram': {'trcd': 3}}, only_present=True)
    check('a default one ns off the table, or tRCD a clock off, is found '
          '(%s; tRCD 3 clocks: %s)' % (', '.join(sorted({r[0] for r in moved})),
                                       'found' if not sd[0][4] else 'missed'),
          {r[0] for r in moved} == {'l4-wkup.read_min_ns'} and len(sd) == 1
          and not sd[0][4])


def test_no_copies(table, files):
    pairs = sorted({(int(f.low), int(f.high)) for f in table.values()
                    if f.is_range and f.low >= 100})
    pats = [(lo, hi, re.compile(r'\b%d(?:\.0+)?\D{1,6}\b%d\b' % (lo, hi)))
            for lo, hi in pairs]
    found = []
    for path in files:
        if not path.endswith('.py') or path == SELF or \
                not path.startswith(('tests/', 'tools/')):
            continue
        text = text_of(path) or ''
        for n, line in enumerate(text.split('\n'), 1):
            for lo, hi, pat in pats:
                if pat.search(line):
                    found.append('%s:%d: %s' % (path, n, line.strip()))
    check('no test or tool carries a copy of the phone\'s ranges (%s): '
          'they read timing/phone-measured.ini'
          % ', '.join('%d-%d' % p for p in pairs), pairs and not found,
          '\n'.join(found))


def other_lines(files):
    """(path, line number, line) of every text file but this one"""
    for path in files:
        if path == SELF:
            continue
        text = text_of(path)
        if text is None:
            continue
        for i, line in enumerate(text.split('\n'), 1):
            yield path, i, line


def test_no_machine_paths(files):
    found = []
    read = set()
    for path, i, line in other_lines(files):
        read.add(path)
        if MACHINE_PATHS.search(line):
            found.append('%s:%d: %s' % (path, i, line.strip()[:120]))
    n = len(read)
    check('no file of the repo names a build machine\'s path (%d text '
          'files; %s folders, a shared folder beside the clone)'
          % (n, ', '.join(MACHINE_FOLDERS)),
          n > 100 and not found, '\n'.join(found[:40]))
    # the check finds what it looks for
    check('the path check finds such a reference',
          all(MACHINE_PATHS.search(s) for s in
              ('see ' + os.path.join('..', 'shared', 'docs', 'x.md'),
               machine_path('work', 'main', 'x'),
               machine_path('root', '.cache'),
               machine_path('home', 'u', 'x'))) and
          not MACHINE_PATHS.search('docs/facts.md, ~/.cache/qemu-n9'))


def test_md_references(files):
    """Every NAME.md a file cites is a page of the repo"""
    pages = {os.path.basename(f) for f in files if f.endswith('.md')}
    pages |= GENERATED
    ref = re.compile(r'(?<![\w.-])([\w.-]+)\.md\b')
    found = []
    for path, i, line in other_lines(files):
        for m in ref.finditer(line):
            if m.group(1) + '.md' not in pages:
                found.append('%s:%d: %s.md' % (path, i, m.group(1)))
    check('every page a file cites (NAME.md) is in the repo (%d pages)'
          % len(pages), not found, '\n'.join(found[:60]))


FACT_NAME = re.compile(r'`((?:clock|mmio|lpddr|sdrc-power|membench(?:-0x[0-9a-f]+)?|'
                       r'idle|memory)\.[\w.*-]+)`')
FILE_NAME = re.compile(r'\.(sh|c|h|S|py|md|ini|toml|json|txt)$')


def spellings(f):
    """How a page may write a figure's value: as in the table, or a rate
    in MHz or GHz"""
    out = {f.text}
    if f.is_range:
        out.add('%g, %g' % (f.low, f.high))     # a default's min, max
    if f.unit == 'Hz' and not f.is_range:
        out |= {'%g MHz' % (f.low / 1e6), '%g GHz' % (f.low / 1e9)}
    return out


def test_docs_cite_facts(table, files):
    """A page that names a figure (`mmio.prm`, `membench.lat.*`) names one
    of the table, and a table row that names one shows its value"""
    dangling, wrong, n = [], [], 0
    for path in files:
        if not path.endswith('.md') or path == 'docs/facts.md':
            continue
        for i, line in enumerate((text_of(path) or '').split('\n'), 1):
            for m in FACT_NAME.finditer(line):
                name = m.group(1)
                if FILE_NAME.search(name):
                    continue
                n += 1
                if name.endswith('*'):
                    if not any(k.startswith(name[:-1]) for k in table):
                        dangling.append('%s:%d: %s' % (path, i, name))
                    continue
                f = table.get(name)
                if f is None:
                    dangling.append('%s:%d: %s' % (path, i, name))
                elif line.startswith('|') and \
                        not any(s in line for s in spellings(f)):
                    wrong.append('%s:%d: %s is %s, the row says otherwise'
                                 % (path, i, name, f.text))
    check('the pages cite figures of the table by name (%d citations), '
          'each name in it' % n, n >= 20 and not dangling,
          '\n'.join(dangling))
    check('a table row that cites a figure shows the table\'s value '
          '(docs/calibration.md\'s phone column, ...)', not wrong,
          '\n'.join(wrong))


def test_docs_index(files):
    """docs/README.md names every page of docs/"""
    index = text_of('docs/README.md') or ''
    pages = sorted(f[5:] for f in files if f.startswith('docs/') and
                   f.endswith('.md') and '/' not in f[5:] and f != 'docs/README.md')
    missing = [p for p in pages if '`%s`' % p not in index]
    check('docs/README.md indexes every page of docs/ (%d pages)' % len(pages),
          pages and not missing, 'not in the index: ' + ', '.join(missing))


def test_docs_table():
    """docs/facts.md shows the table as tools/n9/facts.py prints it"""
    page = text_of('docs/facts.md') or ''
    m = re.search(r'<!-- facts table begin[^>]*-->\n(.*?)<!-- facts table end -->',
                  page, re.S)
    want = facts.markdown()
    check('docs/facts.md shows timing/phone-measured.ini as it is '
          '(python3 tools/n9/facts.py --markdown between its "facts table" '
          'markers)', bool(m) and m.group(1) == want,
          'no markers in docs/facts.md' if not m else
          'the page\'s table differs: regenerate it')


def main():
    files = repo_files()
    test_docs_table()
    test_docs_index(files)
    test_md_references(files)
    table = test_table()
    if table:
        test_phone_ini()
        test_no_copies(table, files)
        test_docs_cite_facts(table, files)
    test_no_machine_paths(files)
    sys.exit(1 if n9check.failed else 0)


if __name__ == '__main__':
    main()
