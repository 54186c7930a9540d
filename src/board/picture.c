/*
 * picture.c - solutions as pictures: Unicode for terminals, SVG for everything else.
 *
 * SVG pages tile many boards on a grid. Squares come from one checkered pattern per page and
 * queens and crosses from symbols defined once, so a board costs a line per queen.
 */
#include <stdio.h>
#include <string.h>

#include "nqueens.h"

static int is_bad(const nq_board *board, int r, int c)
{
    return board && (board->blocked[r] >> c & 1);
}

size_t nq_unicode_max_bytes(int n)
{
    return (size_t)n * ((size_t)n * 6 + 1) + 1;
}

size_t nq_picture_unicode(int n, const int32_t *cols, const nq_board *board, char *buf)
{
    char *p = buf;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            const char *square = cols[r] == c       ? "\u265B "
                               : is_bad(board, r, c) ? "\u2573 "
                               : (r + c) % 2        ? "\u2591\u2591"
                                                    : "  ";
            size_t len = strlen(square);
            memcpy(p, square, len);
            p += len;
        }
        *p++ = '\n';
    }
    *p++ = '\n';
    return (size_t)(p - buf);
}

/* The side of a square in pixels: large for small boards, at least 1. */
static int cell_size(int n)
{
    int cell = 512 / n;
    return cell > 32 ? 32 : cell < 1 ? 1 : cell;
}

/* Boards per row of the page: about a square grid, at most 8 wide. */
static uint64_t grid_width(uint64_t boards)
{
    uint64_t width = 1;
    while (width < 8 && width * width < boards)
        width++;
    return width;
}

size_t nq_svg_max_bytes(int n, const nq_board *board)
{
    return 256 + 96 * (size_t)n + (board ? 96 * (size_t)n * (size_t)n : 0);
}

size_t nq_svg_begin(int n, uint64_t boards, char *buf)
{
    int cell = cell_size(n);
    uint64_t across = grid_width(boards), down = boards ? (boards + across - 1) / across : 1;
    uint64_t side = (uint64_t)n * (uint64_t)cell, gap = (uint64_t)cell;
    uint64_t width = across * side + (across + 1) * gap, height = down * side + (down + 1) * gap;
    return (size_t)sprintf(
        buf,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%llu\" height=\"%llu\" "
        "viewBox=\"0 0 %llu %llu\">\n"
        "<defs>\n"
        "<pattern id=\"squares\" width=\"%d\" height=\"%d\" patternUnits=\"userSpaceOnUse\">"
        "<rect width=\"%d\" height=\"%d\" fill=\"#f0d9b5\"/>"
        "<rect x=\"%d\" width=\"%d\" height=\"%d\" fill=\"#b58863\"/>"
        "<rect y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#b58863\"/></pattern>\n"
        "<symbol id=\"queen\" viewBox=\"0 0 10 10\"><path d=\"M1.5 8.6h7l1-5.4-2.6 2L5 1.4 "
        "3.1 5.2.5 3.2z\" fill=\"#1a1a1a\" stroke=\"#fff\" stroke-width=\".5\"/>"
        "<circle cx=\"5\" cy=\"1.4\" r=\".8\" fill=\"#1a1a1a\"/></symbol>\n"
        "<symbol id=\"bad\" viewBox=\"0 0 10 10\"><path d=\"M2 2l6 6M8 2l-6 6\" "
        "stroke=\"#b00\" stroke-width=\"1.2\"/></symbol>\n"
        "</defs>\n"
        "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n",
        (unsigned long long)width, (unsigned long long)height, (unsigned long long)width,
        (unsigned long long)height, 2 * cell, 2 * cell, 2 * cell, 2 * cell, cell, cell, cell,
        cell, cell, cell);
}

size_t nq_svg_board(int n, const int32_t *cols, const nq_board *board, uint64_t index,
                    uint64_t boards, char *buf)
{
    int cell = cell_size(n);
    uint64_t across = grid_width(boards), side = (uint64_t)n * (uint64_t)cell;
    uint64_t x = (index % across) * (side + (uint64_t)cell) + (uint64_t)cell;
    uint64_t y = (index / across) * (side + (uint64_t)cell) + (uint64_t)cell;
    char *p = buf;
    p += sprintf(p, "<g transform=\"translate(%llu %llu)\">\n<rect width=\"%llu\" height=\"%llu\" "
                 "fill=\"url(#squares)\" stroke=\"#444\"/>\n", (unsigned long long)x,
                 (unsigned long long)y, (unsigned long long)side, (unsigned long long)side);
    for (int r = 0; board && r < n; r++)
        for (int c = 0; c < n; c++)
            if (is_bad(board, r, c) && cols[r] != c)
                p += sprintf(p, "<use href=\"#bad\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n",
                             c * cell, r * cell, cell, cell);
    for (int r = 0; r < n; r++)
        p += sprintf(p, "<use href=\"#queen\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n",
                     cols[r] * cell, r * cell, cell, cell);
    p += sprintf(p, "</g>\n");
    return (size_t)(p - buf);
}

size_t nq_svg_end(char *buf)
{
    return (size_t)sprintf(buf, "</svg>\n");
}
