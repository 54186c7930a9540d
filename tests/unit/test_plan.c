/*
 * test_plan.c - plans, runs and checkpoints: the same units every time, runs that resume from
 * recorded units, and checkpoints that refuse what they should refuse.
 */
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "count/plan.h"
#include "nqueens.h"
#include "published.h"
#include "random_board.h"
#include "reference.h"

static nq_plan *plan_of(int n)
{
    nq_board b;
    nq_board_init(&b, n);
    nq_plan_options how = { .method = NQ_METHOD_BACKTRACK, .engine = NQ_ENGINE_ROWS, .threads = 2 };
    nq_plan *plan;
    assert_int_equal(nq_plan_create_with(&b, &how, &plan), NQ_OK);
    return plan;
}

static void plans_are_reproducible(void **state)
{
    (void)state;
    nq_plan *a = plan_of(12), *b = plan_of(12), *c = plan_of(13);
    assert_int_equal(nq_plan_units(a), nq_plan_units(b));
    assert_true(nq_plan_units(a) > 100);
    assert_true(nq_plan_fingerprint(a) == nq_plan_fingerprint(b));
    assert_true(nq_plan_fingerprint(a) != nq_plan_fingerprint(c));
    char text[160];
    unsigned weight;
    nq_plan_describe_unit(a, 0, text, sizeof text, &weight);
    assert_string_equal(text, "corner 1:1 2:3 3:5 4:2 5:4");
    assert_int_equal(weight, 8);
    nq_plan_free(a), nq_plan_free(b), nq_plan_free(c);
}

/* Records what on_unit sees. */
typedef struct recorder {
    unsigned char *file;   /* a checkpoint being written */
    size_t length;
    const nq_plan *plan;
    size_t stop_after;     /* units before asking to stop; 0 for never */
    size_t seen;
} recorder;

static int record_unit(void *context, size_t unit, const nq_unit_count *count)
{
    recorder *r = context;
    nq_checkpoint_record(r->plan, unit, count, r->file + r->length);
    r->length += NQ_CHECKPOINT_RECORD_SIZE;
    return ++r->seen == r->stop_after;
}

/* Runs plan, writing a checkpoint into r; resumes from state when it is not NULL. */
static nq_status run_recording(const nq_plan *plan, recorder *r, int threads,
                               const nq_checkpoint_state *state, nq_count_result *result)
{
    nq_run_options o = { .threads = threads, .unique = 1, .on_unit = record_unit, .context = r };
    if (state) {
        o.done = state->done;
        o.done_total = state->total;
        o.done_unique = state->unique;
    }
    return nq_plan_run(plan, &o, result);
}

static recorder new_recorder(const nq_plan *plan)
{
    recorder r = { .plan = plan };
    r.file = malloc(NQ_CHECKPOINT_HEADER_SIZE + (nq_plan_units(plan) + 1) *
                    NQ_CHECKPOINT_RECORD_SIZE);
    assert_non_null(r.file);
    nq_checkpoint_header(plan, 1, r.file);
    r.length = NQ_CHECKPOINT_HEADER_SIZE;
    return r;
}

static void stop_and_resume(void **state)
{
    (void)state;
    nq_plan *plan = plan_of(12);
    recorder r = new_recorder(plan);
    r.stop_after = 40;
    nq_count_result result;
    assert_int_equal(run_recording(plan, &r, 2, NULL, &result), NQ_ERR_STOPPED);
    /* A torn last record, as a kill in the middle of a write leaves. */
    size_t torn = r.length - NQ_CHECKPOINT_RECORD_SIZE / 2;
    nq_checkpoint_state saved;
    nq_parse_error err;
    assert_int_equal(nq_checkpoint_read(plan, 1, r.file, torn, &saved, &err), NQ_OK);
    assert_int_equal(saved.units_done, r.seen - 1);
    assert_int_equal(saved.valid_length, r.length - NQ_CHECKPOINT_RECORD_SIZE);
    r.length = saved.valid_length;
    r.stop_after = 0;
    assert_int_equal(run_recording(plan, &r, 2, &saved, &result), NQ_OK);
    assert_int_equal(result.total.lo, 14200);
    assert_int_equal(result.unique.lo, 1787);
    nq_checkpoint_state_free(&saved);
    /* The finished checkpoint alone gives the whole count. */
    assert_int_equal(nq_checkpoint_read(plan, 1, r.file, r.length, &saved, &err), NQ_OK);
    assert_int_equal(saved.units_done, nq_plan_units(plan));
    assert_int_equal(saved.total.lo, 14200);
    assert_int_equal(saved.unique.lo, 1787);
    nq_checkpoint_state_free(&saved);
    free(r.file);
    nq_plan_free(plan);
}

/* What a run stopped from outside saw: the flag a signal handler would set, and the units. */
typedef struct stopper {
    nq_stop_request flag;
    size_t units[64];
    nq_unit_count counts[64];
    size_t seen;
} stopper;

static int raise_flag(void *context, const nq_progress *progress)
{
    ((stopper *)context)->flag = progress->elapsed > 0.05;
    return 0;
}

static int keep_unit(void *context, size_t unit, const nq_unit_count *count)
{
    stopper *s = context;
    if (s->seen < 64) {
        s->units[s->seen] = unit;
        s->counts[s->seen] = *count;
    }
    s->seen++;
    return 0;
}

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A stop request reaches workers inside their units: a run of units that take minutes each
 * ends at once, and reports only units it counted whole. */
static void stop_inside_units(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 20);
    nq_plan_options how = { .min_units = 1, .method = NQ_METHOD_BACKTRACK, .threads = 2 };
    nq_plan *plan;
    assert_int_equal(nq_plan_create_with(&b, &how, &plan), NQ_OK);
    stopper s = { 0 };
    nq_run_options o = { .threads = 2, .on_unit = keep_unit, .on_tick = raise_flag,
                         .tick = 0.01, .stop = &s.flag, .context = &s };
    nq_count_result result;
    double start = seconds();
    assert_int_equal(nq_plan_run(plan, &o, &result), NQ_ERR_STOPPED);
    assert_true(seconds() - start < 10);   /* counting on takes over an hour */
    assert_true(s.seen < nq_plan_units(plan));
    for (size_t i = 0; i < s.seen && i < 64; i++) {
        nq_unit_count count;
        assert_int_equal(nq_plan_count_unit(plan, s.units[i], 0, &count), NQ_OK);
        assert_int_equal(count.total, s.counts[i].total);
    }
    nq_plan_free(plan);
}

/* Expects the checkpoint to be refused with status and a message containing words. */
static void refused(const nq_plan *plan, int unique, const unsigned char *data, size_t length,
                    nq_status status, const char *words)
{
    nq_checkpoint_state s;
    nq_parse_error err = { 0 };
    assert_int_equal(nq_checkpoint_read(plan, unique, data, length, &s, &err), status);
    assert_non_null(strstr(err.message, words));
}

static void checkpoints_refuse_foreign_and_damaged_files(void **state)
{
    (void)state;
    nq_plan *plan = plan_of(10), *other = plan_of(11);
    recorder r = new_recorder(plan);
    nq_count_result result;
    assert_int_equal(run_recording(plan, &r, 1, NULL, &result), NQ_OK);
    assert_true(r.seen > 10);
    refused(other, 1, r.file, r.length, NQ_ERR_OTHER_PLAN, "made for N = 10, not 11");
    refused(plan, 0, r.file, r.length, NQ_ERR_OTHER_PLAN,
            "made with the count of unique solutions");
    refused(plan, 1, r.file, 10, NQ_ERR_SYNTAX, "too short");
    refused(plan, 1, (const unsigned char *)"hello, this is not a checkpoint file at all, no, it is not!!!",
            62, NQ_ERR_SYNTAX, "too short");
    unsigned char *copy = malloc(r.length);
    memcpy(copy, r.file, r.length);
    copy[3] ^= 1;
    refused(plan, 1, copy, r.length, NQ_ERR_SYNTAX, "not an nqueens checkpoint");
    memcpy(copy, r.file, r.length);
    copy[NQ_CHECKPOINT_HEADER_SIZE + 2 * NQ_CHECKPOINT_RECORD_SIZE + 9] ^= 4;
    refused(plan, 1, copy, r.length, NQ_ERR_SYNTAX, "record 3 of");
    /* Damage to the last record alone is taken for a torn write and dropped. */
    memcpy(copy, r.file, r.length);
    copy[r.length - 1] ^= 0xFF;
    nq_checkpoint_state s;
    assert_int_equal(nq_checkpoint_read(plan, 1, copy, r.length, &s, NULL), NQ_OK);
    assert_int_equal(s.units_done, r.seen - 1);
    nq_checkpoint_state_free(&s);
    free(copy);
    free(r.file);
    nq_plan_free(plan);
    nq_plan_free(other);
}

/* The header alone tells the side, unique flag, method, units and fingerprint; a damaged or
 * short one is refused. */
static void checkpoints_describe_their_plan(void **state)
{
    (void)state;
    nq_board board;
    nq_board_init(&board, 9);
    nq_plan *plan;
    assert_int_equal(nq_plan_create(&board, 0, &plan), NQ_OK);
    unsigned char header[NQ_CHECKPOINT_HEADER_SIZE];
    nq_checkpoint_header(plan, 1, header);
    nq_checkpoint_info info;
    nq_parse_error err;
    assert_int_equal(nq_checkpoint_describe(header, sizeof header, &info, &err), NQ_OK);
    assert_int_equal(info.n, 9);
    assert_int_equal(info.unique, 1);
    assert_int_equal(info.method, nq_plan_method(plan));
    assert_int_equal(info.units, nq_plan_units(plan));
    assert_int_equal(info.fingerprint, nq_plan_fingerprint(plan));
    assert_int_equal(nq_checkpoint_describe(header, sizeof header - 1, &info, &err), NQ_ERR_SYNTAX);
    header[16] ^= 1;
    assert_int_equal(nq_checkpoint_describe(header, sizeof header, &info, &err), NQ_ERR_SYNTAX);
    assert_non_null(strstr(err.message, "damaged"));
    nq_plan_free(plan);
}

/* A plan's fingerprint is part of every checkpoint: it must not change with the engine's
 * version unchanged, even when the board's types change (nq_board's columns went from int8_t
 * to int32_t). The value is the one the plan had before that change, with checkpoint format 2
 * (partial records) and the plan's piece depth in the digest. */
static void fingerprints_stay(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 9);
    nq_board_place(&b, 0, 1);
    nq_board_place(&b, 4, 7);
    nq_board_block(&b, 2, 4);
    nq_plan *plan;
    const nq_plan_options rows = { .method = NQ_METHOD_BACKTRACK, .engine = NQ_ENGINE_ROWS };
    assert_int_equal(nq_plan_create_with(&b, &rows, &plan), NQ_OK);
    assert_int_equal(nq_plan_fingerprint(plan), UINT64_C(0x11bcece44f016e9f));
    nq_plan_free(plan);
}

/* What a run of plan takes at most: the plan, a checkpoint's state and subtotals. */
static uint64_t run_bytes(const nq_plan *plan)
{
    const uint64_t units = nq_plan_units(plan);
    return nq_plan_memory(plan) + units / 8 + 1 + 2 * (units + 1) * sizeof(nq_unit_count);
}

/* The backtracker's plan, its checkpoint's state and its subtotals stay within max_memory, on
 * boards whose splits would otherwise make hundreds of millions of units: large empty boards
 * (the sides split), a 64 x 64 board with one bad square (no symmetry: the prefix split), a
 * board with the half turn alone (frames, too many of them at n = 40: the prefix split takes
 * over). Below what the coarsest split takes, the plan is refused. */
static void backtrack_plans_fit_their_memory(void **state)
{
    (void)state;
    nq_board boards[6];
    const int sides[4] = { 20, 27, 32, 64 };
    for (int i = 0; i < 4; i++)
        nq_board_init(&boards[i], sides[i]);
    nq_board_init(&boards[4], 64);
    nq_board_block(&boards[4], 0, 5);
    nq_board_init(&boards[5], 40);
    nq_board_block(&boards[5], 0, 3);
    nq_board_block(&boards[5], 39, 36);
    assert_int_equal(nq_board_symmetries(&boards[5]), 0x5);   /* identity and half turn */
    const uint64_t limits[3] = { 512 << 10, 2 << 20, 8 << 20 };
    for (int i = 0; i < 6; i++)
        for (int k = 0; k < 3; k++) {
            nq_plan_options how = { .method = NQ_METHOD_BACKTRACK, .threads = 2,
                                    .max_memory = limits[k] };
            nq_plan *plan;
            assert_int_equal(nq_plan_create_with(&boards[i], &how, &plan), NQ_OK);
            assert_true(nq_plan_units(plan) > 0);
            assert_true(run_bytes(plan) <= limits[k]);
            uint64_t needed;
            assert_int_equal(nq_plan_memory_needed(&boards[i], &how, &needed), NQ_OK);
            assert_true(needed >= run_bytes(plan) && needed <= limits[k]);
            nq_plan_free(plan);
        }
    nq_plan_options tiny = { .method = NQ_METHOD_BACKTRACK, .threads = 1, .max_memory = 2048 };
    nq_plan *plan = NULL;
    assert_int_equal(nq_plan_create_with(&boards[3], &tiny, &plan), NQ_ERR_MEMORY_LIMIT);
    assert_null(plan);
}

/* A plan narrowed to its memory counts exactly as the reference does, and as published; with
 * max_units set to its units, the same plan is made again whatever the limit, and refused when
 * that many units do not fit. */
static void narrowed_plans_count_right(void **state)
{
    (void)state;
    for (int n = 4; n <= 14; n++) {
        nq_board b;
        nq_board_init(&b, n);
        nq_plan_options wide = { .method = NQ_METHOD_BACKTRACK, .unique = 1, .threads = 2 };
        nq_plan_options narrow = wide;
        narrow.max_memory = 32768;   /* a few hundred units */
        nq_plan *a, *c;
        assert_int_equal(nq_plan_create_with(&b, &wide, &a), NQ_OK);
        assert_int_equal(nq_plan_create_with(&b, &narrow, &c), NQ_OK);
        assert_true(n < 11 || nq_plan_units(c) < nq_plan_units(a));
        nq_run_options run = { .threads = 2, .unique = 1 };
        nq_count_result r;
        assert_int_equal(nq_plan_run(c, &run, &r), NQ_OK);
        assert_int_equal(r.total.lo, published_total[n]);
        assert_int_equal(r.unique.lo, published_unique[n]);
        /* Made again from its unit count, as a resumed run makes it. */
        nq_plan_options again = wide;
        again.max_units = nq_plan_units(c);
        nq_plan *d;
        assert_int_equal(nq_plan_create_with(&b, &again, &d), NQ_OK);
        assert_true(nq_plan_fingerprint(d) == nq_plan_fingerprint(c));
        nq_plan_free(d);
        again.max_units = nq_plan_units(a);
        assert_int_equal(nq_plan_create_with(&b, &again, &d), NQ_OK);
        assert_true(nq_plan_fingerprint(d) == nq_plan_fingerprint(a));
        nq_plan_free(d);
        again.max_memory = 2048;
        assert_int_equal(nq_plan_create_with(&b, &again, &d), NQ_ERR_MEMORY_LIMIT);
        nq_plan_free(a), nq_plan_free(c);
    }
    uint64_t seed = 2718;
    static const unsigned groups[] = { 0, 0x11, 0x05, 0x41, 0x0F, 0xFF };
    for (int i = 0; i < 120; i++) {
        nq_board b;
        test_random_board(&seed, 4 + test_below(&seed, 7), test_below(&seed, 20),
                          test_below(&seed, 2), groups[i % 6], &b);
        nq_plan_options narrow = { .method = NQ_METHOD_BACKTRACK, .unique = 1, .threads = 1,
                                   .max_memory = 8192 + (uint64_t)test_below(&seed, 8192) };
        nq_plan *plan;
        nq_status status = nq_plan_create_with(&b, &narrow, &plan);
        if (status == NQ_ERR_MEMORY_LIMIT)
            continue;
        assert_int_equal(status, NQ_OK);
        assert_true(run_bytes(plan) <= narrow.max_memory);
        nq_run_options run = { .threads = 1, .unique = 1 };
        nq_count_result r;
        assert_int_equal(nq_plan_run(plan, &run, &r), NQ_OK);
        assert_int_equal(r.total.lo, ref_count(&b));
        assert_int_equal(r.unique.lo, ref_count_unique(&b));
        /* Made again from its unit count, unbounded, as a resumed run or an MPI rank makes it
         * (boards of few solutions have as many units at several depths). */
        nq_plan_options again = { .method = NQ_METHOD_BACKTRACK, .unique = 1, .threads = 1,
                                  .max_units = nq_plan_units(plan) };
        nq_plan *same;
        if (again.max_units) {
            assert_int_equal(nq_plan_create_with(&b, &again, &same), NQ_OK);
            assert_true(nq_plan_fingerprint(same) == nq_plan_fingerprint(plan));
            nq_plan_free(same);
        }
        nq_plan_options plain = { .method = NQ_METHOD_BACKTRACK, .unique = 1, .threads = 1 };
        nq_plan *wide;
        assert_int_equal(nq_plan_create_with(&b, &plain, &wide), NQ_OK);
        again.max_units = nq_plan_units(wide);
        if (again.max_units) {
            assert_int_equal(nq_plan_create_with(&b, &again, &same), NQ_OK);
            assert_true(nq_plan_fingerprint(same) == nq_plan_fingerprint(wide));
            nq_plan_free(same);
        }
        nq_plan_free(wide);
        nq_plan_free(plan);
    }
}

/* CRC-32 (IEEE 802.3), as the checkpoint format documents it. */
static uint32_t crc32_of(const unsigned char *p, size_t size)
{
    uint32_t crc = ~0u;
    for (size_t i = 0; i < size; i++) {
        crc ^= p[i];
        for (int k = 0; k < 8; k++)
            crc = crc >> 1 ^ (0xEDB88320u & -(crc & 1));
    }
    return ~crc;
}

/* A checkpoint of another version, and one of another board of the same side, each get their
 * own code, distinct from damage. */
static void checkpoints_say_what_differs(void **state)
{
    (void)state;
    nq_board board;
    nq_board_init(&board, 9);
    nq_plan *plan, *blocked;
    assert_int_equal(nq_plan_create(&board, 0, &plan), NQ_OK);
    nq_board_block(&board, 4, 4);
    assert_int_equal(nq_plan_create(&board, 0, &blocked), NQ_OK);
    unsigned char header[NQ_CHECKPOINT_HEADER_SIZE];
    nq_checkpoint_header(plan, 0, header);
    refused(blocked, 0, header, sizeof header, NQ_ERR_OTHER_PLAN, "another board");
    /* The engine version, whole header CRC redone: a newer engine's checkpoint. */
    header[12] ^= 0x40;
    uint32_t crc = crc32_of(header, 60);
    for (int i = 0; i < 4; i++)
        header[60 + i] = (unsigned char)(crc >> 8 * i);
    nq_checkpoint_info info;
    nq_parse_error err;
    assert_int_equal(nq_checkpoint_describe(header, sizeof header, &info, &err), NQ_ERR_VERSION);
    assert_non_null(strstr(err.message, "another version"));
    refused(plan, 0, header, sizeof header, NQ_ERR_VERSION, "another version");
    refused(blocked, 0, header, sizeof header, NQ_ERR_VERSION, "another version");
    /* Damage is still damage. */
    header[12] ^= 0x40;
    refused(plan, 0, header, sizeof header, NQ_ERR_SYNTAX, "damaged");
    assert_int_equal(nq_checkpoint_read(plan, 0, NULL, 5, NULL, NULL), NQ_ERR_ARGUMENT);
    nq_plan_free(plan);
    nq_plan_free(blocked);
}

/* A header whose side is no board's (0, 65, 2^31, 2^32 - 1), its CRC recomputed, is damaged:
 * neither described nor read, so that no plan is asked for such a side. */
static void checkpoint_sides_out_of_range_are_damage(void **state)
{
    (void)state;
    nq_plan *plan = plan_of(9);
    static const uint32_t sides[] = { 0, 65, UINT32_C(1) << 31, UINT32_MAX };
    for (size_t k = 0; k < sizeof sides / sizeof *sides; k++) {
        unsigned char header[NQ_CHECKPOINT_HEADER_SIZE];
        nq_checkpoint_header(plan, 0, header);
        for (int i = 0; i < 4; i++)
            header[16 + i] = (unsigned char)(sides[k] >> 8 * i);
        uint32_t crc = crc32_of(header, 60);
        for (int i = 0; i < 4; i++)
            header[60 + i] = (unsigned char)(crc >> 8 * i);
        nq_checkpoint_info info;
        nq_parse_error err = { 0 };
        assert_int_equal(nq_checkpoint_describe(header, sizeof header, &info, &err), NQ_ERR_SYNTAX);
        assert_non_null(strstr(err.message, "damaged"));
        refused(plan, 0, header, sizeof header, NQ_ERR_SYNTAX, "damaged");
    }
    /* The sides at the ends of the range are boards. */
    for (int n = 1; n <= NQ_MAX_N; n += NQ_MAX_N - 1) {
        unsigned char header[NQ_CHECKPOINT_HEADER_SIZE];
        nq_checkpoint_header(plan, 0, header);
        header[16] = (unsigned char)n;
        uint32_t crc = crc32_of(header, 60);
        for (int i = 0; i < 4; i++)
            header[60 + i] = (unsigned char)(crc >> 8 * i);
        nq_checkpoint_info info;
        assert_int_equal(nq_checkpoint_describe(header, sizeof header, &info, NULL), NQ_OK);
        assert_int_equal(info.n, n);
    }
    nq_plan_free(plan);
}

static void checkpoint_sums_go_beyond_64_bits(void **state)
{
    (void)state;
    nq_plan *plan = plan_of(9);
    size_t units = nq_plan_units(plan);
    assert_true(units >= 3);
    unsigned char *file = malloc(NQ_CHECKPOINT_HEADER_SIZE + units * NQ_CHECKPOINT_RECORD_SIZE);
    nq_checkpoint_header(plan, 1, file);
    nq_unit_count big = { UINT64_C(1) << 63, 5 };
    for (size_t i = 0; i < 3; i++)
        nq_checkpoint_record(plan, i, &big, file + NQ_CHECKPOINT_HEADER_SIZE + i * NQ_CHECKPOINT_RECORD_SIZE);
    nq_checkpoint_state s;
    assert_int_equal(nq_checkpoint_read(plan, 1, file, NQ_CHECKPOINT_HEADER_SIZE + 3 * NQ_CHECKPOINT_RECORD_SIZE, &s, NULL), NQ_OK);
    char digits[40];
    nq_u128_format(s.total, digits);
    assert_string_equal(digits, "27670116110564327424");   /* 3 * 2^63 */
    assert_int_equal(s.unique.lo, 15);
    nq_checkpoint_state_free(&s);
    free(file);
    nq_plan_free(plan);
}

static void estimates_are_close(void **state)
{
    (void)state;
    nq_plan *plan = plan_of(12);
    nq_estimate e, again;
    assert_int_equal(nq_plan_estimate(plan, 20000, 5, &e), NQ_OK);
    assert_int_equal(nq_plan_estimate(plan, 20000, 5, &again), NQ_OK);
    assert_true(e.nodes == again.nodes);
    assert_true(e.solutions > 14200 * 0.8 && e.solutions < 14200 * 1.25);
    assert_true(e.spread > 0 && e.spread < 0.05);
    nq_plan_free(plan);
}

/* A join's estimate from every unit or more is the count, with no error; from one unit fewer,
 * a sample with its error. */
static void join_estimates_of_every_unit_are_the_count(void **state)
{
    (void)state;
    for (int n = 8; n <= 13; n++) {
        nq_board b;
        nq_board_init(&b, n);
        nq_plan *plan;
        const nq_plan_options options = { .method = NQ_METHOD_JOIN, .threads = 1 };
        assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_OK);
        const uint64_t units = nq_plan_units(plan);
        for (uint64_t extra = 0; extra <= 1; extra++) {
            nq_estimate e;
            assert_int_equal(nq_plan_estimate(plan, units + extra * 1000, 3, &e), NQ_OK);
            assert_true(e.solutions == (double)published_total[n]);
            assert_true(e.spread == 0);
        }
        nq_estimate sample;
        assert_int_equal(nq_plan_estimate(plan, units - 1, 3, &sample), NQ_OK);
        assert_true(sample.spread > 0);
        nq_plan_free(plan);
    }
}

/* A join's estimate from a few units states an error the truth keeps to: over 400 seeds, Q(N)
 * within two standard errors at least 90 % of the time and within one at least 64 % (95 % and
 * 68 % if honest). The odd boards' units are skewed (a few starts hold most solutions), and
 * from 4 or 8 units the error taken as if known held Q(N) within two of it 85 to 88 % of the
 * time, within one 60 to 65 %. */
static void join_estimates_from_few_units_state_their_error(void **state)
{
    (void)state;
    for (int n = 15; n <= 17; n += 2) {
        nq_board b;
        nq_board_init(&b, n);
        nq_plan *plan;
        const nq_plan_options options = { .method = NQ_METHOD_JOIN, .threads = 1 };
        assert_int_equal(nq_plan_create_with(&b, &options, &plan), NQ_OK);
        const double truth = (double)published_total[n];
        for (uint64_t sample = 4; sample <= 8; sample *= 2) {
            int one = 0, two = 0;
            for (uint64_t seed = 1; seed <= 400; seed++) {
                nq_estimate e;
                assert_int_equal(nq_plan_estimate(plan, sample, seed, &e), NQ_OK);
                const double error = fabs(e.solutions - truth) / truth;
                one += error <= e.spread;
                two += error <= 2 * e.spread;
            }
            print_message("N = %d, %d units: within one standard error %d of 400, two %d\n", n,
                          (int)sample, one, two);
            assert_true(two >= 360);
            assert_true(one >= 256);
        }
        nq_plan_free(plan);
    }
}

/* The workers that on_unit saw, each unit held a moment so that every worker gets some. */
typedef struct workers_seen {
    pthread_t ids[64];
    int count;
} workers_seen;

static int note_worker(void *context, size_t unit, const nq_unit_count *count)
{
    (void)unit, (void)count;
    workers_seen *w = context;
    int known = 0;
    for (int i = 0; i < w->count; i++)
        known |= pthread_equal(w->ids[i], pthread_self());
    if (!known && w->count < 64)
        w->ids[w->count++] = pthread_self();
    nanosleep(&(struct timespec){ 0, 5000000 }, NULL);
    return 0;
}

/* The plan owns its threads: a run takes the plan's by default, fewer when asked, and refuses
 * more, counting nothing, since the plan's memory is for its threads only. */
static void runs_follow_the_plans_threads(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 10);
    nq_plan *any;
    assert_int_equal(nq_plan_create_with(&b, NULL, &any), NQ_OK);
    const int cores = nq_plan_threads(any);
    assert_true(cores >= 1);
    assert_int_equal(nq_plan_threads(NULL), 0);
    nq_plan_free(any);
    /* One more than the cores: a run that took one per core would show fewer workers. */
    nq_plan_options how = { .method = NQ_METHOD_BACKTRACK, .threads = cores + 1, .min_units = 40 };
    nq_plan *plan;
    assert_int_equal(nq_plan_create_with(&b, &how, &plan), NQ_OK);
    assert_int_equal(nq_plan_threads(plan), cores + 1);
    assert_true(nq_plan_units(plan) >= 40);
    workers_seen seen = { .count = 0 };
    nq_run_options run = { .on_unit = note_worker, .context = &seen };
    nq_count_result r;
    assert_int_equal(nq_plan_run(plan, &run, &r), NQ_OK);
    assert_int_equal(r.total.lo, 724);
    assert_int_equal(seen.count, cores + 1);
    seen.count = 0;
    run.threads = 1;
    assert_int_equal(nq_plan_run(plan, &run, &r), NQ_OK);
    assert_int_equal(seen.count, 1);
    seen.count = 0;
    run.threads = cores + 2;
    r.total.lo = 7;
    assert_int_equal(nq_plan_run(plan, &run, &r), NQ_ERR_THREADS);
    assert_int_equal(seen.count, 0);
    assert_int_equal(r.total.lo, 7);
    nq_plan_free(plan);
    /* The join's memory is each worker's buffers: planned for more, it needs more. */
    nq_board_init(&b, 14);
    nq_plan_options one = { .method = NQ_METHOD_JOIN, .threads = 1 }, two = one;
    two.threads = 2;
    nq_plan *a, *c;
    assert_int_equal(nq_plan_create_with(&b, &one, &a), NQ_OK);
    assert_int_equal(nq_plan_create_with(&b, &two, &c), NQ_OK);
    assert_true(nq_plan_memory(c) > nq_plan_memory(a));
    run = (nq_run_options){ .threads = 2 };
    assert_int_equal(nq_plan_run(a, &run, &r), NQ_ERR_THREADS);
    assert_int_equal(nq_plan_run(c, &run, &r), NQ_OK);
    assert_int_equal(r.total.lo, 365596);
    nq_plan_free(a), nq_plan_free(c);
}

/* max_memory 0 means NQ_DEFAULT_MAX_MEMORY to a plan as to nq_count, and NQ_NO_MEMORY_LIMIT
 * none: at N = 24 the join's table fits no gigabyte, so that the default takes row slices. */
static void zero_memory_means_the_default(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 24);
    const uint64_t limits[3] = { 0, NQ_DEFAULT_MAX_MEMORY, NQ_NO_MEMORY_LIMIT };
    uint64_t need[3];
    for (int i = 0; i < 3; i++) {
        nq_plan_options how = { .method = NQ_METHOD_JOIN, .threads = 2, .max_memory = limits[i] };
        assert_int_equal(nq_plan_memory_needed(&b, &how, &need[i]), NQ_OK);
    }
    assert_true(need[0] == need[1]);
    assert_true(need[2] > NQ_DEFAULT_MAX_MEMORY && need[2] > need[1]);
    assert_true(NQ_COUNT_DEFAULT_MEMORY == NQ_DEFAULT_MAX_MEMORY);
    /* The backtracker: the same plan under 0 and the default, the limit held. */
    nq_board_init(&b, 13);
    nq_plan_options zero = { .method = NQ_METHOD_BACKTRACK, .threads = 1, .min_units = 1u << 30 };
    nq_plan_options stated = zero, small = zero;
    stated.max_memory = NQ_DEFAULT_MAX_MEMORY;
    small.max_memory = 65536;
    nq_plan *a, *c, *d;
    assert_int_equal(nq_plan_create_with(&b, &zero, &a), NQ_OK);
    assert_int_equal(nq_plan_create_with(&b, &stated, &c), NQ_OK);
    assert_int_equal(nq_plan_create_with(&b, &small, &d), NQ_OK);
    assert_true(nq_plan_fingerprint(a) == nq_plan_fingerprint(c));
    assert_true(nq_plan_units(d) < nq_plan_units(a));
    nq_plan_free(a), nq_plan_free(c), nq_plan_free(d);
}

/* nq_plan_create is nq_plan_create_with with min_units alone: the same method, engine, units
 * and fingerprint, the join or the backtracker by rows or by lines as the board asks. */
static void both_creates_agree(void **state)
{
    (void)state;
    nq_board empty12, empty9, crowded;
    nq_board_init(&empty12, 12);
    nq_board_init(&empty9, 9);
    nq_board_init(&crowded, 10);
    nq_board_place(&crowded, 0, 2);
    nq_board_place(&crowded, 5, 7);
    const struct { const nq_board *board; nq_method method; nq_engine engine; } cases[] = {
        { &empty12, NQ_METHOD_JOIN, NQ_ENGINE_ROWS },
        { &empty9, NQ_METHOD_BACKTRACK, NQ_ENGINE_ROWS },
        { &crowded, NQ_METHOD_BACKTRACK, NQ_ENGINE_LINES },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (size_t min_units = 0; min_units <= 64; min_units += 64) {
            nq_plan *a, *b;
            nq_plan_options only = { .min_units = min_units };
            assert_int_equal(nq_plan_create(cases[i].board, min_units, &a), NQ_OK);
            assert_int_equal(nq_plan_create_with(cases[i].board, min_units ? &only : NULL, &b),
                             NQ_OK);
            assert_int_equal(nq_plan_method(a), cases[i].method);
            assert_int_equal(nq_plan_engine(a), cases[i].engine);
            assert_int_equal(nq_plan_method(b), nq_plan_method(a));
            assert_int_equal(nq_plan_engine(b), nq_plan_engine(a));
            assert_int_equal(nq_plan_units(b), nq_plan_units(a));
            assert_true(nq_plan_fingerprint(a) == nq_plan_fingerprint(b));
            assert_int_equal(nq_plan_threads(b), nq_plan_threads(a));
            nq_plan_free(a), nq_plan_free(b);
        }
}

/* The header of a checkpoint of plan, as nq_checkpoint_describe reads it. */
static nq_checkpoint_info info_of(const nq_plan *plan)
{
    unsigned char header[NQ_CHECKPOINT_HEADER_SIZE];
    nq_checkpoint_header(plan, 0, header);
    nq_checkpoint_info info;
    assert_int_equal(nq_checkpoint_describe(header, sizeof header, &info, NULL), NQ_OK);
    return info;
}

/* A plan made to resume a checkpoint is the checkpoint's: its method, whatever AUTO would take
 * now, and the backtracker's units, whatever the limit would make now; beyond the limit it is
 * refused, not made by the other method. A checkpoint of another side is not followed. */
static void plans_resume_their_checkpoints(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 14);
    nq_plan_options narrow = { .method = NQ_METHOD_BACKTRACK, .threads = 1, .max_memory = 65536 };
    nq_plan *made, *again, *plain;
    assert_int_equal(nq_plan_create_with(&b, &narrow, &made), NQ_OK);
    const nq_checkpoint_info backtracked = info_of(made);
    nq_plan_options resume = { .threads = 1, .resume = &backtracked };
    assert_int_equal(nq_plan_create_with(&b, &resume, &again), NQ_OK);
    assert_int_equal(nq_plan_method(again), NQ_METHOD_BACKTRACK);
    assert_int_equal(nq_plan_units(again), nq_plan_units(made));
    assert_true(nq_plan_fingerprint(again) == nq_plan_fingerprint(made));
    nq_plan_free(again);
    assert_int_equal(nq_plan_create_with(&b, &(nq_plan_options){ .threads = 1 }, &plain), NQ_OK);
    assert_int_equal(nq_plan_method(plain), NQ_METHOD_JOIN);
    /* Its units do not fit a limit below their bookkeeping: refused, the join not taken. */
    resume.max_memory = 4096;
    assert_int_equal(nq_plan_create_with(&b, &resume, &again), NQ_ERR_MEMORY_LIMIT);
    uint64_t need;
    assert_int_equal(nq_plan_memory_needed(&b, &resume, &need), NQ_OK);
    assert_true(need > 4096);
    /* The join's checkpoint at 11, where AUTO backtracks. */
    nq_board_init(&b, 11);
    nq_plan_options join = { .method = NQ_METHOD_JOIN, .threads = 1 };
    nq_plan *joined;
    assert_int_equal(nq_plan_create_with(&b, &join, &joined), NQ_OK);
    const nq_checkpoint_info by_join = info_of(joined);
    resume = (nq_plan_options){ .threads = 1, .resume = &by_join };
    assert_int_equal(nq_plan_create_with(&b, &resume, &again), NQ_OK);
    assert_int_equal(nq_plan_method(again), NQ_METHOD_JOIN);
    assert_true(nq_plan_fingerprint(again) == nq_plan_fingerprint(joined));
    nq_plan_free(again);
    resume.max_memory = 1024;
    assert_int_equal(nq_plan_create_with(&b, &resume, &again), NQ_ERR_MEMORY_LIMIT);
    /* A board the join does not count, or another side: planned as without the checkpoint
     * (nq_checkpoint_read then refuses it). */
    nq_board_block(&b, 3, 3);
    resume.max_memory = 0;
    assert_int_equal(nq_plan_create_with(&b, &resume, &again), NQ_OK);
    assert_int_equal(nq_plan_method(again), NQ_METHOD_BACKTRACK);
    nq_plan_free(again);
    nq_board_init(&b, 14);
    assert_int_equal(nq_plan_create_with(&b, &resume, &again), NQ_OK);
    assert_true(nq_plan_fingerprint(again) == nq_plan_fingerprint(plain));
    nq_plan_free(again);
    nq_plan_free(made), nq_plan_free(plain), nq_plan_free(joined);
}

/* The bookkeeping a caller keeps by unit is held to max_memory with the plan: the join's least
 * need grows by a checkpoint's state, a join beyond it is refused, and AUTO then backtracks. */
static void plans_hold_the_bookkeeping_to_the_limit(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 16);
    nq_plan_options join = { .method = NQ_METHOD_JOIN, .threads = 1, .max_memory = 1 };
    nq_plan_options kept = join;
    kept.keep = NQ_KEEP_CHECKPOINT;
    uint64_t alone, with;
    assert_int_equal(nq_plan_memory_needed(&b, &join, &alone), NQ_OK);
    assert_int_equal(nq_plan_memory_needed(&b, &kept, &with), NQ_OK);
    kept.max_memory = with;
    nq_plan *plan;
    assert_int_equal(nq_plan_create_with(&b, &kept, &plan), NQ_OK);
    assert_int_equal(nq_plan_method(plan), NQ_METHOD_JOIN);
    assert_true(nq_plan_memory(plan) == alone);
    assert_true(alone + nq_checkpoint_state_bytes(plan) == with);
    nq_plan_free(plan);
    kept.max_memory = with - 1;
    assert_int_equal(nq_plan_create_with(&b, &kept, &plan), NQ_ERR_MEMORY_LIMIT);
    join.max_memory = with - 1;   /* without the bookkeeping, the join fits */
    assert_int_equal(nq_plan_create_with(&b, &join, &plan), NQ_OK);
    assert_int_equal(nq_plan_method(plan), NQ_METHOD_JOIN);
    nq_plan_free(plan);
    kept.method = NQ_METHOD_AUTO;
    kept.keep = NQ_KEEP_CHECKPOINT | NQ_KEEP_SUBTOTALS;
    assert_int_equal(nq_plan_create_with(&b, &kept, &plan), NQ_OK);
    assert_int_equal(nq_plan_method(plan), NQ_METHOD_BACKTRACK);
    assert_true(nq_plan_memory(plan) + nq_checkpoint_state_bytes(plan) +
                    (nq_plan_units(plan) + 1) * sizeof(nq_unit_count) <= with - 1);
    nq_plan_free(plan);
    /* The backtracker's few units beyond its split's count: a limit of a few hundred bytes. */
    nq_board_init(&b, 5);
    nq_plan_options tiny = { .method = NQ_METHOD_BACKTRACK, .threads = 1, .min_units = 1,
                             .keep = NQ_KEEP_CHECKPOINT | NQ_KEEP_SUBTOTALS };
    for (tiny.max_memory = 64; nq_plan_create_with(&b, &tiny, &plan) != NQ_OK; tiny.max_memory++)
        assert_true(tiny.max_memory < 1u << 20);
    assert_true(nq_plan_memory(plan) + nq_checkpoint_state_bytes(plan) +
                    (nq_plan_units(plan) + 1) * sizeof(nq_unit_count) <= tiny.max_memory);
    nq_plan_free(plan);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plans_are_reproducible),
        cmocka_unit_test(stop_and_resume),
        cmocka_unit_test(stop_inside_units),
        cmocka_unit_test(runs_follow_the_plans_threads),
        cmocka_unit_test(zero_memory_means_the_default),
        cmocka_unit_test(both_creates_agree),
        cmocka_unit_test(plans_resume_their_checkpoints),
        cmocka_unit_test(plans_hold_the_bookkeeping_to_the_limit),
        cmocka_unit_test(checkpoints_refuse_foreign_and_damaged_files),
        cmocka_unit_test(checkpoints_describe_their_plan),
        cmocka_unit_test(checkpoints_say_what_differs),
        cmocka_unit_test(checkpoint_sides_out_of_range_are_damage),
        cmocka_unit_test(fingerprints_stay),
        cmocka_unit_test(backtrack_plans_fit_their_memory),
        cmocka_unit_test(narrowed_plans_count_right),
        cmocka_unit_test(checkpoint_sums_go_beyond_64_bits),
        cmocka_unit_test(estimates_are_close),
        cmocka_unit_test(join_estimates_of_every_unit_are_the_count),
        cmocka_unit_test(join_estimates_from_few_units_state_their_error),
    };
    return cmocka_run_group_tests_name("plan", tests, NULL, NULL);
}
