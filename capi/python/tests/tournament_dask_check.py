"""ctest python_tournament_dask: the tournament runner on a 2-worker Dask LocalCluster gives the
same results, match by match, as the one-process run with the same seeds. Needs Debian's
python3-distributed (run with /usr/bin/python3); MUS_LIBRARY and PYTHONPATH reach the workers
through the environment.

    tournament_dask_check.py
"""

import sys

from mus import Bot
from mus.tournament import Spec, run_dask, run_local, summary


def main():
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:
        print("python3-distributed is not importable by %s: %s" % (sys.executable, exc))
        return 1
    spec = Spec(bots=(Bot("heuristic"), Bot("random")), rules="standard", matches=24,
                first_seed=1000, duplicate=True, chunk=5)
    local = run_local(spec)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        distributed = run_dask(spec, client)
        workers = {w for w in client.run(lambda: 1)}
    print("workers: %s" % sorted(workers))
    print("one process: %s" % summary(spec, local))
    print("dask:        %s" % summary(spec, distributed))
    if len(workers) != 2:
        print("FAILED: expected 2 workers")
        return 1
    if len(local) != 2 * spec.matches:
        print("FAILED: %d results for %d duplicate seeds" % (len(local), spec.matches))
        return 1
    if distributed != local:
        for a, b in zip(local, distributed):
            if a != b:
                print("FAILED: first difference:\n  one process: %s\n  dask:        %s" % (a, b))
                break
        return 1
    print("the 2-worker Dask run equals the one-process run: %d matches" % len(local))
    return 0


if __name__ == "__main__":
    sys.exit(main())
