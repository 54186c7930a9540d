"""Builds the nqueens Python package: nqueens/ and its C extension, nqueens._nqueens.

The extension is linked with libnqueens one of two ways, chosen by NQUEENS_LINK:
  static (the default)  the library is built from this repository's sources by its own Makefile
                        (the same flags as `make`) and linked in, its symbols kept inside;
                        NQUEENS_ARCHIVE names a libnqueens.a already built to link instead
                        (`make python-tests` passes build/libnqueens.a);
  shared                against an installed libnqueens.so (-lnqueens), as the Debian package
                        python3-nqueens does; NQUEENS_LIBDIR adds a directory to search.
"""
import os
import re
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
HEADER = os.path.join(ROOT, "include", "nqueens.h")


def version():
    with open(HEADER, encoding="utf-8") as header:
        return re.search(r'#define NQ_VERSION_STRING "([^"]+)"', header.read()).group(1)


class BuildWithLibrary(build_ext):
    """build_ext that first builds libnqueens.a with the repository's Makefile (static link)."""

    def build_extension(self, ext):
        if os.environ.get("NQUEENS_LINK", "static") == "static":
            archive = os.environ.get("NQUEENS_ARCHIVE")
            if not archive:
                build = os.path.join(os.path.abspath(self.build_temp), "libnqueens")
                archive = os.path.join(build, "libnqueens.a")
                jobs = "-j%d" % min(os.cpu_count() or 1, 4)
                subprocess.check_call(["make", "-C", ROOT, jobs, "BUILD=" + build, "MPICC=",
                                       archive])
            ext.extra_objects = [archive]
            # The library's symbols stay inside the module: it exports PyInit__nqueens only.
            ext.extra_link_args = ["-Wl,--exclude-libs,ALL", "-pthread", "-lm"]
        else:
            ext.libraries = ["nqueens"]
            if os.environ.get("NQUEENS_LIBDIR"):
                ext.library_dirs = [os.environ["NQUEENS_LIBDIR"]]
        super().build_extension(ext)


extension = Extension(
    "nqueens._nqueens",
    sources=sorted(os.path.join("src", f) for f in os.listdir(os.path.join(HERE, "src"))
                   if f.endswith(".c")),
    depends=[os.path.join("src", "binding.h"), HEADER],
    include_dirs=[os.path.join(ROOT, "include")],
    # Only PyInit__nqueens (PyMODINIT_FUNC) is exported: the binding's own functions stay inside.
    extra_compile_args=["-std=c11", "-Wall", "-Wextra", "-pthread", "-fvisibility=hidden"],
)

with open(os.path.join(HERE, "README.md"), encoding="utf-8") as readme:
    long_description = readme.read()

setup(
    name="nqueens",
    version=version(),
    description="Counts, lists and checks n-queens solutions fast, with libnqueens",
    long_description=long_description,
    long_description_content_type="text/markdown",
    python_requires=">=3.10",
    packages=["nqueens"],
    package_data={"nqueens": ["py.typed", "*.pyi"]},
    ext_modules=[extension],
    cmdclass={"build_ext": BuildWithLibrary},
    zip_safe=False,
)
