# Sourced by the benchmark scenarios (kbench, membench, hackbench,
# cyclictest): the conditions the measured program runs in.
#
#   n9.cond=phone (the default)  as the phone's figures were taken
#                                (docs/facts.md, "How the phone's figures
#                                were taken"): an ordinary user, not root,
#                                four cgroup levels deep, in
#                                /system/applications/standby of each
#                                cgroup v1 hierarchy Harmattan mounts
#   n9.cond=root                 root in the root cgroup (the setting of
#                                the figures before 2026-12-03)
#
# n9_measure CMD ARGS... runs the measured program in them; the scenario's
# own set-up (sysfs, /dev/mem, marks) stays root's.  The fair scheduler
# works per cgroup level (enqueue, dequeue, pick, load and runtime updates
# at each), cpuacct charges each level, the memory controller charges
# pages up the tree: the depth is part of every scheduling figure.
n9_cond=phone
for arg in $(cat /proc/cmdline); do
    case $arg in n9.cond=*) n9_cond=${arg#n9.cond=} ;; esac
done
case $n9_cond in
    phone|root) ;;
    *) echo "n9.cond=$n9_cond: not phone or root"; n9host exit 2; exit 2 ;;
esac

# The user the phone's benchmarks ran as (Harmattan's "user" is not root;
# only its being unprivileged matters here)
N9_UID=1000
N9_GROUP=/system/applications/standby

n9_has() {
    grep -q "^$1[[:space:]]" /proc/cgroups
}

# The hierarchies; a kernel without one of the controllers (a kernel of
# the user's own) goes without it, and the report says so (n9_conditions).
# Only the cpu controller is needed: it makes the levels.
n9_cgroups() {
    mount -t tmpfs -o mode=0755 cgroup /sys/fs/cgroup || return 1
    n9_missing= n9_hier=
    for h in cpu,cpuacct freezer devices memory; do
        # (6.18 lists in /proc/cgroups only what v1 can mount: memory
        # without MEMCG_V1 is looked for in cgroup2, below)
        if [ $h != memory ] && { ! n9_has ${h%%,*} || ! n9_has ${h##*,}; }; then
            n9_missing="$n9_missing $h"
            [ $h != cpu,cpuacct ] || return 1
            continue
        fi
        mkdir -p /sys/fs/cgroup/$h
        if ! mount -t cgroup -o $h cgroup /sys/fs/cgroup/$h 2>/dev/null; then
            # 6.18 keeps the v1 memory controller behind MEMCG_V1: a kernel
            # without it gets the memory controller through cgroup2, whose
            # charges walk the same levels
            [ $h = memory ] || return 1
            rmdir /sys/fs/cgroup/$h
            if n9_memory_v2; then
                n9_hier="$n9_hier memory(cgroup2)"
            else
                n9_missing="$n9_missing memory"
            fi
            continue
        fi
        mkdir -p /sys/fs/cgroup/$h$N9_GROUP || return 1
        n9_hier="$n9_hier $h"
    done
}

n9_memory_v2() {
    n9_v2=/sys/fs/cgroup/unified
    mkdir -p $n9_v2 && mount -t cgroup2 cgroup2 $n9_v2 || return 1
    if ! grep -qw memory $n9_v2/cgroup.controllers; then
        umount $n9_v2; rmdir $n9_v2
        return 1
    fi
    mkdir -p $n9_v2$N9_GROUP || return 1
    for p in "" /system /system/applications; do
        echo +memory > $n9_v2$p/cgroup.subtree_control || return 1
    done
}

if [ $n9_cond = phone ]; then
    if ! n9_cgroups; then
        echo "n9.cond=phone: cannot build the cgroup tree"
        n9host exit 2
        exit 2
    fi
    # the benchmarks' scratch space, writable by the user
    chmod 1777 /tmp
fi

n9_measure() {
    if [ $n9_cond = root ]; then
        "$@"
        return
    fi
    (
        # this subshell (and so the program it becomes) joins the group
        for d in /sys/fs/cgroup/*$N9_GROUP; do
            echo 0 > $d/cgroup.procs || exit 125
        done
        # what an unprivileged user may be given: real-time priorities and
        # locked memory (cyclictest -p, -m), as limits.conf would
        ulimit -r 99 -l unlimited
        # N9_CAP: a capability (linux/capability.h number) the model's
        # instruments need: membench's marks map the machine's mark port
        # through /dev/mem (17, CAP_SYS_RAWIO)
        exec n9user $N9_UID ${N9_CAP:+-c $N9_CAP} "$@"
    )
}

# A line for the report: where the measured program ran
n9_conditions() {
    if [ $n9_cond = root ]; then
        echo "conditions root: uid 0, root cgroup"
    else
        echo "conditions phone: uid $N9_UID, $N9_GROUP in$n9_hier" \
             ${n9_missing:+"(the kernel has no:$n9_missing)"}
    fi
}
