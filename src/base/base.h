/*
 * cpu.h - which fast paths the library may take on this CPU: asked of cpu.c, the one place that
 * looks at the CPU, by every file that has a fast path (kernel.c, kernel_find.c, join/match.c).
 */
#ifndef NQ_CPU_H
#define NQ_CPU_H

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

#endif /* NQ_CPU_H */
