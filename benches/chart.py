#!/usr/bin/env python3
"""Charts of oxhip's GPU benchmarks against nvcc: one bar per function or measure, the time
ratio oxhip / nvcc, with 1.0 (parity) marked.

    benches/chart.py draw DATA.csv [CHART.svg]     # one chart (default: DATA with .svg)
    benches/chart.py docs                          # every docs/figures/*.csv -> *.svg
    benches/chart.py math-table TABLE.md DATA.csv [--title T]
                                                   # benches/gpu/math.sh's table -> data
    benches/chart.py launch RUN.txt DATA.csv [--title T]
                                                   # benches/gpu/run.sh's output -> data
    benches/chart.py compat MODE DATA.csv [--title T]
                                                   # HeCBench wall times, MODE (hip, cuda,
                                                   # hipify) against nvcc -> data

Data files are CSV with a header `name,oxhip,nvcc` (times, lower is better, in one unit per
file) after `# key: value` lines: `title` (the chart's title: the GPU, the compilers and the
date of the run) and `source` (where the figures come from). docs/figures holds the data
the docs' charts are drawn from; benches/gpu/math.sh and run.sh write theirs after a run.

The plotting library is matplotlib from PyPI. When it cannot be imported, this script makes
the ignored venv target/plot-venv with pip (network) and runs itself again there; where that
fails (the GPU machine has no network) it says so and exits 3, and the chart can be drawn
later here from the data file the run brought back. The SVG is reproducible: no date, fixed
element ids, text kept as text.
"""
import csv
import math
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / "target" / "plot-venv"
FIGURES = ROOT / "docs" / "figures"
NO_PLOTTING = 3


def read_data(path):
    """(metadata dict, [(name, oxhip, nvcc)]) from a data file."""
    meta, rows = {}, []
    lines = Path(path).read_text().splitlines()
    body = []
    for line in lines:
        match = re.match(r"#\s*(\w+):\s*(.*)", line)
        if match and not body:
            meta[match.group(1)] = match.group(2).strip()
        elif line.strip() and not line.startswith("#"):
            body.append(line)
    for record in csv.DictReader(body):
        rows.append((record["name"], float(record["oxhip"]), float(record["nvcc"])))
    return meta, rows


def write_data(path, meta, rows):
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as out:
        for key, value in meta.items():
            out.write(f"# {key}: {value}\n")
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["name", "oxhip", "nvcc"])
        for name, oxhip, nvcc in rows:
            writer.writerow([name, oxhip, nvcc])


def plotting():
    """matplotlib's pyplot, from the venv if need be; None where it cannot be had."""
    try:
        import matplotlib

        matplotlib.use("svg")
        import matplotlib.pyplot as pyplot

        return pyplot
    except ImportError:
        pass
    python = VENV / "bin" / "python"
    if Path(sys.prefix).resolve() != VENV.resolve() and os.environ.get("OXHIP_CHART_REEXEC") != "1":
        ready = python.exists() and subprocess.run([python, "-c", "import matplotlib"], capture_output=True).returncode == 0
        if not ready:
            print(f"chart.py: installing matplotlib from PyPI into {VENV}", file=sys.stderr)
            made = subprocess.run([sys.executable, "-m", "venv", VENV], capture_output=True).returncode == 0
            if made:
                try:
                    made = subprocess.run([VENV / "bin" / "pip", "install", "-q", "matplotlib"],
                                          capture_output=True, timeout=300).returncode == 0
                except subprocess.TimeoutExpired:
                    made = False
            ready = made
        if ready:
            os.environ["OXHIP_CHART_REEXEC"] = "1"
            os.execv(python, [str(python), str(Path(__file__).resolve()), *sys.argv[1:]])
    return None


def draw(data_path, chart_path):
    pyplot = plotting()
    if pyplot is None:
        print(f"chart.py: no matplotlib (pip could not install it into {VENV}: no network?); "
              f"the data is in {data_path}: draw the chart where there is a network with "
              f"`benches/chart.py draw {data_path}`", file=sys.stderr)
        return NO_PLOTTING
    meta, rows = read_data(data_path)
    if not rows:
        print(f"chart.py: {data_path} holds no rows", file=sys.stderr)
        return 1
    pyplot.rcParams["svg.hashsalt"] = "oxhip"
    pyplot.rcParams["svg.fonttype"] = "none"
    pyplot.rcParams["font.size"] = 9
    names = [name for name, _, _ in rows]
    ratios = [oxhip / nvcc for _, oxhip, nvcc in rows]
    height = 1.4 + 0.22 * len(rows)
    figure, axes = pyplot.subplots(figsize=(6.4, height))
    positions = list(range(len(rows)))[::-1]
    colours = ["#d9822b" if ratio > 1.0 else "#4f81bd" for ratio in ratios]
    axes.barh(positions, ratios, color=colours, height=0.7)
    axes.set_yticks(positions)
    axes.set_yticklabels(names)
    axes.axvline(1.0, color="black", linewidth=1.0)
    axes.text(1.0, 1.0, " 1.0: nvcc's time", transform=axes.get_xaxis_transform(), va="bottom", ha="center", fontsize=7)
    top = max(max(ratios), 1.0)
    axes.set_xlim(0, max(1.5, top * 1.15))
    for position, ratio in zip(positions, ratios):
        axes.text(ratio + 0.01 * axes.get_xlim()[1], position, f"{ratio:.2f}", va="center", fontsize=7)
    geometric_mean = math.exp(sum(math.log(ratio) for ratio in ratios) / len(ratios))
    axes.set_xlabel(f"time, oxhip / nvcc (1.0: the same; below: oxhip faster). "
                    f"Geometric mean {geometric_mean:.3f}")
    axes.set_ylim(-0.7, len(rows) - 0.3)
    axes.set_title("\n".join(textwrap.wrap(meta.get("title", Path(data_path).stem), 70)), fontsize=9, pad=14)
    axes.grid(axis="x", color="#dddddd", linewidth=0.5)
    axes.set_axisbelow(True)
    figure.tight_layout()
    chart_path = Path(chart_path)
    chart_path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(chart_path, format="svg", metadata={"Date": None, "Creator": "benches/chart.py (matplotlib)"})
    pyplot.close(figure)
    print(f"chart.py: {chart_path} ({len(rows)} bars, geometric mean {geometric_mean:.3f})")
    return 0


def math_table(table_path):
    """Rows of benches/gpu/math.sh's markdown table: function, oxhip ms, nvcc ms; the mixes
    (`mix_f`, `mix_d`) left out, as from math.sh's geometric mean."""
    rows = []
    for line in Path(table_path).read_text().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not line.lstrip().startswith("|"):
            continue
        try:
            oxhip, nvcc = float(cells[1]), float(cells[2])
        except ValueError:
            continue  # the header, the rule, and functions nvcc did not run
        if not cells[0].strip("`").startswith("mix"):
            rows.append((cells[0].strip("`"), oxhip, nvcc))
    return rows


def launch_runs(run_path):
    """Rows from benches/gpu/run.sh's output: each `== oxhip (run N)` / `== nvcc (run N)`
    section's launch_us and triad_ms, paired by run."""
    figures, current = {}, None
    for line in Path(run_path).read_text().splitlines():
        header = re.match(r"== (oxhip|nvcc) \(run (\d+)\)", line)
        if header:
            current = (header.group(1), int(header.group(2)))
            continue
        value = re.match(r"(launch_us|triad_ms) ([0-9.]+)", line)
        if value and current:
            figures[(value.group(1), current[1], current[0])] = float(value.group(2))
    rows = []
    for measure, label in (("launch_us", "launch"), ("triad_ms", "triad")):
        runs = sorted({run for (name, run, _) in figures if name == measure})
        for run in runs:
            if (measure, run, "oxhip") in figures and (measure, run, "nvcc") in figures:
                rows.append((f"{label}, run {run}", figures[(measure, run, "oxhip")], figures[(measure, run, "nvcc")]))
    return rows


def compat_runs(mode):
    """Rows from tests/compat/results: wall seconds of each program's Makefile run target,
    start-up included. From MODE-time-gpu.json when it exists (`hecbench.py time`: each
    program alone on the GPU, oxhip's build and nvcc's back to back; the faster of each one's
    runs), sorted by ratio; else from the shared runs: each program that passed on the GPU
    both in MODE and built by nvcc, with nvcc's run at least 1 s."""
    import json

    results = ROOT / "tests" / "compat" / "results"
    timed = results / f"{mode}-time-gpu.json"
    if timed.exists():
        rows = [(run["name"], min(run["oxhip"]), min(run["nvcc"]))
                for run in json.loads(timed.read_text()) if not run["reason"] and run["oxhip"] and run["nvcc"]]
        return sorted(rows, key=lambda row: row[1] / row[2])
    ours = {run["name"]: run for run in json.loads((results / f"{mode}-run-gpu.json").read_text())}
    reference = {run["name"]: run for run in json.loads((results / "nvcc-run-gpu.json").read_text())}
    rows = []
    for name in sorted(ours):
        run, nvcc = ours[name], reference.get(name)
        if nvcc and run["passed"] and nvcc["passed"] and nvcc["seconds"] >= 1:
            rows.append((name, run["seconds"], nvcc["seconds"]))
    return rows


def option(args, name, default):
    if name in args:
        index = args.index(name)
        value = args[index + 1]
        del args[index:index + 2]
        return value
    return default


def main(argv):
    args = list(argv)
    command = args.pop(0) if args else ""
    if command == "draw" and len(args) in (1, 2):
        chart = args[1] if len(args) == 2 else str(Path(args[0]).with_suffix(".svg"))
        return draw(args[0], chart)
    if command == "docs" and not args:
        status = 0
        for data in sorted(FIGURES.glob("*.csv")):
            status = draw(data, data.with_suffix(".svg")) or status
        return status
    if command in ("math-table", "launch", "compat"):
        title = option(args, "--title", "")
        if len(args) != 2:
            print(__doc__, file=sys.stderr)
            return 2
        readers = {"math-table": math_table, "launch": launch_runs, "compat": compat_runs}
        rows = readers[command](args[0])
        if not rows:
            print(f"chart.py: no oxhip and nvcc figures in {args[0]}", file=sys.stderr)
            return 1
        meta = {"title": title} if title else {}
        read = Path(args[0]).name
        if command == "compat":
            timed = ROOT / "tests" / "compat" / "results" / f"{args[0]}-time-gpu.json"
            read = (f"tests/compat/results/{timed.name} (hecbench.py time {args[0]})" if timed.exists()
                    else f"tests/compat/results/{args[0]}-run-gpu.json and nvcc-run-gpu.json")
        meta["source"] = f"{read}, read by benches/chart.py {command}"
        write_data(args[1], meta, rows)
        print(f"chart.py: {args[1]} ({len(rows)} rows)")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
