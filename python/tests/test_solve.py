"""nqueens.solve: the same solutions as the reference, in the same order, in every format;
lazy and bounded in memory."""
import resource
import time

import pytest

import nqueens
import reference


def test_empty_boards_against_the_reference():
    for n in range(1, 10):
        found = reference.solutions(n)
        assert list(nqueens.solve(n)) == found
        assert list(nqueens.solve(n, unique=True)) == reference.unique(n, found)
        assert list(nqueens.solve(n, threads=1, limit=3)) == found[:3]


def test_random_boards_against_the_reference():
    rng = reference.rng(51)
    for _ in range(200):
        n = rng.randrange(1, 9)
        text, blocked, queens = reference.random_board(rng, n)
        assert list(nqueens.solve(board=text)) == reference.solutions(n, blocked, queens), text


def test_formats():
    cols = list(nqueens.solve(6))
    rows = list(nqueens.solve(6, format="leetcode"))
    boards = list(nqueens.solve(board=nqueens.Board(".*....\n" + "......\n" * 5),
                                format="board"))
    assert rows == [["." * c + "Q" + "." * (5 - c) for c in s] for s in cols]
    assert [b.queens for b in boards] == [s for s in cols if s[0] != 1]
    assert all(b.blocked == {(0, 1)} for b in boards)
    with pytest.raises(ValueError):
        nqueens.solve(6, format="json")


def test_limit():
    assert list(nqueens.solve(8, limit=0)) == []
    assert len(list(nqueens.solve(8, limit=5))) == 5
    assert len(list(nqueens.solve(8, limit=1000))) == 92
    with pytest.raises(ValueError):
        nqueens.solve(8, limit=-1)


def test_limit_one_is_the_first_solution():
    # limit=1 takes the library's first-solution search (nq_solve_first), as the CLI's
    # `solve --limit 1` does: the reference's first solution, or none, on boards with bad squares
    # and placed queens, unique or not, on one thread or two.
    rng = reference.rng(61)
    for i in range(150):
        n = rng.randrange(1, 9)
        text, blocked, queens = reference.random_board(rng, n)
        want = reference.solutions(n, blocked, queens)[:1]
        assert list(nqueens.solve(board=text, limit=1, threads=1 + i % 2)) == want, text
        assert list(nqueens.solve(board=text, limit=1, unique=True)) == want, text


def test_limit_one_gives_the_published_first_rows():
    # OEIS A141843, the lexicographically first solution of each board (bench/a141843.txt,
    # 1-based), and the first of the whole listing where it ends soon.
    for n, row in ((4, (2, 4, 1, 3)), (8, (1, 5, 8, 6, 3, 7, 2, 4)),
                   (10, (1, 3, 6, 8, 10, 5, 9, 2, 4, 7))):
        assert list(nqueens.solve(n, limit=1)) == [tuple(c - 1 for c in row)]
    for n in (20, 27):
        assert list(nqueens.solve(n, limit=1)) == [next(nqueens.solve(n, threads=1))]
    assert list(nqueens.solve(3, limit=1)) == []


def test_first_solution_comes_at_once():
    # Q(20) is 39 billion: a listing that did not stream would never hand out the first.
    start = time.monotonic()
    first = next(nqueens.solve(20))
    assert time.monotonic() - start < 1.0
    assert reference.is_solution(first)
    assert first == next(nqueens.solve(20, threads=1))


def test_first_solution_of_a_32_board():
    # The lexicographically first solution of 32 x 32: the library's guided walk finds it in
    # about a second (a plain backtracker would take hours).
    it = nqueens.solve(32, threads=1)
    start = time.monotonic()
    first = next(it)
    it.close()
    assert time.monotonic() - start < 10.0
    assert nqueens.verify(first)


def test_first_solution_of_a_40_board_with_queens_placed():
    # 40 x 40 with the first 30 rows of a solution placed: the rest streams at once.
    cols = nqueens.one(40)
    board = nqueens.Board(40)
    for r in range(30):
        board.place(r, cols[r])
    start = time.monotonic()
    first = next(nqueens.solve(board=board))
    assert time.monotonic() - start < 1.0
    assert first[:30] == cols[:30] and nqueens.verify(first)


def test_first_solution_of_the_empty_40_board_in_search_order():
    # In search order the first solutions of the empty 40 x 40 board come at once (in
    # lexicographic order the first lies behind minutes of proofs).
    start = time.monotonic()
    it = nqueens.solve(40, order="search")
    first = [next(it) for _ in range(3)]
    it.close()
    assert time.monotonic() - start < 1.0
    assert all(nqueens.verify(cols) for cols in first) and len(set(first)) == 3


def test_search_order_lists_the_same_solutions():
    assert sorted(nqueens.solve(8, order="search")) == list(nqueens.solve(8))
    assert sorted(nqueens.solve(9, unique=True, order="search")) == \
        list(nqueens.solve(9, unique=True))
    board = "Q.....\n......\n......\n......\n......\n......\n"
    assert sorted(nqueens.solve(board=board, order="search")) == list(nqueens.solve(board=board))
    assert next(nqueens.solve(6, order="search")) == (1, 3, 5, 0, 2, 4)
    assert list(nqueens.solve(6, order="search", limit=2)) == [(1, 3, 5, 0, 2, 4),
                                                               (2, 5, 1, 4, 0, 3)]


def test_unknown_order():
    with pytest.raises(ValueError, match="order = 'random'"):
        nqueens.solve(8, order="random")


def rss_kib():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def test_memory_stays_flat_over_a_million_solutions():
    it = nqueens.solve(15)   # 2279184 solutions
    for _ in range(100_000):
        next(it)
    before = rss_kib()
    last = None
    for _, last in zip(range(1_000_000), it):
        pass
    after = rss_kib()
    it.close()
    assert nqueens.verify(last)
    assert after - before < 4096, (before, after)


def test_lexicographic_order_and_count_agree():
    seen = list(nqueens.solve(10))
    assert seen == sorted(seen) and len(set(seen)) == len(seen) == nqueens.count(10)


def test_dropping_or_closing_stops_the_listing():
    for _ in range(20):
        it = nqueens.solve(16)
        next(it)
        del it
    it = nqueens.solve(16)
    next(it)
    it.close()
    assert list(it) == []
