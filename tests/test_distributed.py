"""Dask: the same bytes from local threads, a local cluster (--workers) and a cluster
started separately (--scheduler), for the same seed."""

from __future__ import annotations

import pytest
from test_cli import HAND
from test_cli import process_cli as cli

distributed = pytest.importorskip("dask.distributed")


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as c:
        yield c


def files(d, names):
    return [(d / n).read_bytes() for n in names]


@pytest.mark.slow  # make test keeps the holdings case on a cluster below (the same machinery)
def test_bid_bytes_equal_everywhere(tmp_path, cluster):
    runs = {"local": [], "workers": ["--workers", "2"],
            "scheduler": ["--scheduler", cluster.scheduler_address]}
    out = {}
    for name, extra in runs.items():
        d = tmp_path / name
        r = cli("bid", HAND, "--deals", "30000", "--seat", "all", "--seed", "5", "--policy",
                "heuristic", "--out", str(d), *extra)
        assert r.returncode == 0, r.stderr
        out[name] = files(d, ["bid.csv", "points.csv"])
    assert out["local"] == out["workers"] == out["scheduler"]


@pytest.mark.slow  # the same machinery as the holdings case below, which make test runs
def test_variants_bytes_equal_on_a_cluster(tmp_path, cluster):
    args = ["variants", "--presets", "cinch,sancho", "--deals", "20000", "--games", "100"]
    a = cli(*args, "--out", str(tmp_path / "a"))
    b = cli(*args, "--out", str(tmp_path / "b"), "--scheduler", cluster.scheduler_address)
    assert a.returncode == 0 and b.returncode == 0, a.stderr + b.stderr
    names = ["variants.csv", "seats.csv", "points.csv", "games.csv"]
    assert files(tmp_path / "a", names) == files(tmp_path / "b", names)


@pytest.mark.parametrize("args,names", [
    (["holdings", "--seat", "third", "--deals", "2000"], ["card_values.csv", "patterns.csv"]),
    pytest.param(["technique", "all", "--deals", "5000", "--policy", "heuristic"],
                 ["techniques.csv"], marks=pytest.mark.slow),  # (make test-all)
    pytest.param(["advise", HAND, "--score", "40-50", "--deals", "5000", "--games", "500",
                  "--policy", "heuristic"], ["advise.csv"], marks=pytest.mark.slow),
])
def test_strategy_bytes_equal_on_a_cluster(tmp_path, cluster, args, names):
    a = cli(*args, "--out", str(tmp_path / "a"))
    b = cli(*args, "--out", str(tmp_path / "b"), "--scheduler", cluster.scheduler_address)
    assert a.returncode == 0 and b.returncode == 0, a.stderr + b.stderr
    assert files(tmp_path / "a", names) == files(tmp_path / "b", names)


@pytest.mark.slow  # about 7 s of connection timeouts; the other one-line errors run always
def test_unreachable_scheduler_is_one_line_and_exit_2(tmp_path):
    r = cli("bid", HAND, "--deals", "10", "--scheduler", "tcp://127.0.0.1:9",
            "--out", str(tmp_path / "x"))
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "Dask scheduler" in r.stderr
    r = cli("bid", HAND, "--workers", "2", "--scheduler", "tcp://127.0.0.1:9")
    assert r.returncode == 2 and "not both" in r.stderr
