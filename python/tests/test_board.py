"""nqueens.Board: text in and out, properties, equality, the SVG picture, and the docs."""
import xml.etree.ElementTree as ET

import nqueens
import reference


def test_text_round_trip_and_properties():
    rng = reference.rng(4)
    for _ in range(200):
        n = rng.randrange(1, 12)
        text, blocked, queens = reference.random_board(rng, n)
        board = nqueens.Board(text)
        assert str(board) == text
        assert board.n == n and board.blocked == blocked
        assert board.queens == tuple(queens.get(r) for r in range(n))
        assert eval(repr(board), {"nqueens": nqueens}) == board
        assert nqueens.Board(board) == board and board.copy() == board
        assert nqueens.Board(text.replace("\n", "\r\n")) == board


def test_empty_board_edits_and_equality():
    board = nqueens.Board(5)
    assert str(board) == ".....\n" * 5
    copy = board.copy()
    board.place(2, 3)
    board.block(0, 0)
    assert board != copy and copy == nqueens.Board(5)
    assert str(board) == "*....\n.....\n...Q.\n.....\n.....\n"


def test_svg_shows_the_placed_queens_and_bad_squares():
    board = nqueens.Board("Q....\n..*..\n.....\n.....\n*....\n")
    svg = ET.fromstring(board._repr_svg_())
    uses = [e.get("href") for e in svg.iter() if e.tag.endswith("use")]
    assert uses.count("#queen") == 1 and uses.count("#bad") == 2
    full = nqueens.solve(8, format="board").__next__()
    uses = [e.get("href") for e in ET.fromstring(full._repr_svg_()).iter()
            if e.tag.endswith("use")]
    assert uses.count("#queen") == 8


def test_help_shows_docstrings():
    for f in (nqueens.count, nqueens.solve, nqueens.one, nqueens.complete, nqueens.verify,
              nqueens.uva, nqueens.Board):
        assert f.__doc__ and len(f.__doc__) > 80, f
    assert "unique" in nqueens.count.__doc__ and "lazy" in nqueens.solve.__doc__
