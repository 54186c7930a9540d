"""nqueens.count and nqueens.uva against the published counts and the reference."""
import os

import pytest

import nqueens
import reference
from conftest import known_counts


@pytest.mark.parametrize("n,total,classes", [c for c in known_counts() if c[0] <= 15])
def test_published_counts(n, total, classes):
    assert nqueens.count(n) == total
    assert nqueens.count(n, unique=True) == classes
    assert nqueens.count(board=nqueens.Board(n), threads=1) == total


def test_count_with_the_join_and_big_numbers():
    # n = 16 and 17 are counted by the join (from n = 12) on the library's default memory.
    counts = {n: (t, u) for n, t, u in known_counts()}
    assert nqueens.count(16) == counts[16][0]
    assert nqueens.count(17, unique=True) == counts[17][1]


def test_random_boards_against_the_reference():
    rng = reference.rng(33)
    for trial in range(300):
        n = rng.randrange(1, 9)
        text, blocked, queens = reference.random_board(rng, n)
        expected = len(reference.solutions(n, blocked, queens))
        board = nqueens.Board(text)
        assert nqueens.count(board=board, threads=1 + trial % 2) == expected, text
        assert nqueens.count(board=text) == expected, text


def test_unique_on_empty_boards_against_the_reference():
    for n in range(1, 9):
        assert nqueens.count(n, unique=True) == len(reference.unique(n, reference.solutions(n)))


def test_uva_sample(root):
    with open(os.path.join(root, "tests", "cli", "uva-sample.in"), encoding="ascii") as f:
        text = f.read()
    with open(os.path.join(root, "tests", "cli", "uva-sample.out"), encoding="ascii") as f:
        expected = [int(line.split(": ")[1]) for line in f]
    assert nqueens.uva(text) == expected


def test_uva_random_cases_against_the_reference():
    rng = reference.rng(11195)
    cases, expected = [], []
    for _ in range(60):
        n = rng.randrange(1, 11)
        blocked = {(r, c) for r in range(n) for c in range(n) if rng.random() < 0.2}
        cases.append(f"{n}\n" + "".join("".join("*" if (r, c) in blocked else "."
                                                for c in range(n)) + "\n" for r in range(n)))
        expected.append(len(reference.solutions(n, blocked)))
    assert nqueens.uva("".join(cases) + "0\n") == expected


def test_threads_and_unique_are_checked():
    with pytest.raises(ValueError):
        nqueens.count(8, threads=0)
    with pytest.raises(TypeError):
        nqueens.count("8")
    with pytest.raises(TypeError):
        nqueens.count(8, board="Q\n")
    with pytest.raises(TypeError):
        nqueens.count()
