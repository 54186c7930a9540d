/*
 * status.c - the text of each status code.
 */
#include "nqueens.h"

const char *nq_strerror(nq_status status)
{
    switch (status) {
    case NQ_OK:           return "success";
    case NQ_ERR_ARGUMENT: return "invalid argument";
    case NQ_ERR_SIZE:     return "board size out of range (1 to 64)";
    case NQ_ERR_NOMEM:    return "out of memory";
    case NQ_ERR_SYNTAX:   return "syntax error";
    case NQ_ERR_ATTACK:   return "two queens attack each other";
    case NQ_ERR_BLOCKED:  return "a queen on a bad square";
    case NQ_ERR_OVERFLOW: return "count overflow";
    case NQ_ERR_STOPPED:  return "stopped";
    case NQ_ERR_END:      return "end of input";
    case NQ_ERR_NO_SOLUTION: return "no solution exists";
    case NQ_ERR_MEMORY_LIMIT: return "more memory needed than allowed";
    case NQ_ERR_METHOD:   return "the method does not count this board";
    case NQ_ERR_OFF_BOARD: return "square off the board";
    case NQ_ERR_OTHER_PLAN: return "checkpoint made for another plan";
    case NQ_ERR_VERSION:  return "checkpoint made by another version";
    case NQ_ERR_THREADS:  return "more threads than the plan was made for";
    case NQ_ERR_ROW_TAKEN: return "the row already has a queen";
    case NQ_ERR_WRONG_TOTAL: return "the total fails the check of the unique count";
    }
    return "unknown error";
}
