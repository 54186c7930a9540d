/*
 * base.h - the basics any layer of the library may use, and that use nothing of theirs:
 * which fast paths this CPU takes (cpu.c, the one place that looks at the CPU), requests to
 * stop, the one random generator, worker threads (threads.c), 128-bit products and CRC-32.
 *
 * The layers, each a folder of src/ with its own header, and what each may include besides
 * nqueens.h (tests/layout/includes.sh checks; no circle):
 *   base     these basics                                   nothing
 *   board    the board, its symmetries, its text in and out base
 *   engine   the backtracking search and its work units     base, board
 *   join     the join counter                               base
 *   find     single solutions                               base, board, engine
 *   list     listings in lexicographic order                base, board, engine, find
 *   count    plans, their runs, checkpoints, estimates      base, board, engine, join
 */
#ifndef NQ_BASE_H
#define NQ_BASE_H

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>

#include "nqueens.h"

/* Instruction-set files and target attributes are for x86 only; elsewhere the portable code is
 * the only path, and the x86 variants are built as plain C (never chosen) so that callers and
 * tests link on every architecture. */
#if defined(__x86_64__) || defined(__i386__)
#define NQ_CPU_X86 1
#define NQ_TARGET_POPCNT __attribute__((target("popcnt")))
#else
#define NQ_CPU_X86 0
#define NQ_TARGET_POPCNT
#endif

/* Whether the fast path(s) NQ_CPU_* in paths are all in use: detected and not limited away by
 * nq_cpu_limit. Cheap (one relaxed atomic load once detected), so hot callers may ask per unit. */
int nq_cpu_uses(unsigned paths);

/* Whether this CPU runs PEXT and PDEP (BMI2) in a few cycles (Intel's, AMD's from Zen 3), so
 * that packing bits with them pays (the join's AVX2 kernels). Asked once. Thread-safe. */
int nq_cpu_fast_pext(void);

/* A request to stop a count: the counting kernels read it (relaxed) every NQ_POLL_STEPS steps
 * of their loops, a few milliseconds apart at most, and give up when it is nonzero. NULL means
 * no request can come. */
typedef atomic_int nq_stop_flag;
#define NQ_POLL_STEPS (1 << 14)

/* A request to stop a search that may also come from a signal handler (listings, completion
 * searches): a flag that a handler sets on the polling thread, or one that another thread sets.
 * Either may be NULL. */
typedef struct nq_stop {
    const nq_stop_request *signal;
    const nq_stop_flag *flag;
} nq_stop;

static inline int nq_stop_requested(const nq_stop *stop)
{
    return (stop->signal && *stop->signal) ||
           (stop->flag && atomic_load_explicit(stop->flag, memory_order_relaxed));
}

/* Whether a stop was requested: reads *stop once in NQ_POLL_STEPS calls, counted down in
 * *steps, so that the hot loops pay a decrement and a branch. */
static inline int nq_stop_poll(const nq_stop_flag *stop, unsigned *steps)
{
    if (__builtin_expect(--*steps != 0, 1))
        return 0;
    *steps = NQ_POLL_STEPS;
    return stop && atomic_load_explicit(stop, memory_order_relaxed);
}

/* A step of xorshift64*, the library's one generator of random numbers (probes, local search,
 * seeded searches): they need speed and reproducibility, not quality. *state must not be 0. */
static inline uint64_t nq_random_next(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x >> 12, x ^= x << 25, x ^= x >> 27;
    *state = x;
    return x * UINT64_C(0x2545F4914F6CDD1D);
}

/* The number of cores this process may run on (its CPU affinity, where the system has one),
 * at least 1, at most 1024. */
int nq_online_cores(void);

/* Starts up to count threads running start(arg) into ids[], with asynchronous signals blocked
 * in them, so that a Ctrl-C reaches the calling thread, whose handler the stop request belongs
 * to. Returns how many started. */
int nq_start_threads(pthread_t *ids, int count, void *(*start)(void *), void *arg);

/* CRC-32 (IEEE) of size bytes at data, continuing from crc (0 to start). */
uint32_t nq_crc32(uint32_t crc, const void *data, size_t size);

/* The 128-bit product of two 64-bit numbers. */
nq_u128 nq_u128_mul64(uint64_t a, uint64_t b);

#endif /* NQ_BASE_H */
