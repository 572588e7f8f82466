"""Builds the tree-sitter grammar of cute-ir into the `tree_sitter_cute_ir` C extension, and the
semantic tokens' encoder beside it (optional).

Everything else lives in pyproject.toml; setuptools needs this file only for the extension,
so that `pip install .` compiles grammar/src/parser.c with no manual step.
"""
from setuptools import Extension, find_packages, setup

setup(
    packages=find_packages("server") + ["tree_sitter_cute_ir", "tree_sitter_cute_ir.queries"],
    ext_modules=[
        Extension(
            name="tree_sitter_cute_ir._binding",
            sources=[
                "grammar/bindings/python/tree_sitter_cute_ir/binding.c",
                "grammar/src/parser.c",
                "grammar/src/scanner.c",
            ],
            include_dirs=["grammar/src"],
            extra_compile_args=["-std=c11", "-O2"],
            define_macros=[("Py_LIMITED_API", "0x030B0000"), ("PY_SSIZE_T_CLEAN", None)],
            py_limited_api=True,
        ),
        # Semantic tokens' rows and encoding (server/cute_ir/features/tokens.py). Optional: a
        # machine that cannot compile it still installs, and the server encodes in Python.
        Extension(
            name="tree_sitter_cute_ir._tokens",
            sources=["grammar/bindings/python/tree_sitter_cute_ir/tokens.c"],
            extra_compile_args=["-std=c11", "-O2"],
            define_macros=[("Py_LIMITED_API", "0x030B0000"), ("PY_SSIZE_T_CLEAN", None)],
            py_limited_api=True,
            optional=True,
        ),
    ],
)
