"""Errors: nqueens.Error with the library's message, the status, and a text's line and column;
and Ctrl-C, which stops a long call with KeyboardInterrupt within a second."""
import os
import signal
import threading
import time

import pytest

import nqueens


def fault(call, *args, **kwargs):
    with pytest.raises(nqueens.Error) as caught:
        call(*args, **kwargs)
    e = caught.value
    return e.status, e.line, e.column, str(e)


def test_board_text_errors_name_line_and_column():
    assert fault(nqueens.Board, "Q...\n.Q..\n....\n....\n") == (
        "NQ_ERR_ATTACK", 2, 2, "line 2, column 2: this queen attacks the queen in row 1, column 1")
    status, line, column, message = fault(nqueens.Board, "....\n..x.\n....\n....\n")
    assert (status, line, column) == ("NQ_ERR_SYNTAX", 2, 3) and message.startswith("line 2, column 3: ")
    status, line, column, _ = fault(nqueens.Board, "...\n...\n")
    assert (status, line, column) == ("NQ_ERR_SYNTAX", 3, 1)
    assert fault(nqueens.Board, "")[:3] == ("NQ_ERR_SYNTAX", 1, 1)
    assert fault(nqueens.count, board="." * 65 + "\n")[:3] == ("NQ_ERR_SIZE", 1, 65)
    assert isinstance(nqueens.Error("x"), ValueError)


def test_board_edits_are_checked():
    board = nqueens.Board("....\n.*..\n....\n....\n")
    assert fault(board.place, 1, 1)[0] == "NQ_ERR_BLOCKED"
    assert fault(board.place, 4, 0)[0] == "NQ_ERR_OFF_BOARD"
    board.place(0, 0)
    assert fault(board.place, 0, 2)[0] == "NQ_ERR_ROW_TAKEN"
    status, line, column, message = fault(board.place, 2, 2)
    assert (status, line, column, message) == ("NQ_ERR_ATTACK", None, None,
                                               "place(2, 2): two queens attack each other")
    assert fault(board.block, 0, 0)[0] == "NQ_ERR_BLOCKED"
    assert str(board) == "Q...\n.*..\n....\n....\n"


def test_sizes_out_of_range():
    assert fault(nqueens.count, 0) == ("NQ_ERR_SIZE", None, None,
                                       "n = 0: board size out of range (1 to 64)")
    assert fault(nqueens.one, 0)[0] == "NQ_ERR_ARGUMENT"
    for bad in (0, 65, -3):
        with pytest.raises(nqueens.Error):
            nqueens.count(bad)
        with pytest.raises(nqueens.Error):
            nqueens.solve(bad)


def test_uva_errors_name_line_and_column():
    status, line, column, message = fault(nqueens.uva, "4\n....\n.#..\n....\n....\n0\n")
    assert (status, line, column) == ("NQ_ERR_SYNTAX", 3, 2), message
    assert fault(nqueens.uva, "2\n..\n..\n")[0] == "NQ_ERR_SYNTAX"


def interrupt_after(seconds):
    # Python keeps no SIGINT handler when it starts with SIGINT ignored, as a background job of
    # a shell without job control does: give it the one an interactive run has.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


# A board the join cannot count (one bad square) and the backtracker takes minutes on.
HARD = "*" + "." * 17 + "\n" + ("." * 18 + "\n") * 17


@pytest.mark.parametrize("call", [
    lambda: nqueens.count(board=HARD),
    lambda: nqueens.count(board=HARD, unique=True, threads=1),
    lambda: next(nqueens.solve(38)),
    lambda: list(nqueens.solve(62, limit=1)),   # the first unknown row of OEIS A141843
    lambda: sum(1 for _ in nqueens.solve(16)),   # seconds: 14,772,512 solutions
    lambda: nqueens.uva("18\n" + HARD + "0\n"),
], ids=["count", "count-unique", "solve-first", "solve-limit-1", "solve-all", "uva"])
def test_ctrl_c_stops_a_long_call_within_a_second(call):
    timer = interrupt_after(0.3)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        call()
    elapsed = time.monotonic() - start
    timer.join()
    assert elapsed < 1.3, elapsed


def test_the_gil_is_released_during_a_count():
    # A Python thread ticks every 10 ms while counts run on one thread: it ticks only if the
    # counts release the GIL.
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.01)

    board = "*" + "." * 13 + "\n" + ("." * 14 + "\n") * 13
    ticker = threading.Thread(target=tick)
    start = time.monotonic()
    ticker.start()
    calls = 0
    while time.monotonic() - start < 0.5:
        counted = nqueens.count(board=board, threads=1)
        calls += 1
    elapsed = time.monotonic() - start
    done.set()
    ticker.join()
    assert counted == nqueens.count(14) - nqueens.count(board="Q" + board[1:])
    # Held, the GIL would let the ticker in about once a call.
    assert len(ticks) >= max(elapsed / 0.05, 3 * calls), (len(ticks), calls, elapsed)
