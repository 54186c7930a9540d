/*
 * test_u128.c - the 128-bit counts: decimal output at the edges and at every power of ten,
 * addition with its overflow check, and the 64 x 64 product.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "base/base.h"

/* Formats value and expects text, and the returned length to be its length. */
static void expect_decimal(nq_u128 value, const char *text)
{
    char buf[40];
    memset(buf, 'x', sizeof buf);
    assert_int_equal(nq_u128_format(value, buf), (int)strlen(text));
    assert_string_equal(buf, text);
}

static void edges(void **state)
{
    (void)state;
    expect_decimal((nq_u128){ 0, 0 }, "0");
    expect_decimal((nq_u128){ 1, 0 }, "1");
    expect_decimal((nq_u128){ 10, 0 }, "10");
    expect_decimal((nq_u128){ UINT64_MAX, 0 }, "18446744073709551615");
    expect_decimal((nq_u128){ 0, 1 }, "18446744073709551616");
    expect_decimal((nq_u128){ UINT64_MAX, UINT64_MAX }, "340282366920938463463374607431768211455");
    expect_decimal((nq_u128){ 0, UINT64_C(1) << 63 }, "170141183460469231731687303715884105728");
}

/* Multiplies v by 10 with plain 64-bit halves: 32-bit limbs, so no product overflows. */
static nq_u128 times_ten(nq_u128 v)
{
    uint64_t limbs[4] = { v.lo & 0xFFFFFFFF, v.lo >> 32, v.hi & 0xFFFFFFFF, v.hi >> 32 };
    uint64_t carry = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t t = limbs[i] * 10 + carry;
        limbs[i] = t & 0xFFFFFFFF;
        carry = t >> 32;
    }
    return (nq_u128){ limbs[0] | limbs[1] << 32, limbs[2] | limbs[3] << 32 };
}

/* 10^k prints as 1 and k zeros, 10^k - 1 as k nines, for every k that fits. */
static void powers_of_ten(void **state)
{
    (void)state;
    nq_u128 power = { 1, 0 };
    char want[41];
    for (int k = 0; k <= 38; k++) {
        want[0] = '1';
        memset(want + 1, '0', (size_t)k);
        want[k + 1] = '\0';
        expect_decimal(power, want);
        nq_u128 less = { power.lo - 1, power.hi - (power.lo == 0) };
        memset(want, '9', (size_t)k);
        want[k] = '\0';
        if (k > 0)
            expect_decimal(less, want);
        power = times_ten(power);
    }
}

static void addition(void **state)
{
    (void)state;
    nq_u128 sum = { UINT64_MAX, 0 };
    assert_int_equal(nq_u128_add(&sum, (nq_u128){ 1, 0 }), 0);   /* carry into hi */
    assert_true(sum.lo == 0 && sum.hi == 1);
    assert_int_equal(nq_u128_add(&sum, (nq_u128){ 5, 7 }), 0);
    assert_true(sum.lo == 5 && sum.hi == 8);
    sum = (nq_u128){ UINT64_MAX - 1, UINT64_MAX };
    assert_int_equal(nq_u128_add(&sum, (nq_u128){ 1, 0 }), 0);   /* exactly 2^128 - 1 */
    assert_true(sum.lo == UINT64_MAX && sum.hi == UINT64_MAX);
    assert_int_equal(nq_u128_add(&sum, (nq_u128){ 0, 0 }), 0);
    assert_int_equal(nq_u128_add(&sum, (nq_u128){ 1, 0 }), 1);   /* overflow: unchanged */
    assert_true(sum.lo == UINT64_MAX && sum.hi == UINT64_MAX);
    sum = (nq_u128){ 0, UINT64_MAX };
    assert_int_equal(nq_u128_add(&sum, (nq_u128){ 0, 1 }), 1);   /* overflow in hi alone */
    assert_true(sum.lo == 0 && sum.hi == UINT64_MAX);
    sum = (nq_u128){ 1, UINT64_C(1) << 63 };
    assert_int_equal(nq_u128_add(&sum, (nq_u128){ UINT64_MAX, (UINT64_C(1) << 63) - 1 }), 1);
    assert_true(sum.lo == 1 && sum.hi == UINT64_C(1) << 63);
}

static void products(void **state)
{
    (void)state;
    nq_u128 p = nq_u128_mul64(UINT64_MAX, 8);
    assert_true(p.hi == 7 && p.lo == UINT64_MAX - 7);
    p = nq_u128_mul64(UINT64_MAX, UINT64_MAX);   /* (2^64 - 1)^2 = 2^128 - 2^65 + 1 */
    assert_true(p.hi == UINT64_MAX - 1 && p.lo == 1);
    p = nq_u128_mul64(0, UINT64_MAX);
    assert_true(p.hi == 0 && p.lo == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(edges),
        cmocka_unit_test(powers_of_ten),
        cmocka_unit_test(addition),
        cmocka_unit_test(products),
    };
    return cmocka_run_group_tests_name("u128", tests, NULL, NULL);
}
