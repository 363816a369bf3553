"""The tests' verdict lines: one "PASS: name" or "FAIL: name" (with the
detail indented below) per check, which tests/run counts; `failed` is the
tally a test's exit status comes from (`passed` the other count).  Every
test prints its verdicts through check(), none has its own."""

failed = 0
passed = 0


def check(name, ok, detail=''):
    """Print the verdict on @name; on a failure, @detail below it.
    Returns @ok as a bool, so that a test can go on only if it held."""
    global failed, passed
    ok = bool(ok)
    failed += not ok
    passed += ok
    print('%s: %s%s' % ('PASS' if ok else 'FAIL', name,
                        '' if ok or not detail else
                        '\n    ' + str(detail).replace('\n', '\n    ')),
          flush=True)
    return ok


def fail(line):
    """A failure with its own wording (e.g. "FAIL: XPASS ...")"""
    global failed
    failed += 1
    print('FAIL: %s' % line, flush=True)
