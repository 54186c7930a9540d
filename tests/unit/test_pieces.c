/*
 * test_pieces.c - units counted in pieces (src/engine/pieces.c): the pieces share out a unit's
 * completions, a count stopped after any piece resumes from its partial count to the unit's
 * whole count, runs resume from partial counts, and checkpoints keep partial records.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "count/plan.h"
#include "random_board.h"
#include "reference.h"

/* The backtracker's plan of b, in pieces `levels` queens deep (-1: whole units), of about
 * min_units units (0: the default). */
static nq_plan *plan_units(const nq_board *b, int levels, size_t min_units)
{
    nq_plan_options how = { .method = NQ_METHOD_BACKTRACK, .piece_levels = levels,
                            .min_units = min_units, .engine = NQ_ENGINE_ROWS, .threads = 2 };
    nq_plan *plan;
    assert_int_equal(nq_plan_create_with(b, &how, &plan), NQ_OK);
    return plan;
}

static nq_plan *plan_with(const nq_board *b, int levels)
{
    return plan_units(b, levels, 0);
}

/* Sums every unit of plan, counted with classes, into total and unique. */
static void sum_plan(const nq_plan *plan, uint64_t *total, uint64_t *unique)
{
    *total = *unique = 0;
    for (size_t i = 0; i < nq_plan_units(plan); i++) {
        nq_unit_count c;
        assert_int_equal(nq_plan_count_unit(plan, i, 1, &c), NQ_OK);
        *total += c.total;
        *unique += c.unique;
    }
}

/* Counted in pieces of any depth, the units of any board add up to the reference's counts, and
 * each unit to what it counts whole. */
static void pieces_share_out_units(void **state)
{
    (void)state;
    static const unsigned groups[] = { 0, 0x11, 0x05, 0x0F, 0xFF, 0x81 };
    uint64_t seed = 2413;
    for (int i = 0; i < 120; i++) {
        nq_board b;
        int n = 1 + test_below(&seed, 11);
        test_random_board(&seed, n, test_below(&seed, 30), test_below(&seed, 3),
                          groups[i % 6], &b);
        int levels = 1 + i % 4;
        size_t units = i % 2 ? 0 : 1 + (size_t)test_below(&seed, 30);
        nq_plan *whole = plan_units(&b, -1, units), *pieces = plan_units(&b, levels, units);
        assert_int_equal(nq_plan_units(whole), nq_plan_units(pieces));
        assert_true(nq_plan_fingerprint(whole) != nq_plan_fingerprint(pieces));
        uint64_t total, unique;
        sum_plan(pieces, &total, &unique);
        assert_int_equal(total, ref_count(&b));
        assert_int_equal(unique, ref_count_unique(&b));
        for (size_t u = 0; u < nq_plan_units(whole); u++) {
            nq_unit_count a, c;
            assert_int_equal(nq_plan_count_unit(whole, u, 1, &a), NQ_OK);
            assert_int_equal(nq_plan_count_unit(pieces, u, 1, &c), NQ_OK);
            assert_int_equal(a.total, c.total);
            assert_int_equal(a.unique, c.unique);
        }
        nq_plan_free(whole), nq_plan_free(pieces);
    }
}

/* Wide boards, where the row kernel counts the pieces. */
static void wide_boards_in_pieces(void **state)
{
    (void)state;
    uint64_t seed = 3364;
    for (int i = 0; i < 30; i++) {
        nq_board b;
        int n = 33 + test_below(&seed, NQ_MAX_N - 32);
        test_sparse_board(&seed, n, 4 + test_below(&seed, 6), test_below(&seed, 10), &b);
        nq_plan *plan = plan_units(&b, 1 + i % 3, i % 2 ? 0 : 4);
        uint64_t total, unique;
        sum_plan(plan, &total, &unique);
        assert_int_equal(total, ref_count(&b));
        assert_int_equal(unique, ref_count_unique(&b));
        nq_plan_free(plan);
    }
}

/* Asks the count to stop once `stop_after` pieces are counted, and keeps the last report. */
typedef struct piece_stopper {
    nq_stop_flag flag;
    uint64_t stop_after;
    uint64_t pieces;           /* pieces counted, as last reported */
    nq_unit_count so_far;      /* their count */
} piece_stopper;

static void stop_after(void *context, uint64_t pieces, const nq_unit_count *so_far)
{
    piece_stopper *s = context;
    s->pieces = pieces;
    s->so_far = *so_far;
    if (pieces == s->stop_after)
        atomic_store(&s->flag, 1);
}

/* Counts unit u of plan stopped after k pieces, then from there: the unit's whole count.
 * Returns whether the count stopped (the unit has more than k pieces). */
static int check_stop_and_resume(const nq_plan *plan, size_t u, uint64_t k, int unique)
{
    nq_unit_count whole, count;
    assert_int_equal(nq_plan_count_unit(plan, u, unique, &whole), NQ_OK);
    piece_stopper s = { .stop_after = k };
    atomic_init(&s.flag, 0);
    nq_unit_job job = { .unique = unique, .stop = &s.flag, .on_piece = stop_after,
                        .context = &s };
    struct nq_join_scratch *scratch = NULL;
    nq_status status = nq_plan_count_unit_from(plan, u, &job, &count, &scratch);
    if (status == NQ_OK) {   /* the unit has k pieces or fewer */
        assert_true(s.pieces <= k);
        assert_int_equal(count.total, whole.total);
        return 0;
    }
    assert_int_equal(status, NQ_ERR_STOPPED);
    assert_int_equal(s.pieces, k);
    /* What the partial record would claim, counted apart. */
    nq_unit_count claimed;
    assert_int_equal(nq_plan_count_pieces(plan, u, unique, k, &claimed), NQ_OK);
    assert_int_equal(claimed.total, s.so_far.total);
    assert_int_equal(claimed.unique, s.so_far.unique);
    nq_unit_job resume = { .unique = unique, .first_piece = k, .before = s.so_far };
    assert_int_equal(nq_plan_count_unit_from(plan, u, &resume, &count, &scratch), NQ_OK);
    assert_int_equal(count.total, whole.total);
    if (unique)
        assert_int_equal(count.unique, whole.unique);
    nq_plan_scratch_free(scratch);
    return 1;
}

static void stopped_after_k_pieces_resumes_exactly(void **state)
{
    (void)state;
    uint64_t seed = 77;
    int stopped = 0;
    for (int i = 0; i < 60; i++) {
        nq_board b;
        int n = 8 + test_below(&seed, 4);
        test_random_board(&seed, n, test_below(&seed, 15), test_below(&seed, 2),
                          i % 2 ? 0xFF : 0, &b);
        nq_plan *plan = plan_units(&b, 2 + i % 2, 1 + (size_t)test_below(&seed, 20));
        if (nq_plan_units(plan) == 0) {
            nq_plan_free(plan);
            continue;
        }
        size_t u = (size_t)test_below(&seed, (int)nq_plan_units(plan));
        for (uint64_t k = 1; k <= 7; k += 3)
            stopped += check_stop_and_resume(plan, u, k, i % 3 != 0);
        nq_plan_free(plan);
    }
    assert_true(stopped > 40);   /* most units have more than k pieces */
}

/* A run resumes a unit from its partial count: from a true one, the true total; from a false
 * one, a total off by as much, which shows that the pieces counted are not counted again. */
static void runs_resume_from_partial_counts(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 12);
    nq_plan *plan = plan_with(&b, 3);
    nq_unit_partial partials[2];
    size_t found = 0;
    for (size_t u = 0; u < nq_plan_units(plan) && found < 2; u++) {
        nq_unit_count whole, first;
        assert_int_equal(nq_plan_count_unit(plan, u, 1, &whole), NQ_OK);
        assert_int_equal(nq_plan_count_pieces(plan, u, 1, 2, &first), NQ_OK);
        if (first.total > 0 && first.total < whole.total)
            partials[found++] = (nq_unit_partial){ u, 2, first };
    }
    assert_int_equal(found, 2);
    nq_run_options o = { .threads = 2, .unique = 1, .partials = partials, .partial_count = 2 };
    nq_count_result result;
    assert_int_equal(nq_plan_run(plan, &o, &result), NQ_OK);
    assert_int_equal(result.total.lo, 14200);
    assert_int_equal(result.unique.lo, 1787);
    partials[1].count.total += 8;
    assert_int_equal(nq_plan_run(plan, &o, &result), NQ_OK);
    assert_int_equal(result.total.lo, 14200 + 8);
    nq_plan_free(plan);
}

/* What a run reported: units done and partial counts, as a checkpoint would record them. */
typedef struct journal {
    const nq_plan *plan;
    uint8_t done[4096];
    nq_u128 total, unique;
    nq_unit_partial partials[4096];
    size_t partial_count;
    nq_stop_request stop;
    size_t stop_after;       /* partial reports after which to ask the run to stop; 0: never */
} journal;

static int journal_unit(void *context, size_t unit, const nq_unit_count *count)
{
    journal *j = context;
    j->done[unit / 8] |= (uint8_t)(1u << unit % 8);
    nq_u128_add(&j->total, (nq_u128){ count->total, 0 });
    nq_u128_add(&j->unique, (nq_u128){ count->unique, 0 });
    return 0;
}

static int journal_partial(void *context, const nq_unit_partial *partial)
{
    journal *j = context;
    assert_true(partial->pieces >= 1);
    assert_false(j->done[partial->unit / 8] >> partial->unit % 8 & 1);
    if (j->partial_count < 4096)
        j->partials[j->partial_count++] = *partial;
    /* Stopped by what it has seen, not by the clock: a fast machine may end the run first. */
    if (j->stop_after && j->partial_count >= j->stop_after)
        j->stop = 1;
    return 0;
}

/* Keeps the furthest partial count of each unit not done, by unit number, as a checkpoint
 * reader does. */
static void keep_furthest(journal *j)
{
    size_t kept = 0;
    for (size_t i = 0; i < j->partial_count; i++) {
        nq_unit_partial p = j->partials[i];
        size_t k = 0;
        if (j->done[p.unit / 8] >> p.unit % 8 & 1)
            continue;
        while (k < kept && j->partials[k].unit != p.unit)
            k++;
        if (k == kept || j->partials[k].pieces < p.pieces)
            j->partials[k] = p;
        kept += k == kept;
    }
    for (size_t a = 1; a < kept; a++)   /* by unit number */
        for (size_t b = a; b > 0 && j->partials[b - 1].unit > j->partials[b].unit; b--) {
            nq_unit_partial t = j->partials[b];
            j->partials[b] = j->partials[b - 1], j->partials[b - 1] = t;
        }
    j->partial_count = kept;
}

/* A run reports how far its units in progress got, now and then and when it stops, each report
 * true to the unit's first pieces; a run resumed from the units done and the furthest reports
 * gives the whole count. */
static void runs_report_and_resume_partial_counts(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 15);
    nq_plan *plan = plan_units(&b, 3, 8);
    assert_true(nq_plan_units(plan) < 8 * 4096);
    static journal j;
    j = (journal){ .plan = plan, .stop_after = 2 };
    nq_run_options o = { .threads = 2, .unique = 1, .on_unit = journal_unit,
                         .on_partial = journal_partial, .partial_every = 0.01,
                         .stop = &j.stop, .context = &j };
    nq_count_result result;
    assert_int_equal(nq_plan_run(plan, &o, &result), NQ_ERR_STOPPED);
    assert_true(j.partial_count > 0);
    for (size_t i = 0; i < j.partial_count; i++) {
        nq_unit_count c;
        assert_int_equal(nq_plan_count_pieces(plan, j.partials[i].unit, 1, j.partials[i].pieces,
                                              &c), NQ_OK);
        assert_int_equal(c.total, j.partials[i].count.total);
        assert_int_equal(c.unique, j.partials[i].count.unique);
    }
    keep_furthest(&j);
    assert_true(j.partial_count > 0);
    nq_run_options resume = { .threads = 2, .unique = 1, .done = j.done, .done_total = j.total,
                              .done_unique = j.unique, .partials = j.partials,
                              .partial_count = j.partial_count };
    assert_int_equal(nq_plan_run(plan, &resume, &result), NQ_OK);
    assert_int_equal(result.total.lo, 2279184);
    assert_int_equal(result.unique.lo, 285053);
    nq_plan_free(plan);
}

/* A checkpoint being written in memory. */
typedef struct file {
    unsigned char data[4096];
    size_t length;
} file;

static void add_record(file *f, const nq_plan *plan, size_t unit, uint64_t total)
{
    nq_checkpoint_record(plan, unit, &(nq_unit_count){ total, 1 }, f->data + f->length);
    f->length += NQ_CHECKPOINT_RECORD_SIZE;
}

static void add_partial(file *f, const nq_plan *plan, size_t unit, uint64_t pieces,
                        uint64_t total)
{
    nq_unit_partial p = { unit, pieces, { total, 1 } };
    nq_checkpoint_partial(plan, &p, f->data + f->length);
    f->length += NQ_CHECKPOINT_RECORD_SIZE;
}

/* A checkpoint keeps the furthest partial record of each unit not done; a unit's record
 * supersedes its partial ones; partial records that contradict each other are refused; a torn
 * last one is dropped. */
static void checkpoints_keep_partial_records(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 9);
    nq_plan *plan = plan_with(&b, 2);
    file f = { .length = NQ_CHECKPOINT_HEADER_SIZE };
    nq_checkpoint_header(plan, 1, f.data);
    add_partial(&f, plan, 5, 2, 10);
    add_record(&f, plan, 3, 40);
    add_partial(&f, plan, 5, 4, 20);
    add_partial(&f, plan, 3, 1, 7);
    add_partial(&f, plan, 1, 1, 2);
    add_partial(&f, plan, 5, 3, 15);
    nq_checkpoint_state s;
    nq_parse_error err = { 0 };
    assert_int_equal(nq_checkpoint_read(plan, 1, f.data, f.length, &s, &err), NQ_OK);
    assert_int_equal(s.units_done, 1);
    assert_int_equal(s.total.lo, 40);
    assert_int_equal(s.partial_count, 2);
    assert_int_equal(s.partials[0].unit, 1);
    assert_int_equal(s.partials[1].unit, 5);
    assert_int_equal(s.partials[1].pieces, 4);
    assert_int_equal(s.partials[1].count.total, 20);
    assert_int_equal(s.valid_length, f.length);
    nq_checkpoint_state_free(&s);
    /* Torn: the last partial record dropped, the one before it kept. */
    assert_int_equal(nq_checkpoint_read(plan, 1, f.data, f.length - 5, &s, &err), NQ_OK);
    assert_int_equal(s.valid_length, f.length - NQ_CHECKPOINT_RECORD_SIZE);
    assert_int_equal(s.partials[1].pieces, 4);
    nq_checkpoint_state_free(&s);
    /* Damaged before the last record: refused, as a unit's record would be. */
    f.data[NQ_CHECKPOINT_HEADER_SIZE + 9] ^= 2;
    assert_int_equal(nq_checkpoint_read(plan, 1, f.data, f.length, &s, &err), NQ_ERR_SYNTAX);
    assert_non_null(strstr(err.message, "record 1 of 6 is damaged"));
    f.data[NQ_CHECKPOINT_HEADER_SIZE + 9] ^= 2;
    /* More pieces, a smaller count: a contradiction. */
    add_partial(&f, plan, 5, 6, 12);
    add_record(&f, plan, 0, 1);
    assert_int_equal(nq_checkpoint_read(plan, 1, f.data, f.length, &s, &err), NQ_ERR_SYNTAX);
    assert_non_null(strstr(err.message, "record 7 contradicts an earlier one"));
    /* The header tells the piece levels, as a plan takes them again. */
    nq_checkpoint_info info;
    assert_int_equal(nq_checkpoint_describe(f.data, f.length, &info, &err), NQ_OK);
    assert_int_equal(info.piece_levels, 2);
    nq_plan *whole = plan_with(&b, -1);
    nq_checkpoint_header(whole, 1, f.data);
    assert_int_equal(nq_checkpoint_describe(f.data, f.length, &info, &err), NQ_OK);
    assert_int_equal(info.piece_levels, -1);
    /* A plan of whole units has no partial record: one is damage. */
    file g = { .length = NQ_CHECKPOINT_HEADER_SIZE };
    nq_checkpoint_header(whole, 1, g.data);
    add_partial(&g, whole, 2, 1, 5);
    add_record(&g, whole, 3, 40);
    assert_int_equal(nq_checkpoint_read(whole, 1, g.data, g.length, &s, &err), NQ_ERR_SYNTAX);
    assert_non_null(strstr(err.message, "record 1 of 2 is damaged"));
    nq_plan_free(whole);
    nq_plan_free(plan);
}

/* By default only boards of side 24 and up are counted in pieces. */
static void pieces_by_default_from_24(void **state)
{
    (void)state;
    nq_board b;
    nq_board_init(&b, 13);
    nq_plan *plan = plan_with(&b, 0);
    assert_int_equal(plan->piece_levels, 0);
    nq_plan_free(plan);
    nq_board_init(&b, 24);
    nq_board_place(&b, 0, 0), nq_board_place(&b, 1, 2), nq_board_place(&b, 2, 4);
    plan = plan_with(&b, 0);
    assert_int_equal(plan->piece_levels, 2);
    nq_plan_free(plan);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pieces_share_out_units),
        cmocka_unit_test(wide_boards_in_pieces),
        cmocka_unit_test(stopped_after_k_pieces_resumes_exactly),
        cmocka_unit_test(runs_resume_from_partial_counts),
        cmocka_unit_test(runs_report_and_resume_partial_counts),
        cmocka_unit_test(checkpoints_keep_partial_records),
        cmocka_unit_test(pieces_by_default_from_24),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
