"""The tests' verdict lines: one "PASS: name" or "FAIL: name" (with the
detail indented below) per check, which tests/run counts; `failed` is the
tally a test's exit status comes from."""

failed = 0


def check(name, ok, detail=''):
    """Print the verdict on @name; on a failure, @detail below it"""
    global failed
    failed += not ok
    print('%s: %s%s' % ('PASS' if ok else 'FAIL', name,
                        '' if ok or not detail else
                        '\n    ' + str(detail).replace('\n', '\n    ')),
          flush=True)


def fail(line):
    """A failure with its own wording (e.g. "FAIL: XPASS ...")"""
    global failed
    failed += 1
    print('FAIL: %s' % line, flush=True)
