/*
 * cpu_choice.h - the library's fast paths as the environment says (NQ_CPU), and their names.
 */
#ifndef NQ_CPU_CHOICE_H
#define NQ_CPU_CHOICE_H

#include <stddef.h>

/* The fast paths NQ_CPU allows into *paths: the level it names, if set: portable (none),
 * popcnt, avx2 (popcnt and avx2) or avx512 (all); NQ_CPU_ALL if unset. Returns 0 or
 * EXIT_USAGE after a message. */
int cpu_limit_from_environment(unsigned *paths);

/* Limits the library's fast paths to those NQ_CPU allows (cpu_limit_from_environment).
 * Returns 0 or EXIT_USAGE after a message. */
int cpu_choice_from_environment(void);

/* Writes the line `nqueens --version` shows: the fast paths in use, and those the CPU has that
 * NQ_CPU took out of use, e.g. "fast paths: popcnt (NQ_CPU=popcnt leaves out avx2)". */
void cpu_choice_describe(char *buf, size_t size);

#endif /* NQ_CPU_CHOICE_H */
