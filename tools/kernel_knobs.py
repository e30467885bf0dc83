"""The C kernel's knobs written from the knob table: ``kernel_src/knobs.h`` (``make spec``).

Every whole-number and yes/no knob of :class:`~maubinh_api.rules.knobs.RuleSet`, with its range from
its check (``rules/knob_checks.py``), as the X-macro ``PLAIN_KNOBS`` that ``kernel.h``'s
``KERNEL_RULES`` starts with: each becomes a field of the kernel's ``Tables``, which ``tables.c``
reads from the rules ``kernel_tables.plain_knobs`` passes, by the knob's own name, refusing a value
outside its range. A knob the kernel comes to value is then its use in the C, and nothing in
``kernel.h``. ``tests/test_kernel_knobs.py`` fails on a header a maintainer forgot to rewrite.

    python -m tools.kernel_knobs           # say whether knobs.h is stale; exit 1 if it is
    python -m tools.kernel_knobs --write   # rewrite it (make spec does)
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import fields
from pathlib import Path
from typing import Final

from maubinh_api.rules.knob_checks import BOUNDS, PLACES, boolean
from maubinh_api.rules.knobs import RuleSet

HEADER: Final = Path(__file__).resolve().parent.parent / "maubinh_api/strategy/kernel_src/knobs.h"
#: The column the backslashes of a macro's lines stand in (clang-format's, as kernel.h's).
_WIDTH: Final = 100


def plain_knobs() -> list[tuple[str, int, int]]:
    """Each whole-number and yes/no knob, in the rule set's order, with its lowest and highest value."""
    found = []
    for knob in fields(RuleSet):
        check = knob.metadata["check"]
        if check is boolean:
            found.append((knob.name, 0, 1))
        elif check in BOUNDS and check not in PLACES:  # a fraction is not a whole number
            low, high = BOUNDS[check]
            found.append((knob.name, int(low), int(high)))
    return found


def header_text() -> str:
    """The text of ``knobs.h``."""
    lines = [
        "/* Written by `make spec` (tools/kernel_knobs.py) from the knob table, rules/knobs.py: do not edit.",
        " * Every whole-number and yes/no knob, by its name, with the range its check allows. */",
        "#ifndef MAUBINH_KNOBS_H",
        "#define MAUBINH_KNOBS_H",
        "",
    ]
    entries = ["#define PLAIN_KNOBS(X)"] + [f"    X({name}, {low}, {high})" for name, low, high in plain_knobs()]
    lines += [entry.ljust(_WIDTH - 2) + " \\" for entry in entries[:-1]] + [entries[-1]]
    lines += ["", "#endif", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help="rewrite knobs.h when it is stale")
    arguments = parser.parse_args(argv)
    wanted = header_text()
    if HEADER.exists() and HEADER.read_text(encoding="utf-8") == wanted:
        return 0
    if arguments.write:
        HEADER.write_text(wanted, encoding="utf-8")
        print(f"{HEADER.name}: {len(plain_knobs())} knobs written from the knob table")
        return 0
    print(f"{HEADER.name} is stale: run make spec")
    return 1


if __name__ == "__main__":
    sys.exit(main())
