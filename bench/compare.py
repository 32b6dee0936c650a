#!/usr/bin/env python3
"""One run, every layer: random self-play hands per second from the floor to JavaScript.

The figures of this machine are noisy, so ratios are only read between figures measured in the
same run. This script runs, one after the other, in one go:

  floor       mus_bench_match BM_FloorShuffleDealEvaluate: shuffle, deal, evaluate four hands
  C++         mus_bench_match BM_RandomPlayout: the reducer, legal mask + apply_id_in_place
  C API       mus_bench_match BM_CApiRandomPlayout: libmus.so, mus_legal_mask + mus_apply_id
  C API step  mus_bench_match BM_CApiRandomPlayoutStep: libmus.so, one mus_step per action
  Python Env  bench/python_env.py "env": mus.Env, one step() per action, chance inside
  Python raw  bench/python_env.py "raw": State.step through immutable States
  JS step     bench/js_playout.mjs: a mus_step loop driven from Node over WebAssembly
  C batch     mus_bench_batch: mus_batch_step over 1,024 games, 1 and 2 threads, without and
              with the observation tensors; time inside the call only; in the first table by
              CPU time, as the C rows (every thread's: with 2 threads, work per CPU-second)
  VecEnv      bench/python_vecenv.py: mus.VecEnv over 1,024 games, one thread, actions picked
              in numpy outside the timed region; time inside step() only (needs numpy); in the
              first table by wall-clock time, as the Python rows
A second table gives the batch rows in steps (actions) per second, wall-clock and CPU.
  playouts    mus_bot_playouts with the random bot, inside the library: from Python (native) and
              from Node (WebAssembly); the random bot picks uniformly over the legal ids, so
              its hands are longer (about 22 actions instead of 11) and the row is not a
              like-for-like ratio with the others.

All rows but the playouts use the same random player (bench/random_policy.h: a legal kind of
action uniformly, then one of its ids), so a hand is the same amount of work in each.
C++/C figures are CPU-time medians of 3 repetitions; Python and JS figures are wall-clock
medians (Python) or bests (JS) of 3 runs, so run this on a quiet machine.

    python3 bench/compare.py --build <Release build dir with the benchmarks and capi/js>

The build needs MUS_BUILD_BENCH (Google Benchmark) and, for the JS rows, the JavaScript
package (ctest -L js builds it, or `cmake --build <build> --target js_bench` once). A part
whose program is missing is reported as skipped. Standard rules throughout.
"""

import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def bench_match(build):
    program = os.path.join(build, "bench", "mus_bench_match")
    if not os.path.exists(program):
        return {}, "mus_bench_match not built (MUS_BUILD_BENCH)"
    names = {
        "BM_FloorShuffleDealEvaluate/preset:0": "floor",
        "BM_RandomPlayout/preset:0": "C++",
        "BM_CApiRandomPlayout/preset:0": "C API",
        "BM_CApiRandomPlayoutStep/preset:0": "C API step",
    }
    pattern = "^(" + "|".join(re.escape(n) for n in names) + ")$"
    out = subprocess.run([program, "--benchmark_filter=" + pattern,
                          "--benchmark_repetitions=3", "--benchmark_report_aggregates_only=true",
                          "--benchmark_format=json"], check=True, capture_output=True,
                         text=True).stdout
    rows = {}
    for b in json.loads(out)["benchmarks"]:
        if b.get("aggregate_name") == "median" and b["run_name"] in names:
            ns = b["cpu_time"] * {"ns": 1, "us": 1e3, "ms": 1e6}[b["time_unit"]]
            rows[names[b["run_name"]]] = 1e9 / ns
    return rows, None


def python_rows(build, hands):
    library = os.path.join(build, "capi", "libmus.so.0")
    if not os.path.exists(library):
        return {}, "libmus.so.0 not built"
    env = dict(os.environ, MUS_LIBRARY=library,
               PYTHONPATH=os.path.join(ROOT, "capi", "python"), PYTHONDONTWRITEBYTECODE="1")
    out = subprocess.run([sys.executable, os.path.join(HERE, "python_env.py"),
                          "--hands", str(hands), "--repeat", "3"], check=True, env=env,
                         capture_output=True, text=True).stdout
    names = {"env": "Python Env", "raw": "Python raw", "playouts": "playouts (Python)"}
    rows = {}
    for line in out.splitlines():
        m = re.match(r"^(\S+)\s+standard:\s+(\d+) hands/s", line)
        if m and m.group(1) in names:
            rows[names[m.group(1)]] = float(m.group(2))
    return rows, None


def batch_rows(build):
    """mus_bench_batch: hands/s and steps/s of each configuration (wall time inside the call)."""
    program = os.path.join(build, "bench", "mus_bench_batch")
    if not os.path.exists(program):
        return {}, {}, "mus_bench_batch not built (MUS_BUILD_BENCH)"
    out = subprocess.run([program, "--benchmark_repetitions=3",
                          "--benchmark_report_aggregates_only=true", "--benchmark_format=json"],
                         check=True, capture_output=True, text=True).stdout
    names = {(1, 0): "C batch, 1 thread", (2, 0): "C batch, 2 threads",
             (1, 1): "C batch + obs, 1 thread", (2, 1): "C batch + obs, 2 threads"}
    hands, steps = {}, {}
    for b in json.loads(out)["benchmarks"]:
        m = re.search(r"threads:(\d+)/obs:(\d+)", b["run_name"])
        if b.get("aggregate_name") != "median" or not m:
            continue
        name = names[(int(m.group(1)), int(m.group(2)))]
        hands[name] = float(b["cpu_hands/s"])
        steps[name] = (float(b["steps/s"]), float(b["cpu_steps/s"]))
    return hands, steps, None


def numpy_python():
    """A Python that has numpy: this one, or Debian's."""
    for python in (sys.executable, "/usr/bin/python3"):
        if os.path.exists(python) and subprocess.run(
                [python, "-c", "import numpy"], capture_output=True).returncode == 0:
            return python
    return None


def vecenv_rows(build):
    library = os.path.join(build, "capi", "libmus.so.0")
    python = numpy_python()
    if not os.path.exists(library) or python is None:
        return {}, {}, "libmus.so.0 not built, or no Python with numpy"
    env = dict(os.environ, MUS_LIBRARY=library,
               PYTHONPATH=os.path.join(ROOT, "capi", "python"), PYTHONDONTWRITEBYTECODE="1")
    out = subprocess.run([python, os.path.join(HERE, "python_vecenv.py"), "--repeat", "3"],
                         check=True, env=env, capture_output=True, text=True).stdout
    names = {"vecenv": "VecEnv, 1 thread", "vecenv-obs": "VecEnv + obs, 1 thread"}
    hands, steps = {}, {}
    for line in out.splitlines():
        m = re.match(r"^(\S+)\s+standard:\s+(\d+) steps/s (\d+) hands/s.*; (\d+) steps per "
                     r"CPU-second", line)
        if m and m.group(1) in names:
            steps[names[m.group(1)]] = (float(m.group(2)), float(m.group(4)))
            hands[names[m.group(1)]] = float(m.group(3))
    return hands, steps, None


def js_rows(build, hands):
    package = os.path.join(build, "capi", "js", "package")
    if not os.path.exists(os.path.join(package, "node", "index.mjs")):
        return {}, "the JavaScript package is not built (ctest -L js)"
    env = dict(os.environ, MUS_JS_PACKAGE=package)
    out = subprocess.run(["node", os.path.join(HERE, "js_playout.mjs"),
                          str(hands)], check=True, env=env, capture_output=True,
                         text=True).stdout
    figures = json.loads(out)
    return {"JS step (wasm)": float(figures["wasm_step_loop_hands_per_s"]),
            "playouts (wasm)": float(figures["wasm_playouts_random_bot_hands_per_s"])}, None


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", required=True, help="a Release build directory")
    parser.add_argument("--hands", type=int, default=30000, help="hands per Python/JS run")
    args = parser.parse_args(argv)
    rows = {}
    steps = {}
    for part, f in (("C batch", lambda: batch_rows(args.build)),
                    ("VecEnv", lambda: vecenv_rows(args.build))):
        got_hands, got_steps, skipped = f()
        if skipped:
            print("%s: skipped, %s" % (part, skipped))
        rows.update(got_hands)
        steps.update(got_steps)
    for part, f in (("C/C++", lambda: bench_match(args.build)),
                    ("Python", lambda: python_rows(args.build, args.hands)),
                    ("JS", lambda: js_rows(args.build, 10 * args.hands))):
        got, skipped = f()
        if skipped:
            print("%s: skipped, %s" % (part, skipped))
        rows.update(got)
    floor = rows.get("floor")
    cpp = rows.get("C++")
    print("| way | hands/s | ns/hand | × floor | × C++ |")
    print("|---|---|---|---|---|")
    batch_names = ["C batch, 1 thread", "C batch, 2 threads", "C batch + obs, 1 thread",
                   "C batch + obs, 2 threads", "VecEnv, 1 thread", "VecEnv + obs, 1 thread"]
    order = ["floor", "C++", "C API", "C API step"] + batch_names + [
        "Python Env", "Python raw", "JS step (wasm)", "playouts (Python)", "playouts (wasm)"]
    for name in order:
        if name not in rows:
            continue
        rate = rows[name]
        ns = 1e9 / rate
        times_floor = "%.1f" % (ns / (1e9 / floor)) if floor else "-"
        times_cpp = "%.2f" % (ns / (1e9 / cpp)) if cpp else "-"
        print("| %s | %.0f | %.0f | %s | %s |" % (name, rate, ns, times_floor, times_cpp))
    if steps:
        # The batch goals are in steps (actions) per second: the same runs, counted in steps.
        print()
        print("| batch (1,024 games) | steps/s (wall) | ns/step (wall) | steps per CPU-second |")
        print("|---|---|---|---|")
        for name in batch_names:
            if name in steps:
                wall, cpu = steps[name]
                print("| %s | %.0f | %.1f | %.0f |" % (name, wall, 1e9 / wall, cpu))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
