"""Measuring another checkout in the same run: what ``--compare PATH`` of the benchmarks shares.

A benchmark pass runs in a fresh process that imports ``nile_desktop`` from
a given checkout (this one, or another one's root) and executes one call of
a benchmark file *of this checkout*, loaded by its path; the call prints
its figures as JSON. So two versions of the code are measured by the same
measuring code, pass after pass, on the same machine at the same time, and
:func:`interval` turns repeated figures into a mean with its 95% interval.
"""

from __future__ import annotations

import json
import math
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

#: Two-sided 97.5% quantiles of Student's t for 1..30 degrees of freedom.
_T975 = (12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.20, 2.18, 2.16, 2.14,
         2.13, 2.12, 2.11, 2.10, 2.09, 2.09, 2.08, 2.07, 2.07, 2.06, 2.06, 2.06, 2.05, 2.05,
         2.05, 2.04)


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% interval (Student's t; 0 for one value)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, 0.0
    t = _T975[min(len(values) - 2, len(_T975) - 1)]
    return mean, t * statistics.stdev(values) / math.sqrt(len(values))


def run_in(bench_file: str | Path, root: str | None, call: str) -> dict[str, Any]:
    """``call`` (of the functions of ``bench_file``, a file of this checkout) in a fresh
    process importing ``nile_desktop`` from ``root`` (None: this checkout); its JSON answer,
    the last line it prints."""
    here = Path(bench_file).resolve()
    code = ("import importlib.util, json, sys\n"
            f"spec = importlib.util.spec_from_file_location({here.stem!r}, {str(here)!r})\n"
            "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n"
            f"print(json.dumps(m.{call}))\n")
    env = dict(os.environ)
    package_root = root or str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = package_root + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=package_root,
                          capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"the pass in {package_root} failed:\n{done.stderr}")
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures
