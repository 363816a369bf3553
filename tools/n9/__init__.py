"""The n9 tool's library: one place that builds the QEMU command line
(qemu.py), finds the kernels and the build artefacts (env.py, kernel.py),
runs the scenarios in the initramfs (scenario.py, workloads.py), records
what made a result (record.py), and the sweeps, comparisons and plots
(sweep.py, compare.py, plot.py).  The command-line front end is cli.py,
run by the executable `n9` at the top of the repository; the tests import
these modules to boot the machine the way the tool does.
"""
