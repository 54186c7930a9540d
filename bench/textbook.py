"""The textbook Python n-queens backtracker, the floor the Python package is measured against.

What courses and LeetCode answers write: one set of taken columns and two of taken diagonals,
one row at a time, the solution built as a list of columns. No bit tricks, no symmetry.
  python3 bench/textbook.py count N     prints Q(N)
  python3 bench/textbook.py solve N     lists every solution, prints how many
"""
import sys


def solutions(n):
    """Yields every solution of the n x n board as a tuple of columns, in lexicographic order."""
    cols, used, up, down = [], set(), set(), set()

    def place(row):
        if row == n:
            yield tuple(cols)
            return
        for c in range(n):
            if c in used or row + c in up or row - c in down:
                continue
            cols.append(c)
            used.add(c)
            up.add(row + c)
            down.add(row - c)
            yield from place(row + 1)
            cols.pop()
            used.remove(c)
            up.remove(row + c)
            down.remove(row - c)

    return place(0)


def count(n):
    """Q(n) by the same search, counting instead of yielding."""
    used, up, down = set(), set(), set()

    def place(row):
        if row == n:
            return 1
        total = 0
        for c in range(n):
            if c in used or row + c in up or row - c in down:
                continue
            used.add(c)
            up.add(row + c)
            down.add(row - c)
            total += place(row + 1)
            used.remove(c)
            up.remove(row + c)
            down.remove(row - c)
        return total

    return place(0)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("count", "solve"):
        sys.exit("usage: textbook.py count|solve N")
    n = int(sys.argv[2])
    print(count(n) if sys.argv[1] == "count" else len(list(solutions(n))))
