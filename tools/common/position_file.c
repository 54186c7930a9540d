/*
 * position_file.c - the checkpoint of `nqueens solve --limit 1`: a position of the search for the
 * first solution, rewritten in place every second or so.
 *
 * The file holds two records of RECORD bytes, one line each, written in turn; each carries a
 * sequence number and a checksum, and the reader takes the valid one with the higher number.
 * So a record torn by a crash (or a power cut between write and sync) costs the last second
 * only: the other record is whole. The file is opened and locked as count's checkpoint is
 * (checkpoint_lock: regular files only, one run at a time).
 *
 * A thread of its own writes the records: the search reports positions in bursts between
 * questions that may each take minutes, and the last position before such a question is the
 * one worth having on disk while it runs.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "checkpoint_file.h"
#include "position_file.h"

#define RECORD 512                 /* bytes of one record: 64 columns of 2 digits and a space fit */
#define SAVE_SECONDS 1             /* seconds between records */
static const char magic[] = "nqueens-first-position 1";

/* FNV-1a over len bytes, continuing from hash. */
static uint32_t fnv(uint32_t hash, const void *data, size_t len)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++)
        hash = (hash ^ p[i]) * 16777619u;
    return hash;
}

/* The fingerprint of a board: its side, bad squares and queens. */
static uint32_t fingerprint(const nq_board *board)
{
    uint32_t hash = fnv(2166136261u, &board->n, sizeof board->n);
    for (int r = 0; r < board->n; r++) {
        hash = fnv(hash, &board->blocked[r], sizeof board->blocked[r]);
        hash = fnv(hash, &board->queen[r], sizeof board->queen[r]);
    }
    return hash;
}

/* Formats pf's position as a record into line (RECORD bytes, the last a newline). */
static void format_record(const position_file *pf, char *line)
{
    int length = snprintf(line, RECORD, "%s n %d board %08" PRIx32 " sequence %" PRIu64
                          " rows %d:", magic, pf->n, pf->board, pf->sequence, pf->rows);
    for (int r = 0; r < pf->rows; r++)
        length += snprintf(line + length, (size_t)(RECORD - length), " %d", pf->prefix[r] + 1);
    length += snprintf(line + length, (size_t)(RECORD - length), " check %08" PRIx32,
                       fnv(2166136261u, line, (size_t)length));
    memset(line + length, ' ', (size_t)(RECORD - 1 - length));
    line[RECORD - 1] = '\n';
}

/* Parses a record; returns 1 with *sequence, rows and prefix in out, 0 if it is not whole. */
static int parse_record(const char *line, position_file *out, int *n, uint32_t *board)
{
    char text[RECORD];
    memcpy(text, line, RECORD);
    text[RECORD - 1] = '\0';
    char *check = strstr(text, " check ");
    uint32_t sum;
    if (!check || sscanf(check, " check %8" SCNx32, &sum) != 1 ||
        sum != fnv(2166136261u, text, (size_t)(check - text)))
        return 0;
    int used = 0;
    if (strncmp(text, magic, sizeof magic - 1) != 0 ||
        sscanf(text + sizeof magic - 1, " n %d board %8" SCNx32 " sequence %" SCNu64
               " rows %d:%n", n, board, &out->sequence, &out->rows, &used) != 4 ||
        used == 0 || out->rows < 0 || out->rows > *n || *n > NQ_MAX_N)
        return 0;
    const char *p = text + sizeof magic - 1 + used;
    for (int r = 0; r < out->rows; r++) {
        int col, step;
        if (sscanf(p, " %d%n", &col, &step) != 1 || col < 1 || col > *n)
            return 0;
        out->prefix[r] = col - 1;
        p += step;
    }
    return 1;
}

/* Reads the file's records into pf. Returns 0 or EXIT_USAGE after a message. */
static int read_position(position_file *pf, const unsigned char *data, size_t length)
{
    if (length == 0)
        return 0;
    int found = 0;
    for (size_t at = 0; at + RECORD <= length && at < 2 * RECORD; at += RECORD) {
        position_file record;
        int n;
        uint32_t board;
        if (!parse_record((const char *)data + at, &record, &n, &board))
            continue;
        if (n != pf->n || board != pf->board)
            return fail(EXIT_USAGE, "checkpoint %s: made for another board; give the board it "
                        "was made for, or another file", pf->path);
        if (!found || record.sequence > pf->sequence) {
            pf->sequence = record.sequence, pf->rows = record.rows;
            memcpy(pf->prefix, record.prefix, sizeof pf->prefix);
        }
        found = 1;
    }
    return found ? 0 : fail(EXIT_USAGE, "checkpoint %s: not a checkpoint of 'solve --limit 1'",
                            pf->path);
}

int position_open(position_file *pf, const char *path, const nq_board *board)
{
    *pf = (position_file){ .path = path, .fd = -1, .board = fingerprint(board), .n = board->n };
    checkpoint_file cp;
    int code = checkpoint_lock(&cp, path);
    if (code)
        return code;
    pf->fd = cp.fd, pf->created = cp.created;
    unsigned char data[2 * RECORD];
    ssize_t got = pread(pf->fd, data, sizeof data, 0);
    if (got < 0)
        code = fail(EXIT_RUNTIME, "checkpoint %s: read error: %s", path, strerror(errno));
    else
        code = read_position(pf, data, (size_t)got);
    if (code) {
        close(pf->fd);
        pf->fd = -1;
    }
    return code;
}

/* Writes the position as the next record (pf->lock held). */
static void save(position_file *pf)
{
    char line[RECORD];
    pf->sequence++;
    format_record(pf, line);
    off_t at = (off_t)(pf->sequence % 2) * RECORD;
    if (pwrite(pf->fd, line, RECORD, at) != RECORD && !pf->write_errno)
        pf->write_errno = errno ? errno : EIO;
    if (fdatasync(pf->fd) != 0 && !pf->write_errno)
        pf->write_errno = errno;
    pf->unsaved = 0;
}

static void *saver(void *arg)
{
    position_file *pf = arg;
    pthread_mutex_lock(&pf->lock);
    while (!pf->closing) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += SAVE_SECONDS;
        while (!pf->closing && pthread_cond_timedwait(&pf->wake, &pf->lock, &until) == 0)
            ;
        if (pf->unsaved)
            save(pf);
    }
    pthread_mutex_unlock(&pf->lock);
    return NULL;
}

int position_start(position_file *pf)
{
    pthread_mutex_init(&pf->lock, NULL);
    pthread_cond_init(&pf->wake, NULL);
    pf->saving = pthread_create(&pf->saver, NULL, saver, pf) == 0;
    return pf->saving ? 0 : fail(EXIT_RUNTIME, "checkpoint %s: cannot start a thread", pf->path);
}

void position_report(void *context, int rows, const int32_t *prefix)
{
    position_file *pf = context;
    pthread_mutex_lock(&pf->lock);
    pf->rows = rows;
    memcpy(pf->prefix, prefix, (size_t)rows * sizeof *prefix);
    pf->unsaved = 1;
    pthread_mutex_unlock(&pf->lock);
}

int position_close(position_file *pf)
{
    if (pf->fd < 0)
        return 0;
    if (pf->saving) {
        pthread_mutex_lock(&pf->lock);
        pf->closing = 1;
        pthread_cond_signal(&pf->wake);
        pthread_mutex_unlock(&pf->lock);
        pthread_join(pf->saver, NULL);
        pthread_mutex_destroy(&pf->lock);
        pthread_cond_destroy(&pf->wake);
    }
    if (pf->unsaved || pf->created)
        save(pf);
    int failed = close(pf->fd) != 0 || pf->write_errno;
    int error = pf->write_errno ? pf->write_errno : errno;
    pf->fd = -1;
    return failed ? fail(EXIT_RUNTIME, "checkpoint %s: write failed: %s", pf->path,
                         strerror(error))
                  : 0;
}
