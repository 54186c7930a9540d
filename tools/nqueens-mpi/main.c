/*
 * main.c - nqueens-mpi: `nqueens count` spread over the ranks of an MPI job.
 *
 * Every rank makes the same plan from the same board (rank 0 reads it and sends it to all, and
 * checks that every plan's fingerprint matches); rank 0 hands out the units and prints the
 * count, exactly as `nqueens count` would. Rank 0 picks the method (--method auto: the join
 * for empty boards it counts, or the method of the checkpoint it resumes) and the others follow
 * it. Checkpoints are `nqueens count`'s: either program resumes the other's.
 */
#include <getopt.h>
#include <mpi.h>
#include <string.h>
#include <unistd.h>

#include "common/cpu_choice.h"
#include "mpi_count.h"

static const char help[] =
    "Usage: mpirun [MPI OPTIONS] nqueens-mpi count N [OPTIONS]\n"
    "       mpirun [MPI OPTIONS] nqueens-mpi count --board FILE [OPTIONS]\n"
    "       nqueens-mpi --version\n"
    "Count the solutions of the N x N board (or of the board in FILE, read by rank 0) on every\n"
    "rank of an MPI job, each with its own threads; rank 0 prints the count.\n"
    "\n"
    "  -b, --board FILE       count the completions of this board\n"
    "  -u, --unique           count classes of solutions under the board's symmetries\n"
    "  -t, --threads T        worker threads per rank (default: one per usable core)\n"
    "  -m, --method M         auto, join or backtrack, as for 'nqueens count'; rank 0 chooses\n"
    "                         and every rank counts with its choice\n"
    "      --max-memory SIZE  memory the join may take on each rank, e.g. 8G\n"
    "  -p, --progress         report progress on rank 0's stderr\n"
    "  -c, --checkpoint FILE  rank 0 records finished units in FILE, and every 30 s how far\n"
    "                         units in progress got (the format of 'nqueens count\n"
    "                         --checkpoint', locked as it is); rerun to resume\n"
    "  -h, --help             show this help\n"
    "\n"
    "SIGINT, SIGTERM or SIGHUP (unless ignored) to rank 0 stops after syncing the checkpoint.\n"
    "NQ_CPU=portable, popcnt, avx2 or avx512 in rank 0's environment caps the fast paths of\n"
    "every rank, as for nqueens. Exit codes: 0 success, 1 runtime failure, 2 bad input (a\n"
    "checkpoint in use by another run included), 130/143/129 stopped by SIGINT/SIGTERM/SIGHUP.\n";

/* Parses the options on rank 0; returns 0, -1 after --help, or an exit code. */
static int parse(int argc, char **argv, mpi_run *run, const char **board_path)
{
    static const struct option options[] = {
        OPTION_BOARD,
        OPTION_METHOD,
        OPTION_MAX_MEMORY,
        { "unique", no_argument, NULL, 'u' },
        OPTION_THREADS,
        { "progress", no_argument, NULL, 'p' },
        { "checkpoint", required_argument, NULL, 'c' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    if (argc < 2 || strcmp(argv[1], "count") != 0) {
        if (argc >= 2 && strcmp(argv[1], "--help") == 0)
            return out_puts(help), -1;
        if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
            char paths[160];
            cpu_choice_describe(paths, sizeof paths);
            out_puts("nqueens-mpi " NQ_VERSION_STRING "\n");
            out_puts(paths);
            out_puts("\n");
            return -1;
        }
        return fail(EXIT_USAGE, "the only command is count; see 'nqueens-mpi --help'");
    }
    argc--, argv++;
    int code = reject_negative_numbers("count", argc, argv), c;
    opterr = 0;
    while (!code && (c = getopt_long(argc, argv, ":b:ut:m:pc:h", options, NULL)) != -1) {
        switch (c) {
        case 'b': *board_path = optarg; break;
        case 'u': run->unique = 1; break;
        case 't': code = parse_threads(optarg, &run->threads); break;
        case 'm': code = parse_method(optarg, &run->choice.method); break;
        case OPT_MAX_MEMORY: code = parse_memory(optarg, &run->choice.max_memory); break;
        case 'p': run->progress = 1; break;
        case 'c': run->checkpoint_path = optarg; break;
        case 'h': out_puts(help); return -1;
        default: return fail_option("count", c, optopt, argv[optind - 1]);
        }
    }
    return code;
}

/* Rank 0 reads NQ_CPU, the board and options; every rank gets them, and takes the fast paths
 * rank 0's NQ_CPU allows. Returns an exit code, -1 for help. */
static int share_setup(int rank, int argc, char **argv, mpi_run *run, nq_board *board)
{
    int code = 0;
    unsigned paths = NQ_CPU_ALL;
    if (rank == 0 && !(code = cpu_limit_from_environment(&paths)))
        nq_cpu_limit(paths);
    if (rank == 0 && !code) {
        const char *board_path = NULL;
        code = parse(argc, argv, run, &board_path);
        if (!code)
            code = board_from_arguments("count", board_path, argc - 1 - optind,
                                        argv + 1 + optind, board);
    }
    MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (code)
        return code;
    MPI_Bcast(&paths, 1, MPI_UNSIGNED, 0, MPI_COMM_WORLD);
    nq_cpu_limit(paths);
    int settings[3] = { run->unique, run->threads, (int)run->choice.method };
    MPI_Bcast(settings, 3, MPI_INT, 0, MPI_COMM_WORLD);
    run->unique = settings[0], run->threads = settings[1];
    run->choice.method = (nq_method)settings[2];
    unsigned long long max_memory = run->choice.max_memory;
    MPI_Bcast(&max_memory, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
    run->choice.max_memory = max_memory;
    MPI_Bcast(board, (int)sizeof *board, MPI_BYTE, 0, MPI_COMM_WORLD);
    return 0;
}

/* Rank 0 makes its plan as the options say, and as the checkpoint it resumes was made (its
 * method and units, the library's policy, as for `nqueens count`), holding the checkpoint's
 * state to the limit; every other rank makes one by the method it took, with as many units
 * (the backtracker's split depends on the memory allowed, which by default depends on the
 * machine). Returns 0 on every rank, or an exit code on every rank when any failed. */
static int make_plans(int rank, const nq_board *board, mpi_run *run, nq_plan **plan)
{
    int code = 0, method = 0;
    unsigned long long units = 0;
    if (rank == 0) {
        nq_checkpoint_info info;
        const char *path = run->checkpoint_path;
        const plan_resume resume = { path ? NQ_KEEP_CHECKPOINT : 0u,
                                     path && checkpoint_peek(path, &info) ? &info : NULL, path };
        code = make_run_plan("count", board, &run->choice, &resume, run->unique, run->threads,
                             plan);
        method = code ? 0 : (int)nq_plan_method(*plan);
        units = code ? 0 : nq_plan_units(*plan);
    }
    MPI_Bcast(&method, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Bcast(&units, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
    if (rank != 0 && method) {
        plan_choice mine = run->choice;
        mine.method = (nq_method)method;
        mine.max_units = method == NQ_METHOD_BACKTRACK && units ? (size_t)units : 0;
        code = make_plan("count", board, &mine, run->unique, run->threads, plan);
    }
    int worst = code;
    MPI_Allreduce(&code, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return worst;
}

/* Checks that every rank made the same plan: each compares its plan's fingerprint with rank
 * 0's, and the lowest rank that differs, if any, is named. Returns 0 or an exit code (printed
 * on rank 0). */
static int check_plans(int rank, int ranks, const nq_plan *plan)
{
    const unsigned long long mine = nq_plan_fingerprint(plan);
    unsigned long long first = mine;
    MPI_Bcast(&first, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
    int other = mine != first ? rank : ranks, lowest = ranks;
    MPI_Allreduce(&other, &lowest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (lowest == ranks)
        return 0;
    if (rank != 0)
        return EXIT_RUNTIME;
    return fail(EXIT_RUNTIME, "count: rank %d made another plan (another engine version?)",
                lowest);
}

int main(int argc, char **argv)
{
    int provided, rank, ranks;
    program_name = "nqueens-mpi";
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    mpi_run run = { 0 };
    nq_board board;
    nq_plan *plan = NULL;
    int code = share_setup(rank, argc, argv, &run, &board);
    if (!code)
        code = make_plans(rank, &board, &run, &plan);
    run.plan = plan;
    if (!code)
        code = check_plans(rank, ranks, plan);
    /* Rank 0 opens the checkpoint before any rank starts, so a refused one stops them all. */
    checkpoint_file cp = { 0 };
    if (!code && rank == 0 && run.checkpoint_path)
        code = checkpoint_open(&cp, run.checkpoint_path, plan, run.unique);
    if (plan)
        MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
    nq_count_result result;
    if (!code && rank == 0)
        code = run_rank0(&run, &cp, ranks, &result);
    else if (!code)
        code = run_worker(&run);
    /* The join's units count no classes: they follow from the whole total (Burnside). */
    if (!code && rank == 0 && run.unique && nq_plan_method(plan) == NQ_METHOD_JOIN &&
        nq_unique_from_total(board.n, &result))
        code = fail_wrong_total(run.checkpoint_path);
    if (!code && rank == 0) {
        char digits[40];
        nq_u128_format(run.unique ? result.unique : result.total, digits);
        out_puts(digits);
        out_puts("\n");
        code = out_close();
    }
    if (code == -1)
        code = out_close();
    nq_plan_free(plan);
    MPI_Finalize();
    return code;
}
