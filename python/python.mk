# The Python package (python/): its C extension built against this tree's libnqueens.a, the
# pytest tests, and a wheel. Debian's python3 is named so that Debian's packages (python3-dev,
# python3-setuptools, python3-pytest) are the ones used, whatever python3 comes first on PATH.
PYTHON    ?= /usr/bin/python3
PY_BUILD   = $(abspath $(BUILD))/python

# Whether PYTHON can build the extension and run the tests: Python.h, setuptools and pytest.
PY_READY = $(PYTHON) -c 'import os, sysconfig, setuptools, pytest; \
    assert os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h"))' \
    >/dev/null 2>&1

python-module: $(STATIC)
	@cd python && CFLAGS="$(WARNINGS)" NQUEENS_ARCHIVE=$(abspath $(STATIC)) $(PYTHON) setup.py -q build \
	    --build-base $(PY_BUILD)/setup --build-lib $(PY_BUILD)/lib >/dev/null

python-tests: $(STATIC)
	@if $(PY_READY); then \
	    $(MAKE) --no-print-directory python-module && \
	    PYTHONPATH=$(PY_BUILD)/lib $(PYTHON) -P -m pytest -q -p no:cacheprovider python/tests; \
	else \
	    echo "python-tests skipped: $(PYTHON) lacks Python.h, setuptools or pytest" \
	         "(Debian: apt-get install python3-dev python3-setuptools python3-pytest)"; \
	fi

# A wheel, offline: setuptools and wheel from Debian (python3-setuptools, python3-wheel), no
# isolated build environment (which would fetch them from PyPI).
python-wheel: $(STATIC)
	NQUEENS_ARCHIVE=$(abspath $(STATIC)) $(PYTHON) -m pip wheel --no-build-isolation --no-deps \
	    --wheel-dir $(BUILD)/dist ./python

.PHONY: python-module python-tests python-wheel
