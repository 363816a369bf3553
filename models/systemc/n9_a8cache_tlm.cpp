/*
 * The Cortex-A8 cache/TLB front end as an initiator-side TLM-2.0 component
 * (n9_a8cache_tlm.h): the timing is models/cache's.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "n9_a8cache_tlm.h"

#include <cstring>

extern "C" {
#include "mempath.h"
}

namespace n9 {

A8Cache::A8Cache(sc_core::sc_module_name name, const a8cache_params *p,
                 uint64_t seed, uint64_t cacheable_base,
                 uint64_t cacheable_size)
    : sc_module(name), cpu("cpu"), mem("mem"), base_(cacheable_base),
      size_(cacheable_size)
{
    const char *why;

    mp_ = new mempath();
    mp_->sdram_base = cacheable_base;
    mp_->sdram_size = cacheable_size;
    mp_->now = &A8Cache::path_now;
    mp_->walk_read = &A8Cache::path_walk;
    mp_->fe = this;
    why = reset(p ? p : &a8cache_default_params, seed);
    if (why) {
        SC_REPORT_ERROR(this->name(), why);
    }
    cpu.register_b_transport(this, &A8Cache::b_transport);
    cpu.register_transport_dbg(this, &A8Cache::transport_dbg);
    cpu.register_get_direct_mem_ptr(this, &A8Cache::get_direct_mem_ptr);
}

A8Cache::~A8Cache()
{
    delete mp_;
}

a8cache &A8Cache::model()
{
    return mp_->cache;
}

uint64_t A8Cache::counter(enum a8cache_counter i) const
{
    return mp_->cache.s.cnt[i];
}

const char *A8Cache::reset(const a8cache_params *p, uint64_t seed)
{
    a8cache_next next = { &A8Cache::next_access, this };

    return mempath_reset(mp_, p, &next, seed);
}

/* The memory path's clock: the time its access is at */
uint64_t A8Cache::path_now(void *fe)
{
    return static_cast<A8Cache *>(fe)->now_;
}

/* A walk: the CPU model's descriptors for @va (its page tables) */
void A8Cache::path_walk(void *fe, int side, uint32_t va, a8cache_walk *w)
{
    A8Cache *s = static_cast<A8Cache *>(fe);

    if (!s->cur_ || !s->cur_->walk_read) {
        SC_REPORT_ERROR(s->name(), "a TLB miss without the CPU's walk_read");
        std::memset(w, 0, sizeof(*w));
        return;
    }
    s->cur_->walk_read(s->cur_->walk_ctx, side, va, w);
}

/* An access through the memory path (AccessKind.path): the machine's rules */
uint32_t A8Cache::path_access(tlm::tlm_generic_payload &t, AccessKind &k,
                              uint64_t now)
{
    unsigned res;
    uint32_t ns;

    now_ = now;
    cur_ = &k;
    switch (k.kind) {
    case AccessKind::FETCH:
        ns = mempath_fetch(mp_, t.get_address(), k.size, k.ninsns, k.va,
                           k.cont, 0, &res);
        break;
    case AccessKind::PLD:
        ns = mempath_pld(mp_, k.va, t.get_address());
        break;
    case AccessKind::CMAINT:
        ns = mempath_cache_maint(mp_, k.op, k.va, t.get_address());
        break;
    default:
        ns = mempath_access(mp_, k.va, t.get_address(), k.size,
                            k.kind == AccessKind::STORE,
                            k.kind == AccessKind::LOAD_SIMD, k.use, &res);
        break;
    }
    cur_ = nullptr;
    return ns;
}

/*
 * The model's next level: one timed transfer through mem at @now_ns (a
 * time at or after the kernel's: the model runs in the CPU's transaction).
 * Its latency is what the target added to the delay.
 */
uint32_t A8Cache::next_access(void *ctx, uint32_t paddr, uint32_t bytes,
                              int is_write, uint64_t now_ns)
{
    A8Cache *s = static_cast<A8Cache *>(ctx);
    tlm::tlm_generic_payload &t = s->next_;
    sc_core::sc_time start = ns_time(now_ns) - sc_core::sc_time_stamp();
    sc_core::sc_time delay = start;

    if (bytes > sizeof(s->line_)) {
        SC_REPORT_ERROR(s->name(), "a transfer longer than a line");
    }
    t.set_command(tlm::TLM_READ_COMMAND);
    t.set_address(paddr);
    t.set_data_ptr(s->line_);
    t.set_data_length(bytes);
    t.set_streaming_width(bytes);
    t.set_byte_enable_ptr(nullptr);
    t.set_dmi_allowed(false);
    if (is_write) {
        /*
         * A write-back or an uncached write: the CPU's stores reached the
         * memory's data already (by transport_dbg), so it carries what the
         * memory holds; only its time is new.
         */
        s->mem->transport_dbg(t);
        t.set_command(tlm::TLM_WRITE_COMMAND);
    }
    t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    s->mem->b_transport(t, delay);
    if (t.is_response_error()) {
        SC_REPORT_WARNING(s->name(), "error response to a line transfer");
    }
    return time_ns(delay - start);
}

void A8Cache::b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay)
{
    uint64_t addr = t.get_address();
    unsigned len = t.get_data_length();
    AccessKind *k = t.get_extension<AccessKind>();
    int kind = k ? k->kind : t.is_write() ? AccessKind::STORE : AccessKind::LOAD;
    uint64_t now;
    uint32_t ns;

    if (k && k->path && t.get_command() != tlm::TLM_IGNORE_COMMAND) {
        /* the data, untimed, as for a physical access (a PLD or cache
         * maintenance moves none; outside the memories, none either) */
        if (k->kind != AccessKind::PLD && k->kind != AccessKind::CMAINT) {
            mem->transport_dbg(t);
        }
        ns = path_access(t, *k, now_ns(delay));
        accesses_++;
        stall_ns_ += ns;
        delay += ns_time(ns);
        t.set_response_status(tlm::TLM_OK_RESPONSE);
        return;
    }
    if (t.get_command() == tlm::TLM_IGNORE_COMMAND || addr < base_ ||
        addr - base_ >= size_) {
        mem->b_transport(t, delay);     /* MMIO: its agent charges it */
        return;
    }
    if (len == 0 || len > 64 || t.get_streaming_width() < len) {
        t.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
        return;
    }
    /* the data first: the memory's, untimed (a PLD moves none) */
    if (kind != AccessKind::PLD && mem->transport_dbg(t) < len) {
        if (!t.is_response_error()) {
            t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        }
        return;
    }
    now = now_ns(delay);
    if (k && k->uncached) {
        ns = a8cache_uncached(&mp_->cache, addr, len, t.is_write(), now);
    } else {
        switch (kind) {
        case AccessKind::STORE:
            ns = a8cache_store(&mp_->cache, addr, len, now);
            break;
        case AccessKind::FETCH:
            ns = a8cache_fetch(&mp_->cache, addr, now);
            break;
        case AccessKind::LOAD_SIMD:
            ns = a8cache_load_simd(&mp_->cache, addr, len, now);
            break;
        case AccessKind::PLD:
            ns = a8cache_pld(&mp_->cache, addr, now);
            break;
        default:
            ns = a8cache_load(&mp_->cache, addr, len, now);
            break;
        }
    }
    accesses_++;
    stall_ns_ += ns;
    delay += ns_time(ns);
    t.set_response_status(tlm::TLM_OK_RESPONSE);
}

unsigned A8Cache::transport_dbg(tlm::tlm_generic_payload &t)
{
    return mem->transport_dbg(t);
}

/* Refused: each access costs what the caches and TLBs hold at its time. */
bool A8Cache::get_direct_mem_ptr(tlm::tlm_generic_payload &t, tlm::tlm_dmi &dmi)
{
    (void)t;
    dmi.allow_read_write();
    dmi.set_start_address(base_);
    dmi.set_end_address(base_ + size_ - 1);
    return false;
}

}  // namespace n9
