"""Build the compiled kernel (maubinh_api.strategy.compiled_kernel); the rest is in pyproject.toml.

The C sources are in maubinh_api/strategy/kernel_src/.  They are compiled with
every warning an error and without floating-point contraction (the kernel's
screening values must equal the NumPy reference's to the last bit).  With
MAUBINH_SANITIZE=1 the module is built with AddressSanitizer and
UndefinedBehaviorSanitizer instead (``make sanitize``).
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup

KERNEL_FILES = ("tables", "screen", "split_list", "field", "module")
SOURCES = [f"maubinh_api/strategy/kernel_src/{name}.c" for name in KERNEL_FILES]
COMPILE = ["-std=c11", "-O3", "-ffp-contract=off", "-Wall", "-Wextra", "-Werror", "-Wno-missing-field-initializers"]
LINK: list[str] = []
if os.environ.get("MAUBINH_SANITIZE") == "1":
    sanitizers = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]
    COMPILE = [*(flag for flag in COMPILE if flag != "-O3"), "-O1", "-g", *sanitizers]
    LINK = sanitizers
if sys.platform == "win32":  # MSVC knows none of these; /fp:precise does not contract
    COMPILE, LINK = ["/W4", "/WX", "/fp:precise"], []

setup(
    ext_modules=[
        Extension(
            "maubinh_api.strategy.compiled_kernel",
            sources=SOURCES,
            depends=["maubinh_api/strategy/kernel_src/kernel.h", "maubinh_api/strategy/kernel_src/knobs.h"],
            extra_compile_args=COMPILE,
            extra_link_args=LINK,
        )
    ]
)
