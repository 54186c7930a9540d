/*
 * u128.c - the unsigned 128-bit counts that totals are kept in.
 */
#include "base/base.h"

__extension__ typedef unsigned __int128 wide;

static wide to_wide(nq_u128 v)
{
    return (wide)v.hi << 64 | v.lo;
}

static nq_u128 from_wide(wide w)
{
    return (nq_u128){ (uint64_t)w, (uint64_t)(w >> 64) };
}

int nq_u128_add(nq_u128 *sum, nq_u128 term)
{
    wide a = to_wide(*sum), b = to_wide(term);
    if (a + b < a)
        return 1;
    *sum = from_wide(a + b);
    return 0;
}

nq_u128 nq_u128_mul64(uint64_t a, uint64_t b)
{
    return from_wide((wide)a * b);
}

int nq_u128_format(nq_u128 value, char *buf)
{
    char digits[40];
    int len = 0;
    wide w = to_wide(value);
    do {
        digits[len++] = (char)('0' + (int)(w % 10));
        w /= 10;
    } while (w);
    for (int i = 0; i < len; i++)
        buf[i] = digits[len - 1 - i];
    buf[len] = '\0';
    return len;
}
