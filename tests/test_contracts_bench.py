"""bench/contracts.py: what the hard bot believed of its contract beside what happened."""

from __future__ import annotations

from thousand.bots import hard

from bench_scripts import load


def test_records_agree_with_the_deal_and_the_hook_is_removed(capsys):
    bench = load("contracts")
    chosen = hard.choose_contract
    records = bench.play(4, 51)
    assert hard.choose_contract is chosen
    assert records
    for r in records:
        assert r["contract"] in r["values"] and len(r["p"]) == len(r["values"])
        assert all(0 <= p <= 1 for p in r["p"])
        at = r["values"].index(r["contract"])
        assert r["believed"] == r["p"][at]
        assert r["next_believed"] == (r["p"][at + 1] if at + 1 < len(r["p"]) else None)
        # A first deal: nobody is on the barrel, so a contract is made exactly when its points reach it.
        assert r["made"] == (r["points"] >= r["contract"])
        assert 0 <= r["truth"] <= 120 + 240
    last = bench.report(records)
    assert last.startswith(f"contracts: {len(records)} played, made ")
    assert "believed made | contracts" in capsys.readouterr().out
