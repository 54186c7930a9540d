"""nqueens.one, complete, verify and conflict against the reference."""
import pytest

import nqueens
import reference


def test_one_explicit_and_random():
    for n in list(range(1, 40)) + [1000, 100_001]:
        explicit = nqueens.one(n)
        if n in (2, 3):
            assert explicit is None and nqueens.one(n, random=True) is None
            continue
        assert reference.is_solution(explicit) and nqueens.verify(explicit)
        if n < 2000:
            chosen = nqueens.one(n, seed=n)
            assert reference.is_solution(chosen)
            assert chosen == nqueens.one(n, random=True, seed=n)
    assert nqueens.one(1000, seed=1) != nqueens.one(1000, seed=2)
    with pytest.raises(nqueens.Error):
        nqueens.one(0)
    with pytest.raises(ValueError):
        nqueens.one(8, seed=-1)


def test_complete_against_the_reference():
    rng = reference.rng(27)
    none = some = 0
    for _ in range(300):
        n = rng.randrange(1, 9)
        text, blocked, queens = reference.random_board(rng, n)
        expected = reference.solutions(n, blocked, queens)
        for completion in (nqueens.complete(text), nqueens.complete(text, seed=rng.randrange(99))):
            if not expected:
                assert completion is None, text
                none += 1
            else:
                assert completion in expected, text
                some += 1
    assert none > 20 and some > 20


def test_verify_and_conflict_against_the_reference():
    rng = reference.rng(8)
    for _ in range(2000):
        n = rng.randrange(0, 8)
        cols = [rng.randrange(-1, n + 1) for _ in range(n)]
        assert nqueens.verify(cols) == reference.is_solution(cols), cols
        found = nqueens.conflict(cols)
        assert (found is None) == reference.is_solution(cols)
        if found and found.kind == "off board":
            assert not 0 <= cols[found.row1] < n and found.col1 == cols[found.row1]
        elif found:
            r1, c1, r2, c2 = found.row1, found.col1, found.row2, found.col2
            assert r1 < r2 and (c1 == c2 or abs(c1 - c2) == r2 - r1) and cols[r2] == c2
    assert nqueens.conflict([0, 2, 1]) == ("attack", 1, 2, 2, 1)
    assert nqueens.conflict([0, 2**40]) == ("off board", 1, 2**40, None, None)
    assert nqueens.verify(()) is True
