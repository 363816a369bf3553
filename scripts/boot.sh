#!/usr/bin/env bash
# The README's first command: set up everything and boot the N9 model to
# a shell (`./n9 boot`, after the host packages, python3 among them, are
# installed).  Options: ./n9 boot --help.
. "$(dirname "$0")/lib.sh"; "$N9_TOP/scripts/setup-host.sh"; exec "$N9_TOP/n9" boot "$@"
