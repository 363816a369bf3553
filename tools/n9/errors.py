"""The tool's one kind of user-facing error: one line on stderr, status 1."""


class UserError(Exception):
    """A mistake in the user's input or environment: its message is the
    one line the tool prints (after "n9: error: ")."""
