"""Counts, lists and checks the solutions of the n-queens puzzle, with libnqueens.

n queens on an n x n board, no two attacking; and its variants: boards with bad squares (a queen
may not stand there, attacks pass) and boards with queens already placed. Columns are 0-based;
a solution is a tuple holding each row's column.

    >>> import nqueens
    >>> nqueens.count(8)
    92
    >>> nqueens.count(8, unique=True)
    12
    >>> next(nqueens.solve(8))
    (0, 4, 7, 5, 2, 6, 1, 3)
    >>> nqueens.solve(4, format="leetcode").__next__()
    ['.Q..', '...Q', 'Q...', '..Q.']

Long calls run without the GIL and stop on Ctrl-C with KeyboardInterrupt. Failures raise
nqueens.Error (a ValueError) with the library's message, and the line and column of a text's
fault.
"""
from __future__ import annotations

import os
from typing import Iterator, List, Literal, NamedTuple, Optional, Sequence, Tuple, Union, overload

from . import _nqueens
from ._nqueens import MAX_N, Board, Error, Solutions

__all__ = ["Board", "Conflict", "Error", "MAX_N", "Solutions", "complete", "conflict", "count",
           "one", "solve", "uva", "verify"]
__version__: str = _nqueens.LIBRARY_VERSION

#: A board: a Board, or its text ('.' free, '*' bad, 'Q' a placed queen; one line a row).
BoardLike = Union[Board, str]
#: A solution: each row's column, 0-based.
Columns = Tuple[int, ...]

_FORMATS = {"cols": 0, "leetcode": 1, "board": 2}
_ORDERS = {"lex": 0, "search": 1}   # enum nq_order


def _threads(threads: Optional[int]) -> int:
    if threads is None:
        return 0
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise ValueError(f"threads = {threads!r}: a number of threads, at least 1 (None: one "
                         "per core)")
    return threads


def _board(n: Optional[int], board: Optional[BoardLike]) -> Union[int, BoardLike]:
    if (n is None) == (board is None):
        raise TypeError("give either n, the side of an empty board, or board=, not both")
    if n is not None:
        if isinstance(n, bool) or not isinstance(n, int):
            raise TypeError(f"n must be an int, not {type(n).__name__}")
        return n
    return board  # type: ignore[return-value]


def _seed(random: bool, seed: Optional[int]) -> Tuple[bool, int]:
    if seed is None:
        return random, int.from_bytes(os.urandom(8), "little") if random else 0
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise ValueError(f"seed = {seed!r}: an int from 0 to 2**64 - 1")
    return True, seed


def count(n: Optional[int] = None, *, board: Optional[BoardLike] = None, unique: bool = False,
          threads: Optional[int] = None) -> int:
    """The number of solutions of the empty n x n board, or of board=.

    count(n) counts the solutions of the empty n x n board (1 <= n <= 64; Q(n), OEIS A000170);
    count(board=b) those of a Board or a board's text b: a queen in every row, none on a bad
    square, none attacking another, every placed queen kept. With unique=True, the number of
    classes of solutions under the board's symmetries instead (OEIS A002562 on empty boards).
    Counts on `threads` threads (None: one per core), by the fastest method the library has
    (the join of partial boards for empty boards from n = 12, within 1 GiB of memory).
    Runs without the GIL; Ctrl-C stops it with KeyboardInterrupt.

    >>> count(8), count(8, unique=True), count(board="Q...\\n....\\n....\\n....\\n")
    (92, 12, 0)
    """
    total, classes = _nqueens.count(_board(n, board), bool(unique), _threads(threads))
    return classes if unique else total


@overload
def solve(n: Optional[int] = ..., *, board: Optional[BoardLike] = ..., limit: Optional[int] = ...,
          unique: bool = ..., format: Literal["cols"] = ...,
          threads: Optional[int] = ...,
          order: Literal["lex", "search"] = ...) -> Iterator[Columns]: ...
@overload
def solve(n: Optional[int] = ..., *, board: Optional[BoardLike] = ..., limit: Optional[int] = ...,
          unique: bool = ..., format: Literal["leetcode"],
          threads: Optional[int] = ...,
          order: Literal["lex", "search"] = ...) -> Iterator[List[str]]: ...
@overload
def solve(n: Optional[int] = ..., *, board: Optional[BoardLike] = ..., limit: Optional[int] = ...,
          unique: bool = ..., format: Literal["board"],
          threads: Optional[int] = ...,
          order: Literal["lex", "search"] = ...) -> Iterator[Board]: ...


def solve(n: Optional[int] = None, *, board: Optional[BoardLike] = None,
          limit: Optional[int] = None, unique: bool = False, format: str = "cols",
          threads: Optional[int] = None, order: str = "lex") -> Iterator[object]:
    """A lazy iterator over the solutions of the empty n x n board, or of board=.

    Solutions come each as soon as the library finds it, and memory stays bounded however
    many are listed. By order:
      "lex"     lexicographic order of their columns: the first solution of a 32 x 32 board
                comes at once, but past 40 x 40 it lies behind proofs that take minutes
      "search"  the order in which a search that fills the most constrained line first meets
                them (`nqueens solve --order search`; one thread): the first ones of every
                empty board up to 64 x 64 come at once
    With unique=True, only the least solution of each symmetry class. At most `limit`
    solutions (None: all); in lexicographic order limit=1 takes the first-solution search of
    `nqueens solve --limit 1`, which shares each of its proofs among the threads and reaches
    the first solutions of large boards (OEIS A141843) far sooner. Each solution is, by format:
      "cols"      a tuple of each row's column, 0-based: (1, 3, 0, 2)
      "leetcode"  a list of row strings, as LeetCode 51 wants: ['.Q..', '...Q', 'Q...', '..Q.']
      "board"     a Board with the queens placed (and the board's bad squares)
    The listing runs on its own threads (`threads` searching, None: one per core) and is
    stopped when the iterator is closed (close()) or dropped; Ctrl-C while waiting for the
    next solution raises KeyboardInterrupt.

    >>> list(solve(4))
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    """
    if format not in _FORMATS:
        raise ValueError(f"format = {format!r}: one of " + ", ".join(map(repr, _FORMATS)))
    if order not in _ORDERS:
        raise ValueError(f"order = {order!r}: one of " + ", ".join(map(repr, _ORDERS)))
    spec = _board(n, board)
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
        raise ValueError(f"limit = {limit!r}: a number of solutions, 0 or more (None: all)")
    if limit == 0:
        return iter(())
    return _nqueens.solve(spec, bool(unique), _threads(threads), limit or 0, _FORMATS[format],
                          _ORDERS[order])


def one(n: int, *, random: bool = False, seed: Optional[int] = None) -> Optional[Columns]:
    """One solution of the empty n x n board, for any n up to 2**31 - 1; None for n = 2 and 3.

    Without random, the classic explicit solution (computed row by row, at once for millions of
    queens). With random=True (or a seed given), a random solution by local search; the same
    seed gives the same solution on every machine. Ctrl-C stops a long search.

    >>> one(8)
    (1, 3, 5, 7, 2, 0, 6, 4)
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"n must be an int, not {type(n).__name__}")
    random, seed = _seed(random, seed)
    return _nqueens.one(n, random, seed)


def complete(board: BoardLike, *, random: bool = False,
             seed: Optional[int] = None) -> Optional[Columns]:
    """One completion of board (a Board or its text), or None when it has none (proved).

    A completion keeps the placed queens and puts one in every other row, none on a bad square,
    none attacking another. Without random, the same board always gives the same completion;
    with random=True (or a seed), each seed its own. The problem is NP-complete: a hard board
    may take long, and Ctrl-C stops it with KeyboardInterrupt.

    >>> complete("Q....\\n.....\\n.....\\n.....\\n.....\\n")
    (0, 2, 4, 1, 3)
    """
    random, seed = _seed(random, seed)
    return _nqueens.complete(board, random, seed)


class Conflict(NamedTuple):
    """What is wrong with a solution: kind "attack" (the queen of row2 is attacked by that of
    row1, an earlier row) or "off board" (row1's column is off the board; row2 and col2 None)."""
    kind: str
    row1: int
    col1: int
    row2: Optional[int]
    col2: Optional[int]


def conflict(cols: Sequence[int]) -> Optional[Conflict]:
    """The first conflict of cols (each row's column, 0-based) in row order, or None when cols
    is a solution of the len(cols) x len(cols) board.

    >>> conflict([0, 2, 1])
    Conflict(kind='attack', row1=1, col1=2, row2=2, col2=1)
    """
    found = _nqueens.verify(cols)
    return None if found is None else Conflict(*found)


def verify(cols: Sequence[int]) -> bool:
    """Whether cols (each row's column, 0-based) is a solution of the len(cols) x len(cols)
    board: every column on the board, no two queens in a column or on a diagonal. O(n) time.
    conflict(cols) says what is wrong.

    >>> verify((1, 3, 0, 2)), verify([0, 1])
    (True, False)
    """
    return _nqueens.verify(cols) is None


def uva(text: str, *, threads: Optional[int] = None) -> List[int]:
    """The answers to UVa 11195 ("Another n-Queen Problem") input: for each case (a line with n,
    then n rows of '.' free and '*' bad, until a line "0"), its number of solutions.

    The whole input is read first; a fault raises nqueens.Error with its line and column.

    >>> uva("4\\n....\\n....\\n....\\n....\\n0\\n")
    [2]
    """
    return _nqueens.uva(text, _threads(threads))
