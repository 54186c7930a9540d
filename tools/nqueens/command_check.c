/*
 * command_check.c - `nqueens check`: recounts work units of a checkpoint and compares each with
 * its record, so that a count can be checked apart from the run that made it.
 *
 * A checkpoint's CRCs catch damage, not forgery: their seed, the plan's fingerprint, is in the
 * header, so anyone can write a record that passes them. Recounting is what shows a record
 * true. The header names N, the method and the unique flag but not the board: the plan is made
 * again from the empty board of side N, unless N or --board is given, and its fingerprint must
 * be the one recorded.
 */
#include <getopt.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "commands.h"
#include "common/checkpoint_file.h"
#include "common/plan_choice.h"

static const char help[] =
    "Usage: nqueens check FILE [N | --board BOARD] [--sample K | --all] [OPTIONS]\n"
    "Recount work units recorded in the checkpoint FILE (of 'nqueens count --checkpoint',\n"
    "finished or not) and compare each with its record; a partial record of a unit in\n"
    "progress by recounting the pieces it claims. A checkpoint's CRCs catch damage, not\n"
    "forgery: this is the check that a record is true. The file tells N and the method; for a\n"
    "board other than the empty one, give the same --board (or N) as the count.\n"
    "\n"
    "  -b, --board BOARD  the board file the count was given\n"
    "  -k, --sample K     recount K units picked at random (default 16); all when K is at least\n"
    "                     the number recorded\n"
    "  -a, --all          recount every recorded unit\n"
    "  -S, --seed S       seed of the random pick (default: from the clock)\n"
    "  -t, --threads T    worker threads (default: one per usable core)\n"
    "  -h, --help         show this help\n"
    "\n"
    "Prints how many units agree; names each that does not on stderr. Exit codes: 0 all agree,\n"
    "1 a record disagrees with its recount (or a runtime failure), 2 bad input (a file that is\n"
    "not a checkpoint, is damaged, or was made for another board).\n";

/* A record to check: a unit's, or a partial one (of a unit's first `pieces` pieces). */
typedef struct claim {
    size_t unit;
    uint64_t pieces;         /* 0: the whole unit */
    nq_unit_count count;     /* what the record says */
} claim;

/* The records to recount and what the recount found, shared by the threads. */
typedef struct recount {
    const nq_plan *plan;
    int unique;
    const claim *claims;     /* records to recount */
    nq_unit_count *found;    /* their recounts, by position in claims */
    size_t count;
    atomic_size_t next;      /* the next position to take */
    atomic_int status;       /* the first failure, NQ_OK if none */
} recount;

static void *recount_units(void *arg)
{
    recount *r = arg;
    for (size_t i; (i = atomic_fetch_add(&r->next, 1)) < r->count;) {
        const claim *c = &r->claims[i];
        nq_status status = c->pieces ? nq_plan_count_pieces(r->plan, c->unit, r->unique,
                                                            c->pieces, &r->found[i])
                                     : nq_plan_count_unit(r->plan, c->unit, r->unique,
                                                          &r->found[i]);
        if (status)
            atomic_store(&r->status, status);
    }
    return NULL;
}

/* Recounts every unit of r on `threads` threads. Returns NQ_OK or the first failure. */
static nq_status recount_all(recount *r, int threads)
{
    pthread_t ids[1024];
    int started = 0;
    while (started < threads && pthread_create(&ids[started], NULL, recount_units, r) == 0)
        started++;
    if (started == 0)
        recount_units(r);
    for (int i = 0; i < started; i++)
        pthread_join(ids[i], NULL);
    return (nq_status)atomic_load(&r->status);
}

/* The next number of a splitmix64 sequence. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ z >> 30) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ z >> 27) * UINT64_C(0x94D049BB133111EB);
    return z ^ z >> 31;
}

static int by_unit(const void *a, const void *b)
{
    size_t x = ((const claim *)a)->unit, y = ((const claim *)b)->unit;
    return (x > y) - (x < y);
}

/* Fills claims with the records of state, the units' then the partial ones, then keeps
 * `sample` picked at random, in increasing order of units, unless there are no more than
 * that. Returns how many it keeps. */
static size_t pick_claims(const nq_plan *plan, const nq_checkpoint_state *state, size_t sample,
                          uint64_t seed, claim *claims)
{
    size_t recorded = 0;
    for (size_t u = 0; u < nq_plan_units(plan); u++)
        if (state->done[u / 8] >> (u % 8) & 1)
            claims[recorded++] = (claim){ u, 0, state->counts[u] };
    for (size_t i = 0; i < state->partial_count; i++) {
        const nq_unit_partial *p = &state->partials[i];
        claims[recorded++] = (claim){ p->unit, p->pieces, p->count };
    }
    if (sample >= recorded)
        return recorded;
    for (size_t i = 0; i < sample; i++) {   /* a partial Fisher-Yates shuffle */
        size_t j = i + (size_t)(next_random(&seed) % (recorded - i));
        claim t = claims[i];
        claims[i] = claims[j], claims[j] = t;
    }
    qsort(claims, sample, sizeof *claims, by_unit);
    return sample;
}

/* Makes the plan the checkpoint was made from: for board if given, else for the empty board of
 * the header's side. Returns 0 or an exit code after a message. */
static int plan_of(const char *path, const nq_checkpoint_info *info, const nq_board *given,
                   int threads, nq_plan **plan)
{
    nq_board board;
    if (given)
        board = *given;
    else
        nq_board_init(&board, info->n);
    /* The backtracker's split depends on the memory allowed: make the checkpoint's again. */
    plan_choice choice = { info->method, 0, info->piece_levels,
                           info->method == NQ_METHOD_BACKTRACK ? (size_t)info->units : 0,
                           NQ_ENGINE_AUTO };
    int code = make_plan("check", &board, &choice, info->unique, threads, plan);
    if (code || given || nq_plan_fingerprint(*plan) == info->fingerprint)
        return code;
    nq_plan_free(*plan);
    *plan = NULL;
    return fail(EXIT_USAGE, "check: checkpoint %s was not made for the empty %d x %d board; give "
                "the count's board with --board FILE", path, info->n, info->n);
}

/* Compares each recount with its record, naming those that differ. Returns how many agree. */
static size_t compare(const char *path, const recount *r)
{
    size_t agree = 0;
    for (size_t i = 0; i < r->count; i++) {
        const claim *c = &r->claims[i];
        const nq_unit_count *was = &c->count, *is = &r->found[i];
        char what[64];
        if (c->pieces)
            snprintf(what, sizeof what, "unit %zu (its first %" PRIu64 " pieces)", c->unit,
                     c->pieces);
        else
            snprintf(what, sizeof what, "unit %zu", c->unit);
        if (was->total == is->total && was->unique == is->unique)
            agree++;
        else if (r->unique)
            say("check: %s: %s is recorded as %" PRIu64 " solutions in %" PRIu64
                " classes, but has %" PRIu64 " in %" PRIu64, path, what, was->total,
                was->unique, is->total, is->unique);
        else
            say("check: %s: %s is recorded as %" PRIu64 " solutions, but has %" PRIu64,
                path, what, was->total, is->total);
    }
    return agree;
}

/* Recounts the sample of the checkpoint's records and reports; returns an exit code. */
static int check_records(const char *path, const nq_plan *plan, int unique,
                         const nq_checkpoint_state *state, size_t sample, uint64_t seed,
                         int threads)
{
    size_t records = state->units_done + state->partial_count;
    claim *claims = malloc((records + 1) * sizeof *claims);
    nq_unit_count *found = malloc((sample < records ? sample : records) * sizeof *found + 1);
    if (!claims || !found) {
        free(claims), free(found);
        return fail(EXIT_RUNTIME, "check: out of memory");
    }
    recount r = { .plan = plan, .unique = unique, .claims = claims, .found = found };
    r.count = pick_claims(plan, state, sample, seed, claims);
    atomic_init(&r.next, 0);
    atomic_init(&r.status, NQ_OK);
    nq_status status = recount_all(&r, threads);
    int code = 0;
    if (status)
        code = fail(EXIT_RUNTIME, "check: %s", nq_strerror(status));
    else {
        size_t agree = compare(path, &r);
        char line[200], in_part[40] = "";
        if (state->partial_count)
            snprintf(in_part, sizeof in_part, ", %zu in part", state->partial_count);
        snprintf(line, sizeof line, "%zu of %zu units checked agree with their records (%zu "
                 "recorded of %zu%s)\n", agree, r.count, state->units_done, nq_plan_units(plan),
                 in_part);
        out_puts(line);
        code = agree == r.count ? 0 : EXIT_RUNTIME;
    }
    free(claims), free(found);
    int closed = out_close();
    return code ? code : closed;
}

/* The options of a check. */
typedef struct check_options {
    const char *board_path;
    long long sample, seed;
    int threads;
} check_options;

/* Parses the options; returns 0, -1 after --help, or an exit code. */
static int parse_options(int argc, char **argv, check_options *o)
{
    static const struct option options[] = {
        OPTION_BOARD,
        { "sample", required_argument, NULL, 'k' },
        { "all", no_argument, NULL, 'a' },
        { "seed", required_argument, NULL, 'S' },
        OPTION_THREADS,
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    int code = reject_negative_numbers("check", argc, argv), c;
    opterr = 0;
    while (!code && (c = getopt_long(argc, argv, ":b:k:aS:t:h", options, NULL)) != -1) {
        switch (c) {
        case 'b': o->board_path = optarg; break;
        case 'k': code = parse_int(optarg, "sample size K", 1, INT64_MAX, &o->sample); break;
        case 'a': o->sample = INT64_MAX; break;
        case 'S': code = parse_int(optarg, "seed S", 0, INT64_MAX, &o->seed); break;
        case 't': code = parse_threads(optarg, &o->threads); break;
        case 'h': out_puts(help); return -1;
        default: return fail_option("check", c, optopt, argv[optind - 1]);
        }
    }
    return code;
}

int command_check(int argc, char **argv)
{
    check_options o = { NULL, 16, (long long)time(NULL) ^ getpid(), 0 };
    int code = parse_options(argc, argv, &o);
    if (code)
        return code < 0 ? out_close() : code;
    if (optind == argc)
        return fail(EXIT_USAGE, "check: checkpoint FILE is missing; see 'nqueens check --help'");
    const char *path = argv[optind++];
    nq_board board;
    int given = o.board_path || optind < argc;
    if (given && (code = board_from_arguments("check", o.board_path, argc - optind,
                                              argv + optind, &board)))
        return code;
    if (!o.threads)
        o.threads = online_cores();
    unsigned char *data;
    size_t length;
    if ((code = checkpoint_read_file(path, &data, &length)))
        return code;
    nq_checkpoint_info info;
    nq_checkpoint_state state = { 0 };
    nq_parse_error err;
    nq_plan *plan = NULL;
    nq_status status = nq_checkpoint_describe(data, length, &info, &err);
    if (status)
        code = fail(EXIT_USAGE, "checkpoint %s: %s", path, err.message);
    else if (!(code = plan_of(path, &info, given ? &board : NULL, o.threads, &plan)) &&
             (status = nq_checkpoint_read(plan, info.unique, data, length, &state, &err)))
        code = status == NQ_ERR_NOMEM ? fail(EXIT_RUNTIME, "check: out of memory")
                                      : fail(EXIT_USAGE, "checkpoint %s: %s", path, err.message);
    free(data);
    if (!code && state.units_done == 0 && state.partial_count == 0)
        code = fail(EXIT_USAGE, "checkpoint %s: no unit is recorded yet; nothing to check", path);
    if (!code)
        code = check_records(path, plan, info.unique, &state, (size_t)o.sample,
                             (uint64_t)o.seed, o.threads);
    nq_checkpoint_state_free(&state);
    nq_plan_free(plan);
    return code;
}
