/*
 * cores.c - how many cores this machine has online: the default number of threads of every
 * run and listing.
 */
#include <unistd.h>

#include "base/base.h"

int nq_online_cores(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores < 1 ? 1 : cores > 1024 ? 1024 : (int)cores;
}
