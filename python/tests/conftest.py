"""The tests run against the nqueens package found on sys.path: the one `make python-tests`
builds (PYTHONPATH=build/python), or an installed one."""
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture
def root():
    return ROOT


def known_counts():
    """(n, total, unique) of the published counts the C tests use, n up to 27."""
    with open(os.path.join(ROOT, "tests", "cli", "known-counts.tsv"), encoding="ascii") as f:
        return [tuple(int(x) for x in line.split("\t")) for line in f if line.strip()]
