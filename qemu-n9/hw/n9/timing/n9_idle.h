/*
 * qemu-n9 idle-walk counters: per idle entry of the guest kernel and per
 * C-state, the register accesses (per interconnect agent and register
 * group, before WFI and after the wake-up), the modelled time before WFI,
 * in WFI and after the wake-up, the wake-up source and the lowest power
 * state each domain reached.
 *
 * The boundaries of an idle entry are the entry of the kernel's cpuidle
 * state enter function (omap3_enter_idle_bm on the N9, or -M
 * rm696,idle-enter=SYMBOL) and its return, found from the kernel's
 * symbols (-M rm696,symbols=System.map or vmlinux): no change to the guest
 * kernel, so mainline, patched and a user's own kernel are counted alike.
 * The C-state is the one the function returns (the one cpuidle counts in
 * its "usage"); WFI and the wake-up come from the PRCM (omap3_prcm.h), the
 * accesses from the agents' per-group counters (n9_agent.h), read at each
 * boundary, so the access path costs nothing more.
 *
 * Readable live over QMP (qom-get /machine/idle entries, /machine/idle/C3
 * before-ns, ...) and written into the statistics JSON (-M rm696,stats=)
 * as its "idle" section; -M rm696,idle-trace=FILE writes a Chrome/Perfetto
 * trace (ui.perfetto.dev) of idle entries, WFI, power states and wake-ups.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_N9_IDLE_H
#define HW_N9_N9_IDLE_H

#include "qapi/error.h"
#include "qobject/qdict.h"
#include "omap3630.h"

#define TYPE_N9_IDLE "n9-idle-walk"
OBJECT_DECLARE_SIMPLE_TYPE(N9IdleWalk, N9_IDLE)

/* The default boundary: the OMAP3 cpuidle driver's enter function */
#define N9_IDLE_DEFAULT_ENTER   "omap3_enter_idle_bm"

/*
 * A device: counters of the idle walk of the SoC (link "soc"), with the
 * boundaries found in the symbol file "symbols" (System.map or an ELF
 * vmlinux) under the name "enter" (default N9_IDLE_DEFAULT_ENTER), and an
 * optional trace file "trace-file".  Realize fails if the symbol is not
 * there or the trace cannot be written.
 */

/* The counters as the statistics file's "idle" section */
QDict *n9_idle_stats(N9IdleWalk *w);

/* End the trace file (at exit); false if it could not be written in full */
bool n9_idle_finish(N9IdleWalk *w);

/* Find @name in a System.map or ELF symbol table; false with @errp set */
bool n9_symbols_lookup(const char *file, const char *name, uint64_t *addr,
                       Error **errp);

#endif /* HW_N9_N9_IDLE_H */
