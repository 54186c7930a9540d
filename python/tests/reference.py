"""A plain Python reference for the tests: the textbook search, one row at a time, over sets.

Slow and obviously right; the package is compared with it on small random boards.
"""
import random


def solutions(n, blocked=frozenset(), queens=None):
    """Every solution of the n x n board in lexicographic order: tuples of each row's column.
    blocked: a set of (row, col) bad squares; queens: a dict row -> col of placed queens."""
    queens = queens or {}
    found, cols = [], []

    def place(row, used, up, down):
        if row == n:
            found.append(tuple(cols))
            return
        for c in ([queens[row]] if row in queens else range(n)):
            if c in used or row + c in up or row - c in down or (row, c) in blocked:
                continue
            cols.append(c)
            place(row + 1, used | {c}, up | {row + c}, down | {row - c})
            cols.pop()

    place(0, frozenset(), frozenset(), frozenset())
    return found


def symmetries(n):
    """The eight symmetries of the square as functions of (row, col)."""
    m = n - 1
    return [lambda r, c: (r, c), lambda r, c: (c, m - r), lambda r, c: (m - r, m - c),
            lambda r, c: (m - c, r), lambda r, c: (r, m - c), lambda r, c: (m - r, c),
            lambda r, c: (c, r), lambda r, c: (m - c, m - r)]


def unique(n, found):
    """The lexicographically least solution of each class of found (solutions of the empty
    board) under the eight symmetries, in lexicographic order."""
    least = set()
    for s in found:
        images = []
        for f in symmetries(n):
            image = [0] * n
            for r, c in enumerate(s):
                rr, cc = f(r, c)
                image[rr] = cc
            images.append(tuple(image))
        least.add(min(images))
    return sorted(least)


def is_solution(cols):
    n = len(cols)
    return (all(0 <= c < n for c in cols) and len(set(cols)) == n and
            len({r + c for r, c in enumerate(cols)}) == n and
            len({r - c for r, c in enumerate(cols)}) == n)


def random_board(rng, n):
    """A random n x n board: some bad squares, and a few queens that do not attack each other,
    on good squares. Returns (text, blocked, queens)."""
    blocked = {(r, c) for r in range(n) for c in range(n) if rng.random() < 0.15}
    queens = {}
    for _ in range(rng.randrange(3)):
        r, c = rng.randrange(n), rng.randrange(n)
        if (r in queens or (r, c) in blocked or
                any(c == qc or abs(r - qr) == abs(c - qc) for qr, qc in queens.items())):
            continue
        queens[r] = c
    text = "".join("".join("Q" if queens.get(r) == c else "*" if (r, c) in blocked else "."
                           for c in range(n)) + "\n" for r in range(n))
    return text, frozenset(blocked), queens


def rng(seed):
    return random.Random(seed)
