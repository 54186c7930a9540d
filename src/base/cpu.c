/*
 * cpu.c - the one place that looks at the CPU: which fast paths it has (asked once), and the
 * limit a caller may set below them (nq_cpu_limit; the CLI takes it from NQ_CPU).
 */
#include <stdatomic.h>

#include "base/base.h"

#if NQ_CPU_X86
#include <cpuid.h>
#endif

/* Not yet detected: a bit no path uses. */
#define UNKNOWN 0x80000000u

static atomic_uint detected = UNKNOWN;           /* what the CPU has */
static atomic_uint allowed = NQ_CPU_ALL;         /* what nq_cpu_limit leaves */

/* Asks the CPU. The AVX2 matcher also counts bits with POPCNT, and AVX-512's needs VPOPCNTDQ,
 * BW and VBMI (it builds its tables by byte shuffles and tests; every CPU we know
 * with VPOPCNTDQ and BW has VBMI), and VL (it reads blocks of 256 patterns in 256-bit
 * registers); both pairers count their masks' bits with POPCNT. With
 * AVX-512 the join's sieve packs bits with PEXT (BMI2, fast on every CPU with AVX-512); with
 * AVX2 only where nq_cpu_fast_pext finds it fast. */
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

/* Whether PEXT and PDEP (BMI2) are there and fast: on Intel's, and on AMD's from Zen 3 (family
 * 0x19). Zen 1 and 2 run them in microcode, tens of cycles a value; so do AMD's before them. */
static int detect_fast_pext(void)
{
#if NQ_CPU_X86
    __builtin_cpu_init();
    unsigned a, b, c, d;
    if (!__builtin_cpu_supports("bmi2") || !__get_cpuid(0, &a, &b, &c, &d))
        return 0;
    /* "AuthenticAMD" and "HygonGenuine" (Zen 1) begin with these four bytes in ebx. */
    const int amd = b == 0x68747541u || b == 0x6f677948u;
    if (!amd)
        return 1;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    const unsigned base = a >> 8 & 0xf, family = base + (base == 0xf ? (a >> 20 & 0xff) : 0);
    return family >= 0x19;
#else
    return 0;
#endif
}

int nq_cpu_fast_pext(void)
{
    static atomic_int fast = -1;   /* not yet detected */
    int known = atomic_load_explicit(&fast, memory_order_relaxed);
    if (known < 0) {
        /* Two threads may both detect here; they store the same answer. */
        known = detect_fast_pext();
        atomic_store_explicit(&fast, known, memory_order_relaxed);
    }
    return known;
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
