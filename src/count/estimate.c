/*
 * estimate.c - how much work a count will be, from Knuth's random probes.
 *
 * A probe walks from the root of a random unit down through random children; the product of
 * the branching factors along the way is an unbiased estimate of the unit's tree (Knuth, 1975).
 * Averaged over many probes and scaled by the number of units, it estimates the whole count's
 * work before anyone commits days to it. The join has no tree to probe: its estimate counts a
 * sample of random units instead, which the caller may time.
 */
#include <math.h>

#include "board/symmetry.h"
#include "count/plan.h"

/* A step of splitmix64, to pick units and to seed the probes. */
static uint64_t splitmix(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ z >> 30) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ z >> 27) * UINT64_C(0x94D049BB133111EB);
    return z ^ z >> 31;
}

/* The relative standard error of the mean of `count` samples with these sums. */
static double relative_error(double sum, double sum_squares, uint64_t count)
{
    double mean = sum / (double)count, variance = sum_squares / (double)count - mean * mean;
    return mean > 0 ? sqrt(variance > 0 ? variance : 0) / mean / sqrt((double)count) : 0;
}

/* The factor that makes a standard error estimated from `runs` values (runs - 1 degrees of
 * freedom) as trustworthy as a known one: half the quantile of Student's t at the normal's two
 * standard errors (0.97725), so that the truth lies within two printed errors 95 % of the time.
 * From few runs the spread's own estimate errs widely, and more often low than high: four
 * units of N = 15 or 17 held Q(N) within two standard errors 85 to 88 % of the time
 * (BENCHMARKS.md, "Estimates"). Exact for 1 and 2 degrees of freedom, else the Cornish-Fisher
 * expansion of t's quantile (within 1 % from 3 degrees on): 1.64 at 3, 1.04 at 63. */
static double small_sample_factor(uint64_t runs)
{
    /* tan(pi (p - 1/2)) and (2p - 1) / sqrt(2p (1 - p)), halved, at p = 0.97725. */
    static const double one_degree = 6.98387, two_degrees = 2.26327;
    const double z = 2, z3 = z * z * z, z5 = z3 * z * z, z7 = z5 * z * z, v = (double)runs - 1;
    if (runs < 2)
        return 1;
    if (runs <= 3)
        return runs == 2 ? one_degree : two_degrees;
    return (z + (z3 + z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v) +
            (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v * v * v)) / z;
}

/* Units a join's estimate counts one after another from each first, where its sample is made
 * of eight such runs or more. A count takes its units in order, and the quarter cells one unit
 * fits serve the units that follow (half.c), so units drawn one by one cost more than in a
 * count, and runs of four cost about what the count pays (BENCHMARKS.md). Longer runs would
 * err more on the solutions: neighbouring units weigh alike. */
#define RUN 4

/* The join's estimate: `sample` units counted, in runs of consecutive ones (wrapping past the
 * last unit), the plan cut into as many equal strata as runs and each run's first drawn in its
 * own: every unit is as likely, and a sample spread over the whole plan errs less than random
 * runs (at N = 19, 2048 units err by 1.4 % where random single units err by 2.1 %). The
 * solutions are the strata's sizes times their runs' means, summed; their standard error is
 * estimated from the differences of neighbouring runs (Cochran, Sampling Techniques, 8.11),
 * which the trend along the plan does not inflate, and overstates it somewhat; from few runs it
 * is widened as Student's t widens it (small_sample_factor). */
static nq_status estimate_join(const nq_plan *plan, uint64_t sample, uint64_t seed,
                               nq_estimate *estimate)
{
    const uint64_t units = plan->unit_count;
    /* A sample of every unit takes each once, in a stratum of its own: the count itself. */
    const int whole = sample >= units;
    const uint64_t run = !whole && sample >= 8 * RUN && sample % RUN == 0 ? RUN : 1;
    const uint64_t runs = whole ? units : sample / run;
    uint64_t state = seed;
    struct nq_join_scratch *scratch = NULL;
    nq_status status = NQ_OK;
    double solutions = 0, sum = 0, differences = 0, last = 0;
    for (uint64_t i = 0; i < runs && !status; i++) {
        const uint64_t from = (uint64_t)((double)i * (double)units / (double)runs);
        const uint64_t to = (uint64_t)((double)(i + 1) * (double)units / (double)runs);
        const uint64_t first = from + (to > from ? splitmix(&state) % (to - from) : 0);
        double total = 0;
        for (uint64_t k = 0; k < run && !status; k++) {
            nq_unit_count count;
            status = nq_plan_count_unit_kept(plan, (first + k) % units, 0, &count, &scratch,
                                             NULL);
            total += (double)count.total;
        }
        const double mean = total / (double)run;
        solutions += mean * (double)(to - from);
        sum += mean;
        differences += i ? (mean - last) * (mean - last) : 0;
        last = mean;
    }
    nq_plan_scratch_free(scratch);
    const double mean = sum / (double)runs;
    estimate->nodes = 0;
    estimate->solutions = solutions;
    estimate->spread = !whole && runs > 1 && mean > 0
                           ? sqrt(differences / (2.0 * (double)(runs - 1))) / mean /
                                 sqrt((double)runs) * small_sample_factor(runs)
                           : 0;
    return status;
}

nq_status nq_plan_estimate(const nq_plan *plan, uint64_t probes, uint64_t seed,
                           nq_estimate *estimate)
{
    if (!plan || !estimate || probes == 0)
        return NQ_ERR_ARGUMENT;
    *estimate = (nq_estimate){ 0, 0, 0 };
    if (plan->unit_count == 0)
        return NQ_OK;
    if (plan->join)
        return estimate_join(plan, probes, seed, estimate);
    double sum = 0, sum_squares = 0, solutions = 0, units = (double)plan->unit_count;
    uint64_t state = seed;
    for (uint64_t i = 0; i < probes; i++) {
        const nq_unit *u = &plan->units[splitmix(&state) % plan->unit_count];
        uint64_t random = splitmix(&state) | 1;
        nq_search search;
        nq_search_of_unit(&plan->search, u, &search);
        int8_t placed[NQ_MAX_N];
        /* Probe the tree of the kernel that will count by rows (see nq_engine_count). */
        double leaves, nodes = search.n <= 32
                                   ? nq_kernel_probe_mrv(&search, &random, &leaves, placed)
                                   : nq_kernel_probe(&search, nq_search_root(&search), &random,
                                                     &leaves, placed);
        sum += nodes;
        sum_squares += nodes * nodes;
        /* A completion counts what the unit's rule makes of it (see plan.c). */
        if (leaves > 0 && u->rule == NQ_RULE_CLASS)
            solutions += leaves * nq_class_size(placed, search.n, u->unique_group);
        else
            solutions += leaves * u->weight;
    }
    estimate->nodes = sum / (double)probes * units;
    estimate->solutions = solutions / (double)probes * units;
    estimate->spread = relative_error(sum, sum_squares, probes);
    return NQ_OK;
}
