/*
 * checkpoint.c - encodes and checks checkpoint headers and records.
 *
 * A checkpoint is a 64-byte header, then 32-byte records, appended as units finish and, for a
 * unit counted in pieces, as its pieces do. All numbers are little-endian. Header: magic
 * "NQCKPT\r\n", format version, engine version, n, unique flag, unit count, plan fingerprint,
 * method (1 for the join), the plan's piece levels, CRC-32 of the bytes before it. Record:
 * unit number, total, unique, the total modulo a prime (a check that does not share the CRC's
 * arithmetic, as the Q27 project kept residues), CRC-32 seeded with the fingerprint, so that a
 * record copied from another plan's checkpoint does not pass. A partial record has the number
 * of the unit's pieces counted in the upper half of the unit number (a finished unit's record
 * has 0 there), and the count of those pieces. The fingerprint is in the header, so the CRCs
 * catch damage, not forgery: `nqueens check` recounts records to catch that.
 */
#include <stdlib.h>
#include <string.h>

#include "board/parse.h"
#include "count/plan.h"

/* Format 2 added partial records and the piece levels. */
#define FORMAT_VERSION 2
#define RESIDUE_PRIME UINT64_C(4294967291)   /* the largest prime below 2^32 */

static const char magic[8] = { 'N', 'Q', 'C', 'K', 'P', 'T', '\r', '\n' };

static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> 8 * i);
}

static void put64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> 8 * i);
}

static uint32_t get32(const unsigned char *p)
{
    uint32_t v = 0;
    for (int i = 3; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static uint64_t get64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

void nq_checkpoint_header(const nq_plan *plan, int unique,
                          unsigned char out[NQ_CHECKPOINT_HEADER_SIZE])
{
    memset(out, 0, NQ_CHECKPOINT_HEADER_SIZE);
    memcpy(out, magic, sizeof magic);
    put32(out + 8, FORMAT_VERSION);
    put32(out + 12, NQ_ENGINE_VERSION);
    put32(out + 16, (uint32_t)plan->board.n);
    put32(out + 20, unique != 0);
    put64(out + 24, plan->unit_count);
    put64(out + 32, plan->fingerprint);
    put32(out + 40, nq_plan_method(plan) == NQ_METHOD_JOIN);
    put32(out + 44, (uint32_t)plan->piece_levels);
    put32(out + 60, nq_crc32(0, out, 60));
}

/* The CRC of a record's first 28 bytes, tied to the plan. */
static uint32_t record_crc(const nq_plan *plan, const unsigned char *record)
{
    unsigned char seed[8];
    put64(seed, plan->fingerprint);
    return nq_crc32(nq_crc32(0, seed, sizeof seed), record, 28);
}

/* The most pieces a partial record can tell: the upper half of its unit number, less one bit. */
#define MAX_PIECES ((uint64_t)NQ_PARTIAL_MAX_PIECES)

/* Writes a record with the unit field `field`. */
static void put_record(const nq_plan *plan, uint64_t field, const nq_unit_count *count,
                       unsigned char out[NQ_CHECKPOINT_RECORD_SIZE])
{
    put64(out, field);
    put64(out + 8, count->total);
    put64(out + 16, count->unique);
    put32(out + 24, (uint32_t)(count->total % RESIDUE_PRIME));
    put32(out + 28, record_crc(plan, out));
}

void nq_checkpoint_record(const nq_plan *plan, size_t unit, const nq_unit_count *count,
                          unsigned char out[NQ_CHECKPOINT_RECORD_SIZE])
{
    put_record(plan, unit, count, out);
}

void nq_checkpoint_partial(const nq_plan *plan, const nq_unit_partial *partial,
                           unsigned char out[NQ_CHECKPOINT_RECORD_SIZE])
{
    uint64_t pieces = partial->pieces < MAX_PIECES ? partial->pieces : MAX_PIECES;
    put_record(plan, (uint64_t)partial->unit | pieces << 32, &partial->count, out);
}

/* Checks that h is a whole header of this format and engine version, for a board side that
 * exists; fills err and returns a status if not. The CRC does not vouch for the side: anyone
 * can recompute it, and a side beyond NQ_MAX_N would reach the making of a plan. */
static nq_status check_magic(const unsigned char *h, nq_parse_error *err)
{
    if (memcmp(h, magic, sizeof magic) != 0 || get32(h + 60) != nq_crc32(0, h, 60)) {
        nq_parse_error_set(err, 0, 1, "not an nqueens checkpoint, or its header is damaged");
        return NQ_ERR_SYNTAX;
    }
    if (get32(h + 8) != FORMAT_VERSION || get32(h + 12) != NQ_ENGINE_VERSION) {
        nq_parse_error_set(err, 0, 1, "made by another version of nqueens (format %u, engine %u)",
                           get32(h + 8), get32(h + 12));
        return NQ_ERR_VERSION;
    }
    if (get32(h + 16) < 1 || get32(h + 16) > NQ_MAX_N) {
        nq_parse_error_set(err, 0, 1, "its header is damaged: it names a board of side %u, not "
                           "1 to %d", get32(h + 16), NQ_MAX_N);
        return NQ_ERR_SYNTAX;
    }
    return NQ_OK;
}

nq_status nq_checkpoint_describe(const void *data, size_t length, nq_checkpoint_info *info,
                                 nq_parse_error *err)
{
    if (!info || (!data && length))
        return NQ_ERR_ARGUMENT;
    if (length < NQ_CHECKPOINT_HEADER_SIZE) {
        nq_parse_error_set(err, 0, 1, "too short for an nqueens checkpoint (%zu bytes)", length);
        return NQ_ERR_SYNTAX;
    }
    const unsigned char *h = data;
    nq_status status = check_magic(h, err);
    if (status)
        return status;
    *info = (nq_checkpoint_info){
        .n = (int)get32(h + 16), .unique = get32(h + 20) != 0,
        .method = get32(h + 40) ? NQ_METHOD_JOIN : NQ_METHOD_BACKTRACK,
        .units = get64(h + 24), .fingerprint = get64(h + 32),
        .piece_levels = get32(h + 44) ? (int)get32(h + 44) : -1,
    };
    return NQ_OK;
}

/* Checks the header against the plan; fills err and returns a status if it does not match. */
static nq_status check_header(const nq_plan *plan, int unique, const unsigned char *h,
                              nq_parse_error *err)
{
    nq_status status = check_magic(h, err);
    if (status)
        return status;
    if (get32(h + 16) != (uint32_t)plan->board.n) {
        nq_parse_error_set(err, 0, 1, "made for N = %u, not %d", get32(h + 16), plan->board.n);
        return NQ_ERR_OTHER_PLAN;
    }
    if (get32(h + 20) != (uint32_t)(unique != 0)) {
        nq_parse_error_set(err, 0, 1, "made %s the count of unique solutions, unlike this plan's",
                           get32(h + 20) ? "with" : "without");
        return NQ_ERR_OTHER_PLAN;
    }
    if (get32(h + 40) != (uint32_t)(nq_plan_method(plan) == NQ_METHOD_JOIN)) {
        nq_parse_error_set(err, 0, 1, "made by the %s, unlike this plan",
                           get32(h + 40) ? "join" : "backtracker");
        return NQ_ERR_OTHER_PLAN;
    }
    if (get32(h + 44) != (uint32_t)plan->piece_levels) {
        nq_parse_error_set(err, 0, 1, "made with units in pieces %u queens deep, not %d",
                           get32(h + 44), plan->piece_levels);
        return NQ_ERR_ARGUMENT;
    }
    if (get64(h + 24) != plan->unit_count || get64(h + 32) != plan->fingerprint) {
        nq_parse_error_set(err, 0, 1, "made for another board or work split");
        return NQ_ERR_OTHER_PLAN;
    }
    return NQ_OK;
}

int nq_checkpoint_matches(const nq_plan *plan, int unique, const void *data, size_t length)
{
    return plan && data && length >= NQ_CHECKPOINT_HEADER_SIZE &&
           check_header(plan, unique, data, NULL) == NQ_OK;
}

/* Whether a record is whole and belongs to the plan: a partial one, to a plan in pieces. */
static int record_is_valid(const nq_plan *plan, const unsigned char *r)
{
    uint64_t total = get64(r + 8), unit = get64(r) & UINT32_MAX, pieces = get64(r) >> 32;
    return get32(r + 28) == record_crc(plan, r) && unit < plan->unit_count &&
           pieces <= MAX_PIECES && (pieces == 0 || plan->piece_levels > 0) &&
           get32(r + 24) == (uint32_t)(total % RESIDUE_PRIME);
}

/* A partial record read, with its place in the file. */
typedef struct partial_read {
    nq_unit_partial partial;
    size_t record;            /* its number in the file, from 1 */
} partial_read;

/* Partial records as read, before only the furthest of each unit not done is kept. */
typedef struct partial_list {
    partial_read *items;
    size_t count, capacity;
} partial_list;

static nq_status keep_partial(const unsigned char *r, size_t record, partial_list *list)
{
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? 2 * list->capacity : 16;
        partial_read *items = realloc(list->items, capacity * sizeof *items);
        if (!items)
            return NQ_ERR_NOMEM;
        list->items = items, list->capacity = capacity;
    }
    list->items[list->count++] = (partial_read){
        { (size_t)(get64(r) & UINT32_MAX), get64(r) >> 32, { get64(r + 8), get64(r + 16) } },
        record
    };
    return NQ_OK;
}

static int by_unit_then_pieces(const void *a, const void *b)
{
    const nq_unit_partial *x = &((const partial_read *)a)->partial;
    const nq_unit_partial *y = &((const partial_read *)b)->partial;
    if (x->unit != y->unit)
        return (x->unit > y->unit) - (x->unit < y->unit);
    return (x->pieces > y->pieces) - (x->pieces < y->pieces);
}

/* Keeps in state the furthest partial record of each unit not done. Two of a unit with the same
 * pieces must agree, and one with more pieces cannot have counted less. Returns NQ_OK, or
 * NQ_ERR_SYNTAX with err filled. */
static nq_status take_partials(partial_list *list, nq_checkpoint_state *state,
                               nq_parse_error *err)
{
    if (list->count)
        qsort(list->items, list->count, sizeof *list->items, by_unit_then_pieces);
    size_t kept = 0;
    for (size_t i = 0; i < list->count; i++) {
        const nq_unit_partial *p = &list->items[i].partial;
        const nq_unit_partial *last = kept ? &list->items[kept - 1].partial : NULL;
        if (state->done[p->unit / 8] >> (p->unit % 8) & 1)
            continue;   /* superseded by the unit's record */
        if (last && last->unit == p->unit &&
            (p->count.total < last->count.total || p->count.unique < last->count.unique ||
             (p->pieces == last->pieces && (p->count.total != last->count.total ||
                                            p->count.unique != last->count.unique)))) {
            size_t record = list->items[i].record;
            nq_parse_error_set(err, (int)record, 1, "record %zu contradicts an earlier one",
                               record);
            return NQ_ERR_SYNTAX;
        }
        if (last && last->unit == p->unit)
            kept--;
        list->items[kept++] = list->items[i];
    }
    state->partials = malloc((kept + 1) * sizeof *state->partials);
    if (!state->partials)
        return NQ_ERR_NOMEM;
    for (size_t i = 0; i < kept; i++)
        state->partials[i] = list->items[i].partial;
    state->partial_count = kept;
    return NQ_OK;
}

/* Adds a valid record to state; a second record of the same unit must agree with the first. */
static nq_status take_record(const unsigned char *r, nq_checkpoint_state *state)
{
    size_t unit = (size_t)get64(r);
    uint64_t total = get64(r + 8), unique = get64(r + 16);
    if (state->done[unit / 8] >> (unit % 8) & 1)
        return state->counts[unit].total == total && state->counts[unit].unique == unique
                   ? NQ_OK
                   : NQ_ERR_SYNTAX;
    state->done[unit / 8] |= (uint8_t)(1u << (unit % 8));
    state->counts[unit] = (nq_unit_count){ total, unique };
    state->units_done++;
    if (nq_u128_add(&state->total, (nq_u128){ total, 0 }) ||
        nq_u128_add(&state->unique, (nq_u128){ unique, 0 }))
        return NQ_ERR_OVERFLOW;
    return NQ_OK;
}

uint64_t nq_checkpoint_state_bytes(const nq_plan *plan)
{
    /* As nq_checkpoint_read allocates them: done, then counts. */
    return plan ? nq_keep_bytes(plan->unit_count, NQ_KEEP_CHECKPOINT) : 0;
}

nq_status nq_checkpoint_read(const nq_plan *plan, int unique, const void *data, size_t length,
                             nq_checkpoint_state *state, nq_parse_error *err)
{
    if (!plan || !state || (!data && length))
        return NQ_ERR_ARGUMENT;
    const unsigned char *bytes = data;
    if (length < NQ_CHECKPOINT_HEADER_SIZE) {
        nq_parse_error_set(err, 0, 1, "too short for an nqueens checkpoint (%zu bytes)", length);
        return NQ_ERR_SYNTAX;
    }
    nq_status status = check_header(plan, unique, bytes, err);
    if (status)
        return status;
    *state = (nq_checkpoint_state){ .valid_length = NQ_CHECKPOINT_HEADER_SIZE };
    state->done = calloc(plan->unit_count / 8 + 1, 1);
    state->counts = calloc(plan->unit_count + 1, sizeof *state->counts);
    if (!state->done || !state->counts) {
        nq_checkpoint_state_free(state);
        return NQ_ERR_NOMEM;
    }
    size_t records = (length - NQ_CHECKPOINT_HEADER_SIZE) / NQ_CHECKPOINT_RECORD_SIZE;
    partial_list partials = { NULL, 0, 0 };
    for (size_t i = 0; i < records && !status; i++) {
        const unsigned char *r = bytes + NQ_CHECKPOINT_HEADER_SIZE + i * NQ_CHECKPOINT_RECORD_SIZE;
        if (!record_is_valid(plan, r)) {
            /* A run killed while writing leaves at most its last record damaged. */
            if (i + 1 == records)
                break;
            nq_parse_error_set(err, (int)(i + 1), 1, "record %zu of %zu is damaged", i + 1,
                               records);
            status = NQ_ERR_SYNTAX;
        } else if (get64(r) >> 32) {
            if ((status = keep_partial(r, i + 1, &partials)) == NQ_OK)
                state->valid_length += NQ_CHECKPOINT_RECORD_SIZE;
        } else if ((status = take_record(r, state)) != NQ_OK) {
            nq_parse_error_set(err, (int)(i + 1), 1, "record %zu contradicts an earlier one",
                               i + 1);
        } else {
            state->valid_length += NQ_CHECKPOINT_RECORD_SIZE;
        }
    }
    if (!status)
        status = take_partials(&partials, state, err);
    free(partials.items);
    if (status)
        nq_checkpoint_state_free(state);
    return status;
}

void nq_checkpoint_state_free(nq_checkpoint_state *state)
{
    if (!state)
        return;
    free(state->done);
    free(state->counts);
    free(state->partials);
    state->done = NULL;
    state->counts = NULL;
    state->partials = NULL;
    state->partial_count = 0;
}
