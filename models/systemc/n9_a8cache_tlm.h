/*
 * The Cortex-A8's caches and TLBs (models/cache, a8cache.h) as an
 * initiator-side TLM-2.0 component: a target socket facing the CPU, an
 * initiator socket towards the interconnect.
 *
 * A CPU transaction to the cacheable range (the SDRAM by default) is a
 * load, store or instruction fetch (the AccessKind extension says which;
 * without it a read is a load, a write a store): its stall is what
 * a8cache_load/store/fetch answer at the time it is at, added to the
 * annotated delay.  The misses, write-backs and uncached transfers the
 * model makes on the way go out through `mem` as timed b_transport calls
 * (a line fill is a 64-byte read), so the SDRC target behind charges
 * them; their latency is the next level's answer to the model
 * (a8cache_next).  The CPU's data then move by transport_dbg: the cache
 * decides time, not data, as in the machine.  Anything else (MMIO) goes
 * through untouched: its agent charges it.  DMI is refused: every access
 * costs what the caches hold at its time.
 *
 * The translation (TLB, page walk) is the caller's: a transaction here
 * carries a physical address; model() gives the model for a CPU model that
 * walks its own tables (a8cache_tlb_hit, a8cache_walk_tlb).
 *
 * Or the machine's whole memory path (models/mempath: the TLBs, the walks,
 * the caches, the SCTLR's and the page's attributes, the MPU's rate): a
 * transaction whose AccessKind has `path` set is costed by mempath_access,
 * mempath_fetch or mempath_pld with its virtual address, exactly as the
 * QEMU machine costs the vCPU's access; the CPU model gives the
 * descriptors a walk reads (walk_read) and sets the CPU state on path()
 * (mempath_set_ctx, mempath_tlb_maint, mempath_set_mpu_hz, ...).  The
 * trace replay (tlm_replay) drives it so.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef N9_A8CACHE_TLM_H
#define N9_A8CACHE_TLM_H

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "n9_tlm.h"

extern "C" {
#include "a8cache.h"
}

struct mempath;     /* models/mempath/mempath.h */

namespace n9 {

/* What a CPU transaction is, for the cache. */
struct AccessKind : tlm::tlm_extension<AccessKind> {
    enum Kind { LOAD, STORE, FETCH, LOAD_SIMD, PLD, CMAINT } kind = LOAD;
    bool uncached = false;  /* Normal non-cacheable / Device in the range */
    /* Through the memory path (mempath.h), at any address: */
    bool path = false;
    uint32_t va = 0;        /* the virtual address */
    unsigned size = 0;      /* bytes the path is told (a fetch: its code) */
    bool use = false;       /* a load in the line of the last load's word */
    unsigned ninsns = 0;    /* a fetch: its instructions ... */
    int cont = 0;           /* ... and continuation (MP_FETCH_*) */
    int op = 0;             /* CMAINT: MP_IC_*, MP_DC_* (by set and way,
                             * va is the operand) */
    /* the descriptors a walk for @va reads (mempath.walk_read) */
    void (*walk_read)(void *ctx, int side, uint32_t va, a8cache_walk *w) =
        nullptr;
    void *walk_ctx = nullptr;

    tlm::tlm_extension_base *clone() const override
    {
        return new AccessKind(*this);
    }
    void copy_from(const tlm::tlm_extension_base &o) override
    {
        *this = static_cast<const AccessKind &>(o);
    }
};

class A8Cache : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<A8Cache> cpu;
    tlm_utils::simple_initiator_socket<A8Cache> mem;

    /* @p: [cache] parameters (nullptr: a8cache_default_params, the N9's);
     * @seed: the replacement generator's seed. */
    A8Cache(sc_core::sc_module_name name, const a8cache_params *p = nullptr,
            uint64_t seed = 1, uint64_t cacheable_base = SDRAM_BASE,
            uint64_t cacheable_size = SDRAM_SIZE);

    a8cache &model();
    uint64_t counter(enum a8cache_counter i) const;
    /* the memory path around the cache model (mempath.h) */
    struct mempath &path() { return *mp_; }
    /* mempath_reset: caches, TLBs and counters anew; NULL or why not */
    const char *reset(const a8cache_params *p, uint64_t seed);
    ~A8Cache();
    /* CPU transactions the cache costed, and the stall ns it added */
    uint64_t accesses() const { return accesses_; }
    uint64_t stall_ns() const { return stall_ns_; }

private:
    struct mempath *mp_;        /* its cache is the model */
    uint64_t base_, size_;
    uint64_t now_ = 0;          /* the path's access's time */
    AccessKind *cur_ = nullptr; /* the path's access */
    uint64_t accesses_ = 0, stall_ns_ = 0;
    unsigned char line_[256];   /* data of the model's own transfers */
    tlm::tlm_generic_payload next_;

    static uint32_t next_access(void *ctx, uint32_t paddr, uint32_t bytes,
                                int is_write, uint64_t now_ns);
    static uint64_t path_now(void *fe);
    static void path_walk(void *fe, int side, uint32_t va, a8cache_walk *w);
    uint32_t path_access(tlm::tlm_generic_payload &t, AccessKind &k,
                         uint64_t now);
    void b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay);
    unsigned transport_dbg(tlm::tlm_generic_payload &t);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload &t, tlm::tlm_dmi &dmi);
};

}  // namespace n9

#endif /* N9_A8CACHE_TLM_H */
