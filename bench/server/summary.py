#!/usr/bin/env python3
"""Puts runs of mus-server-load (their --json files) side by side, one line each.

    python3 bench/server/summary.py RUN.json...
"""
import json
import sys


def main(paths):
    cols = ["run", "loop", "views", "actions/s", "p50", "p99", "max", "people p99",
            "errors", "srv CPU s/1k", "bytes/act", "load"]
    rows = []
    for p in paths:
        with open(p) as f:
            j = json.load(f)
        lat = j["latency_ms"]
        people = lat["people_tables"]["p99"] if j["bot_tables"] else None
        loop = j["loop"] + (f" {j['offered_acts_per_s']:.0f}/s" if j["loop"] == "open" else "")
        load = j["machine"]["load_average_end"][0]
        rows.append([j["label"], loop, j["views"], f"{j['actions_per_s']:.0f}",
                     f"{lat['all']['p50']:.1f}", f"{lat['all']['p99']:.1f}",
                     f"{lat['all']['max']:.0f}", "-" if people is None else f"{people:.1f}",
                     str(j["errors"]["total"]), f"{j['server_cpu_s_per_1000_actions']:.3f}",
                     f"{j['bytes_per_action']:.0f}", f"{load:.1f}"])
    widths = [max(len(r[i]) for r in [cols] + rows) for i in range(len(cols))]
    print("  ".join(c.ljust(w) for c, w in zip(cols, widths)))
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)))
    print("(latency in ms, act to view; load: the 1-minute load average at the end)")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
