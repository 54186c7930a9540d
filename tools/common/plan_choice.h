/*
 * plan_choice.h - how to count, as the command line says: method and memory limit.
 */
#ifndef NQ_PLAN_CHOICE_H
#define NQ_PLAN_CHOICE_H

#include "common.h"

typedef struct plan_choice {
    nq_method method;       /* --method; NQ_METHOD_AUTO unless given */
    uint64_t max_memory;    /* --max-memory in bytes; 0: three quarters of physical memory */
    int piece_levels;       /* as nq_plan_options; 0: NQ_PIECE_LEVELS if set, else the
                               library's default */
    size_t max_units;       /* as nq_plan_options: a checkpoint's unit count, to make its
                               backtracker's plan again; 0: as --max-memory allows */
    nq_engine engine;       /* --engine; NQ_ENGINE_AUTO unless given */
} plan_choice;

/* What a count keeps and resumes beside its plan, for the library to plan with. */
typedef struct plan_resume {
    unsigned keep;                    /* as nq_plan_options: its checkpoint and subtotals */
    const nq_checkpoint_info *info;   /* as nq_plan_options.resume: the header of the
                                         checkpoint it resumes, or NULL */
    const char *path;                 /* that checkpoint's file, named in messages */
} plan_resume;

/* Parses --method: auto, backtrack or join. Returns 0 or EXIT_USAGE. */
int parse_method(const char *text, nq_method *method);

/* Parses --engine: auto, rows or lines. Returns 0 or EXIT_USAGE. */
int parse_engine(const char *text, nq_engine *engine);

/* Parses --max-memory: bytes, or a number with K, M, G or T (powers of 1024). Returns 0 or
 * EXIT_USAGE. */
int parse_memory(const char *text, uint64_t *bytes);

/* Three quarters of the machine's physical memory, or the library's NQ_DEFAULT_MAX_MEMORY if
 * unknown: the explicit figure --max-memory stands for when not given. */
uint64_t default_max_memory(void);

/* The library's options for a plan as choice says, for a run with or without unique on
 * `threads` threads (0: all cores). */
nq_plan_options plan_options(const plan_choice *choice, int unique, int threads);

/* Bytes in a short human form: "900 bytes", "12 KiB", "512 MiB", "6.2 GiB" (rounded up). */
void format_bytes(uint64_t bytes, char out[32]);

/* What a plan of board with options would need and is allowed, for a message about a memory
 * limit: need ("?" if unknown) and limit (options->max_memory) in format_bytes's form. */
void memory_figures(const nq_board *board, const nq_plan_options *options, char need[32],
                    char limit[32]);

/* What a run of plan needs in memory: the plan's own, and with a checkpoint (checkpoint
 * nonzero) its state, with subtotals a count for each unit. */
uint64_t run_memory(const nq_plan *plan, int checkpoint, int subtotals);

/* Makes the plan to count board as choice says, for a run on `threads` threads (0: all cores)
 * with or without unique; the library makes the policy (the checkpoint's method and units, the
 * bookkeeping held to the limit), this says what went wrong. Returns 0, or an exit code after a
 * message: EXIT_USAGE when the join was asked for a board it does not count, EXIT_RUNTIME when
 * the method would need more memory than allowed or anything else failed. */
int make_plan(const char *command, const nq_board *board, const plan_choice *choice, int unique,
              int threads, nq_plan **plan);

/* make_plan for a run that keeps and resumes what resume says (NULL: nothing). */
int make_run_plan(const char *command, const nq_board *board, const plan_choice *choice,
                  const plan_resume *resume, int unique, int threads, nq_plan **plan);

#endif /* NQ_PLAN_CHOICE_H */
