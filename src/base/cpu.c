/*
 * cpu.c - the one place that looks at the CPU: which fast paths it has (asked once), and the
 * limit a caller may set below them (nq_cpu_limit; the CLI takes it from NQ_CPU).
 */
#include <stdatomic.h>

#include "base/base.h"

/* Not yet detected: a bit no path uses. */
#define UNKNOWN 0x80000000u

static atomic_uint detected = UNKNOWN;           /* what the CPU has */
static atomic_uint allowed = NQ_CPU_ALL;         /* what nq_cpu_limit leaves */

/* Asks the CPU. The AVX2 matcher also counts bits with POPCNT, and AVX-512's needs VPOPCNTDQ,
 * BW and VBMI (it builds its tables by byte shuffles and tests; every CPU we know
 * with VPOPCNTDQ and BW has VBMI), and VL (it reads blocks of 256 patterns in 256-bit
 * registers); both pairers count their masks' bits with POPCNT. With
 * AVX-512 the join's sieve packs bits with PEXT (BMI2, fast on every CPU with AVX-512). */
static unsigned detect(void)
{
    unsigned paths = 0;
#if NQ_CPU_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("popcnt"))
        paths |= NQ_CPU_POPCNT;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt"))
        paths |= NQ_CPU_AVX2;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vpopcntdq") &&
        __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2"))
        paths |= NQ_CPU_AVX512;
#endif
    return paths;
}

unsigned nq_cpu_detected(void)
{
    unsigned paths = atomic_load_explicit(&detected, memory_order_relaxed);
    if (paths == UNKNOWN) {
        /* Two threads may both detect here; they store the same answer. */
        paths = detect();
        atomic_store_explicit(&detected, paths, memory_order_relaxed);
    }
    return paths;
}

unsigned nq_cpu_paths(void)
{
    return nq_cpu_detected() & atomic_load_explicit(&allowed, memory_order_relaxed);
}

unsigned nq_cpu_limit(unsigned paths)
{
    atomic_store_explicit(&allowed, paths & NQ_CPU_ALL, memory_order_relaxed);
    return nq_cpu_paths();
}

int nq_cpu_uses(unsigned paths)
{
    return (nq_cpu_paths() & paths) == paths;
}
