/*
 * cpu_choice.c - NQ_CPU, which caps the library's fast paths (for tests and measurements), and
 * the names of the paths for `nqueens --version`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "cpu_choice.h"

/* The levels NQ_CPU names, lowest first: each allows the paths of those below it. */
static const struct {
    const char *name;
    unsigned paths;
} levels[] = {
    { "portable", 0 },
    { "popcnt", NQ_CPU_POPCNT },
    { "avx2", NQ_CPU_POPCNT | NQ_CPU_AVX2 },
    { "avx512", NQ_CPU_ALL },
};

int cpu_limit_from_environment(unsigned *paths)
{
    const char *value = getenv("NQ_CPU");
    *paths = NQ_CPU_ALL;
    if (!value || !*value)
        return 0;
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
        if (strcmp(value, levels[i].name) == 0)
            return *paths = levels[i].paths, 0;
    return fail(EXIT_USAGE, "NQ_CPU '%s' is not one of portable, popcnt, avx2, avx512", value);
}

int cpu_choice_from_environment(void)
{
    unsigned paths;
    int code = cpu_limit_from_environment(&paths);
    if (!code)
        nq_cpu_limit(paths);
    return code;
}

/* Appends the names of paths to buf (holding *used of size bytes), each after a space. */
static void append_names(char *buf, size_t size, size_t *used, unsigned paths)
{
    static const char *const names[] = { "popcnt", "avx2", "avx512" };
    for (int i = 0; i < 3; i++)
        if (paths & 1u << i && *used < size)
            *used += (size_t)snprintf(buf + *used, size - *used, " %s", names[i]);
}

void cpu_choice_describe(char *buf, size_t size)
{
    unsigned detected = nq_cpu_detected(), paths = nq_cpu_paths();
    size_t used = (size_t)snprintf(buf, size, "fast paths:");
    if (paths)
        append_names(buf, size, &used, paths);
    else if (used < size)
        used += (size_t)snprintf(buf + used, size - used, " none, the portable code");
    if (detected != paths && used < size) {
        used += (size_t)snprintf(buf + used, size - used, " (NQ_CPU=%s leaves out",
                                 getenv("NQ_CPU"));
        append_names(buf, size, &used, detected & ~paths);
        if (used < size)
            snprintf(buf + used, size - used, ")");
    }
}
