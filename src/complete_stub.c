/* Placeholder until the completion search lands: never knows. */
#include "internal.h"
nq_status nq_find_completion(const nq_search *search, const nq_find_limits *limits, int8_t *cols)
{
    (void)search, (void)limits, (void)cols;
    return NQ_ERR_STOPPED;
}
