/*
 * fuzz_numbers.c - libFuzzer target for the command line's numbers (N, K, T, seeds, memory
 * sizes).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "common/plan_choice.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    /* An argument is a C string: it ends at the first NUL. */
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    long long value = -7;
    if (parse_int(text, "number", 1, 64, &value) == 0)
        assert(value >= 1 && value <= 64 && strspn(text, "0123456789") == strlen(text));
    nq_board board;
    if (parse_board_size(text, &board) == 0)
        assert(board.n >= 1 && board.n <= NQ_MAX_N);
    uint64_t bytes = 0;
    if (parse_memory(text, &bytes) == 0) {
        size_t digits = strspn(text, "0123456789");
        assert(bytes >= 1 && digits > 0 && strlen(text) - digits <= 1);
    }
    /* What getopt would take for an option: refused only when it is a minus and digits. */
    char *argv[] = { "fuzz", text, NULL };
    if (reject_negative_numbers("fuzz", 2, argv) != 0)
        assert(text[0] == '-' && text[1] && strspn(text + 1, "0123456789") == strlen(text + 1));
    free(text);
    return 0;
}
