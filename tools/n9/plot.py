"""`n9 plot` (placeholder while the sweep lands)."""


def add_parser(sub):
    pass
