"""Benchmark: the hand bank build, compiled kernel against the NumPy reference.

Builds the same small bank (``--hands`` seeded deals, ``--rounds`` rounds of
one preset: two full ones, then damped) once with each kernel, in separate
processes, in the same run, and prints each build's time, the ratio, and
whether the two wrote the same files byte for byte (they must: the kernels
give the same best splits, and everything else is seeded).

The full rebuild (``make bank``: 400,000 deals, the rounds of ``ROUNDS`` in
every preset) prints its own time; issue 16's target is 30 minutes on 2 cores.

    python -m bench.bank_build [--hands 20000] [--rounds 3] [--preset classic]
"""

from __future__ import annotations

import argparse
import filecmp
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _build(kernel: str, output: Path, args: argparse.Namespace) -> float:
    command = [sys.executable, "-m", "maubinh_api.strategy.bank_build", "--output", str(output)]
    command += ["--hands", str(args.hands), "--rounds", str(args.rounds), "--preset", args.preset]
    environment = {**os.environ, "MAUBINH_KERNEL": kernel, "PYTHONPATH": str(ROOT)}
    started = time.perf_counter()
    subprocess.run(command, env=environment, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--preset", default="classic")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        times = {kernel: _build(kernel, Path(scratch, kernel), args) for kernel in ("compiled", "reference")}
        same = all(
            filecmp.cmp(Path(scratch, "compiled", name), Path(scratch, "reference", name), shallow=False)
            for name in ("deals.npz", f"{args.preset}.npz")
        )
    print(f"bank build, {args.preset}, {args.hands:,} deals, {args.rounds} rounds, 2 processes:")
    for kernel, seconds in times.items():
        print(f"  {kernel:9s}: {seconds:6.1f} s")
    print(f"  compiled against reference: {times['reference'] / times['compiled']:.1f}x")
    print(f"  the two banks are {'byte for byte the same' if same else 'DIFFERENT'}")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
