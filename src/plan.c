/*
 * plan.c - a board's count split into numbered work units, and the count of one unit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Units to aim at by default: 4096 up to n = 18, enough for a few hundred cores to share, then
 * four times as many per size, as the work grows about sevenfold, up to a million: units of
 * seconds to minutes up to n = 22, so that checkpoints and ranks lose and wait little. */
static size_t default_min_units(int n)
{
    size_t units = 4096;
    for (int k = 18; k < n && units < (1u << 20); k++)
        units *= 4;
    return units;
}

/* 64-bit FNV-1a, continuing from hash. */
static uint64_t fnv1a(uint64_t hash, const void *data, size_t size)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < size; i++)
        hash = (hash ^ p[i]) * UINT64_C(0x100000001b3);
    return hash;
}

static uint64_t fingerprint(const nq_plan *plan)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    int header[3] = { NQ_ENGINE_VERSION, plan->board.n, (int)plan->group };
    h = fnv1a(h, header, sizeof header);
    h = fnv1a(h, plan->board.blocked, (size_t)plan->board.n * sizeof plan->board.blocked[0]);
    h = fnv1a(h, plan->board.queen, (size_t)plan->board.n);
    for (size_t i = 0; i < plan->unit_count; i++) {
        const nq_unit *u = &plan->units[i];
        uint8_t fields[5] = { u->queens, u->weight, u->unique_group, u->rule, u->shape };
        h = fnv1a(h, fields, sizeof fields);
        h = fnv1a(h, u->row, u->queens);
        h = fnv1a(h, u->col, u->queens);
    }
    return h;
}

nq_status nq_plan_create(const nq_board *board, size_t min_units, nq_plan **plan)
{
    if (!board || !plan)
        return NQ_ERR_ARGUMENT;
    nq_plan *p = calloc(1, sizeof *p);
    if (!p)
        return NQ_ERR_NOMEM;
    p->board = *board;
    nq_status status = nq_search_compile(board, &p->search);
    p->group = status ? 1u : nq_board_symmetries(board);
    nq_unit_list list = { NULL, 0, 0 };
    if (!status)
        status = nq_split(&p->search, p->group, min_units ? min_units : default_min_units(board->n),
                          &list);
    if (status) {
        free(p);
        return status;
    }
    p->units = list.units;
    p->unit_count = list.count;
    p->fingerprint = fingerprint(p);
    *plan = p;
    return NQ_OK;
}

void nq_plan_free(nq_plan *plan)
{
    if (plan)
        free(plan->units);
    free(plan);
}

size_t nq_plan_units(const nq_plan *plan)
{
    return plan ? plan->unit_count : 0;
}

uint64_t nq_plan_fingerprint(const nq_plan *plan)
{
    return plan ? plan->fingerprint : 0;
}

/* The visitor of units whose completions are checked one by one against their images. */
typedef struct class_visit {
    unsigned group;      /* the symmetries to check against */
    int rule;            /* enum nq_rule */
    uint64_t total;      /* completions counted, under the rule */
    uint64_t least;      /* completions least among their images */
} class_visit;

static int count_classes(void *context, int n, const int8_t *cols)
{
    class_visit *v = context;
    int size = nq_class_size(cols, n, v->group);
    v->least += size > 0;
    v->total += v->rule == NQ_RULE_CLASS ? (uint64_t)size : 1;
    return 0;
}

nq_status nq_plan_count_unit(const nq_plan *plan, size_t unit, int unique, nq_unit_count *count)
{
    if (!plan || !count || unit >= plan->unit_count)
        return NQ_ERR_ARGUMENT;
    const nq_unit *u = &plan->units[unit];
    nq_search search;
    nq_search_of_unit(&plan->search, u, &search);
    nq_state root = nq_search_root(&search);
    uint64_t completions, weight = u->weight;
    if (u->rule == NQ_RULE_CLASS || (unique && u->unique_group != 1u)) {
        class_visit v = { u->unique_group, u->rule, 0, 0 };
        nq_kernel_visit_any(&search, count_classes, &v);
        completions = v.total;
        count->unique = v.least;
        if (u->rule == NQ_RULE_CLASS)
            weight = 1;   /* class sizes are already counted in */
    } else {
        /* Every completion is the least of its images, or the unique count is not wanted. */
        completions = nq_kernel_count(&search, root);
        count->unique = u->unique_group == 1u ? completions : 0;
    }
    if (completions > UINT64_MAX / weight)
        return NQ_ERR_OVERFLOW;
    count->total = completions * weight;
    return NQ_OK;
}

void nq_plan_describe_unit(const nq_plan *plan, size_t unit, char *buf, size_t size,
                           unsigned *weight)
{
    static const char *const shapes[] = { "", "corner ", "strict ", "tie-bottom ", "tie-left ",
                                          "tie-right " };
    if (!plan || !buf || !size || unit >= plan->unit_count)
        return;
    const nq_unit *u = &plan->units[unit];
    size_t used = (size_t)snprintf(buf, size, "%s", shapes[u->shape]);
    for (int q = 0; q < u->queens && used < size; q++)
        used += (size_t)snprintf(buf + used, size - used, "%s%d:%d", q ? " " : "", u->row[q] + 1,
                                 u->col[q] + 1);
    if (weight)
        *weight = u->weight;
}
