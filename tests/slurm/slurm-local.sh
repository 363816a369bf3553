#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for the tests of
# `n9 sweep --slurm` (tests/tool/test_sweep.py): Debian's slurm-wlm and
# munge (scripts/setup-host.sh installs them), configured here, in a folder
# of its own, with no cgroup plugin (process tracking by /proc, no task
# containment, no accounting), so it runs in a container as on a host.
#
#   tests/slurm/slurm-local.sh start DIR   start munged, slurmctld, slurmd;
#                                          prints SLURM_CONF=DIR/slurm.conf
#   tests/slurm/slurm-local.sh stop DIR    stop them (by their pid files)
#
# The daemons run as the calling user (root in CI); the ports are picked
# free at start (two developers' test runs do not collide).  Point the
# Slurm commands at it with SLURM_CONF=DIR/slurm.conf.
set -euo pipefail
cmd=${1:-} dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop DIR" >&2; exit 1; }
die() { echo "slurm-local: error: $*" >&2; exit 1; }

stop() {
    local f pid
    for f in slurmd slurmctld munged; do
        pid=$(cat "$dir/$f.pid" 2>/dev/null) || continue
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null || true
        rm -f "$dir/$f.pid"
    done
}

if [ "$cmd" = stop ]; then
    stop
    exit 0
fi
[ "$cmd" = start ] || die "unknown command $cmd (start, stop)"
for t in munged mungekey slurmctld slurmd sbatch; do
    command -v "$t" >/dev/null || [ -x "/usr/sbin/$t" ] ||
        die "$t missing: run scripts/setup-host.sh (slurm-wlm, munge)"
done
export PATH=$PATH:/usr/sbin
mkdir -p "$dir"
dir=$(realpath "$dir")
stop
rm -rf "$dir/state" "$dir/spool" "$dir/munge"
mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
chmod 700 "$dir/munge"

# MUNGE, the credentials Slurm signs its messages with: a key of our own
mungekey --create --keyfile="$dir/munge/munge.key" --force 2>/dev/null ||
    dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 600 "$dir/munge/munge.key"
munged --force --socket="$dir/munge/munge.sock" --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" \
    --seed-file="$dir/munge/munged.seed" ||
    die "munged did not start (log: $dir/munged.log)"

# two free TCP ports
read -r p1 p2 < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*(x.getsockname()[1] for x in s))')
host=$(hostname -s)
cpus=$(nproc)
cat > "$dir/slurm.conf" <<EOC
# one-node Slurm for the n9 tests (tests/slurm/slurm-local.sh)
ClusterName=n9test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$p1
SlurmdPort=$p2
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.sock
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmctldParameters=enable_configless
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=n9 Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOC
export SLURM_CONF=$dir/slurm.conf
slurmctld -f "$SLURM_CONF" -i || die "slurmctld did not start (log: $dir/slurmctld.log)"
slurmd -f "$SLURM_CONF" || die "slurmd did not start (log: $dir/slurmd.log)"
# the node must be up before a job can run
for _ in $(seq 100); do
    st=$(sinfo -h -n "$host" -o %T 2>/dev/null || true)
    case "$st" in idle|mixed|allocated) echo "SLURM_CONF=$SLURM_CONF"; exit 0 ;; esac
    sleep 0.2
done
die "the node did not come up (state '$st'; logs: $dir/slurmctld.log, $dir/slurmd.log)"
