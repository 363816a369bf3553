# Sourced by the scenarios: a quiet N9 before measuring.
# - UARTs that are not a console may runtime-suspend (their clocks stop),
# - then QUIET_SETTLE seconds (default 3) for every driver's runtime-PM
#   autosuspend delay to pass (McSPI's 2 s is the longest).
# What stays is the kernel's own: e.g. the bq27xxx battery driver, attached
# to the HDQ master's (empty) line, talks to it every ~8.5 s, which keeps
# HDQ's functional clock, and so CORE, on for ~0.35 s (docs/idle.md).
for d in /sys/bus/platform/devices/*.serial; do
    echo 100 > $d/power/autosuspend_delay_ms
done
sleep "${QUIET_SETTLE:-3}"
