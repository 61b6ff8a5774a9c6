"""Move notation, more of its contract: every documented value from 100 to 600 is a
bid and a contract with that value, and each kind of move has its own English label."""

import pytest

from thousand import Action
from thousand.actions import MAX_VALUE


@pytest.mark.parametrize("value", [100, 105, 120, 595, MAX_VALUE])
def test_bids_and_contracts_run_from_100_to_600_in_steps_of_5(value):
    bid, contract = Action.parse(f"b{value}"), Action.parse(f"c{value}")
    assert (bid.kind, bid.value, str(bid)) == ("bid", value, f"b{value}")
    assert (contract.kind, contract.value, str(contract)) == ("contract", value, f"c{value}")
    assert Action.bid(value) is bid and Action.contract(value) is contract and bid != contract


def test_each_kind_of_move_has_its_own_label():
    assert Action.parse("b120").label() == "Bid 120"
    assert Action.parse("c120").label() == "Play for 120"
    assert Action.parse("d").label().startswith("Bid 120 blind")
    assert Action.parse("t2").label() == "Take talon 2"
    assert Action.parse("gAh2").label(["me", "left", "right"]) == "Give A♥ to right"


def test_an_ace_meld_declares_the_ace_marriage_and_a_king_the_suits():
    assert "the ace marriage" in Action.parse("mAh").label()
    assert "the ♥ marriage (100)" in Action.parse("mKh").label()
