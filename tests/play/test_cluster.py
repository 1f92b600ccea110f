"""Duels and balance figures on a Dask distributed cluster (``--scheduler``) give exactly
what the local pool gives; a scheduler that cannot be reached is a usage error."""

from __future__ import annotations

import json

import distributed  # Dask comes with the test extra (pip install -e '.[test]')
import pytest

from basra_dsl.cli import main


@pytest.fixture(scope="module")
def scheduler():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:  # any free port: xdist runs two
        yield cluster.scheduler_address


def test_a_duel_on_the_cluster_is_the_duel_on_the_local_pool(runner, scheduler):
    duel = ["simulate", "egyptian", "--bot", "greedy", "--vs", "random", "--games", "12", "--seed", "5", "--json"]
    local = runner.invoke(main, [*duel, "--workers", "2"])
    remote = runner.invoke(main, [*duel, "--scheduler", scheduler])
    assert local.exit_code == remote.exit_code == 0, remote.output
    here, there = json.loads(local.output), json.loads(remote.output)
    # the bot's thinking times are measured where it ran: the same choices, other milliseconds
    assert here.pop("bot_move_ms")["choices"] == there.pop("bot_move_ms")["choices"] > 0
    assert here == there


def test_balance_on_the_cluster_is_balance_on_one_process(runner, scheduler):
    figures = ["balance", "pishti", "--games", "6", "--skill-games", "2", "--samples", "2", "--matches", "2", "--json"]
    local = runner.invoke(main, [*figures, "--workers", "1"])
    remote = runner.invoke(main, [*figures, "--scheduler", scheduler])
    assert local.exit_code == remote.exit_code == 0, remote.output
    assert json.loads(local.output) == json.loads(remote.output)


def test_a_scheduler_out_of_reach_is_a_usage_error(runner, monkeypatch):
    from basra_dsl.play import cluster
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    result = runner.invoke(main, ["simulate", "egyptian", "--bot", "greedy", "--vs", "random", "--games", "2",
                                  "--scheduler", "tcp://127.0.0.1:9"])
    assert result.exit_code == 2 and "cannot reach the Dask scheduler" in result.output
    assert "Traceback" not in result.output


def test_a_cluster_plays_duels_only(runner):
    result = runner.invoke(main, ["simulate", "egyptian", "--hands", "2", "--scheduler", "tcp://127.0.0.1:9"])
    assert result.exit_code == 2 and "a cluster plays duels" in result.output
