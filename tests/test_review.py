"""The review of a deal: the solver's values of card plays against brute force
in the engine on small endgames, the contract valued from the par, and the
steps replaying the deal with all hands open."""

from __future__ import annotations

import pytest

from thousand import Game, Rules, tutorial
from thousand.bots import decide, make_bot
from thousand.cards import card_str, count
from thousand.bots.dds import Solver
from thousand.review import _contract_score, _Position, _solver, last_deal, par, review_deal
from thousand.rng import SplitMix64

from deals import A_BIDDING, A_GIVING, A_PLAY, D_BIDDING, deal_a, deal_d, run


def endgame(seed: int, cards_left: int, rules: Rules | None = None) -> tuple[Game, list]:
    """A 3-player deal bid by medium bots and played by random legal moves: the
    state when ``cards_left`` cards remain in the first hand, and the rest of its moves."""
    game = Game(3, seed, rules)
    medium = make_bot("medium")
    while game.phase != "play":
        game.apply(decide(medium, game))
    rng = SplitMix64(seed)
    start, moves = None, []
    deal = game.deal_no
    while game.deal_no == deal and not game.is_over:
        if start is None and count(game.hands[game.to_move]) <= cards_left and len(game.trick) == seed % 3:
            start = game.copy()
        legal = game.legal_actions()
        action = legal[rng.below(len(legal))]
        if start is not None:
            moves.append(action)
        game.apply(action)
    return start, moves


def points(game: Game, seat: int, melds_count: bool) -> int:
    return game.trick_points[seat] + game.meld_points[seat] * melds_count


def brute(game: Game, declarer: int, melds_count: bool) -> int:
    """The declarer's points still to come with best play, trying every legal move in the engine."""
    deal = game.deal_no
    now = points(game, declarer, melds_count)
    values = []
    for action in game.legal_actions():
        after = game.copy()
        after.apply(action)
        if after.deal_no != deal or after.is_over:
            last = after.last_deal
            values.append(last["trick_points"][declarer] + last["meld_points"][declarer] * melds_count - now)
        else:
            values.append(points(after, declarer, melds_count) - now + brute(after, declarer, melds_count))
    return max(values) if game.to_move == declarer else min(values)


def after_value(game: Game, action, declarer: int, melds_count: bool) -> int:
    after = game.copy()
    after.apply(action)
    now = points(game, declarer, melds_count)
    if after.deal_no != game.deal_no:
        last = after.last_deal
        return last["trick_points"][declarer] + last["meld_points"][declarer] * melds_count - now
    return points(after, declarer, melds_count) - now + brute(after, declarer, melds_count)


@pytest.mark.parametrize("seed", range(12))
def test_card_values_match_brute_force_on_small_endgames(seed):
    start, moves = endgame(seed, cards_left=3)
    if start is None:
        pytest.skip("the deal ended without this endgame")
    decl = start.declarer
    melds_count = not start.on_barrel(decl)
    for seat in range(3):
        out = review_deal(start, moves, seat)
        state = start.copy()
        valued = 0
        for step, action in zip(out["steps"], moves):
            if step["seat"] == seat and step["kind"] in ("play", "meld"):
                chosen = after_value(state, action, decl, melds_count)
                options = [after_value(state, a, decl, melds_count) for a in state.legal_actions()]
                best = max(options) if seat == decl else min(options)
                assert step["value"] == chosen
                assert step["best"] == best
                assert step["loss"] == abs(best - chosen)
                assert after_value(state, next(a for a in state.legal_actions() if str(a) == step["best_action"]),
                                   decl, melds_count) == best
                valued += 1
            state.apply(action)
        assert valued > 0
        assert out["par"] == brute(start, decl, melds_count)


def test_a_best_move_loses_nothing_and_a_blunder_is_priced():
    start, moves = endgame(5, cards_left=3)
    out = review_deal(start, moves, start.to_move)
    first = out["steps"][0]
    assert first["loss"] == abs(first["best"] - first["value"])
    losses = [s["loss"] for s in out["steps"] if "loss" in s]
    assert min(losses) == 0


def first_deal(seed: int) -> Game:
    game = Game(3, seed)
    medium = make_bot("medium")
    while not game.sheet.rows or game.sheet.rows[-1].kind == "redeal":
        game.apply(decide(medium, game))
    return game


def test_last_deal_finds_the_moves_and_the_start_of_the_finished_deal():
    game = first_deal(11)
    start, moves = last_deal(game)
    assert start.sheet.rows == [r for r in game.sheet.rows if r.kind == "redeal"]
    assert moves == game.history
    with pytest.raises(ValueError):
        last_deal(Game(3, 11))


def test_last_deal_of_a_hand_made_deal_starts_from_that_deal():
    """The first game step by step is a hand-made deal: its review said no deal had finished (the
    moves were replayed on a shuffle of its seed)."""
    game = tutorial.deal()
    for step in tutorial.SCRIPT:
        game.apply(step.move)
    start, moves = last_deal(game)
    assert start.hands == tutorial.deal().hands and moves == game.history


def test_contract_is_valued_from_the_par():
    for seed in range(40):
        game = first_deal(seed)
        if game.last_deal["kind"] != "played":
            continue
        start, moves = last_deal(game)
        decl = game.last_deal["declarer"]
        out = review_deal(start, moves, decl)
        step = next(s for s in out["steps"] if s["kind"] == "contract")
        if out["par"] is None:
            continue
        contract = game.last_deal["contract"]
        assert step["value"] == (contract if out["par"] >= contract else -contract)
        assert step["best"] >= max(step["value"], 0)
        assert out["result"] == game.last_deal["trick_points"][decl] + game.last_deal["meld_points"][decl]
        # every step carries the open table before its move
        assert sum(len(h) for h in out["steps"][0]["open"]["hands"]) == 21
        return
    pytest.fail("no played deal among the seeds")


def declared_deal(seed_from: int) -> tuple[Game, list, int]:
    """The first deal among seeds from ``seed_from`` on that a medium bot declared,
    gave its cards and played: its start, its moves and the declarer."""
    for seed in range(seed_from, seed_from + 40):
        game = first_deal(seed)
        if game.last_deal["kind"] == "played":
            start, moves = last_deal(game)
            return start, moves, game.last_deal["declarer"]
    pytest.fail("no played deal among the seeds")


def every_way_scores(state: Game) -> dict[str, int]:
    """Every way the declarer to choose in ``state`` may take a talon and give,
    each solved on its own (a fresh solver, no shared table, no order): its best
    contract score, by the choices' notation (sorted, joined by ".")."""
    if state.phase not in ("talon", "giving"):
        lead = _first_lead(state)
        pos = _Position(lead, _solver(lead, 10**9))
        values = sorted((a.value for a in state.legal_actions() if a.kind == "contract"), reverse=True)
        made = next((v for v in values if pos.solver.made(list(pos.hands), pos.leader, pos.trump, pos.trick, v)),
                    -1)  # the highest contract made, as par; -1: none
        return {"": max(_contract_score(a, made, state.bid) for a in state.legal_actions())}
    scores = {}
    for action in state.legal_actions():
        after = state.copy()
        after.apply(action)
        for key, score in every_way_scores(after).items():
            scores[".".join(sorted(filter(None, (str(action), *key.split(".")))))] = score
    return scores


def _first_lead(game: Game) -> Game:
    lead = game.copy()
    lead.apply(next(a for a in game.legal_actions() if a.kind == "contract"))
    return lead


def test_gifts_are_valued_against_every_other_way_of_giving():
    start, moves, decl = declared_deal(0)
    out = review_deal(start, moves, decl)
    gives = [i for i, s in enumerate(out["steps"]) if s["kind"] == "give"]
    assert len(gives) == 2 and all(out["steps"][i]["seat"] == decl for i in gives)
    assert "gifts" not in out["steps"][gives[0]]
    step = out["steps"][gives[-1]]
    assert step["gifts"] == [str(moves[i]) for i in gives]
    assert step["unsolved"] == 0

    state = start.copy()
    for action in moves[:gives[0]]:
        state.apply(action)
    scores = every_way_scores(state)
    assert len(scores) == 90
    chosen = ".".join(sorted(step["gifts"]))
    assert step["value"] == scores[chosen]
    assert step["best"] == max(scores.values())
    assert scores[".".join(sorted(step["best_action"].split(".")))] == step["best"]
    assert step["loss"] == step["best"] - step["value"] >= 0


def test_a_defender_has_no_gifts_to_value():
    start, moves, decl = declared_deal(0)
    out = review_deal(start, moves, (decl + 1) % 3)
    assert not any("gifts" in s or "loss" in s for s in out["steps"] if s["kind"] == "give")


# A hand-made deal: seat 1 holds the aces and tens, the talon the ♠ marriage for it.
BID_HANDS = ["Jh 9h Qd Jd 9d Jc 9c", "Ah Th Ad Td Ac Tc As", "Kh Qh Kd Qc Kc Ts Js"]
BID_TALON = "Qs Ks 9s"


def reviewed(game: Game, script: str, seat: int) -> dict:
    """Review for ``seat`` the deal of ``game`` bid as ``script``, then played out by medium bots."""
    start, medium = game.copy(), make_bot("medium")
    for move in script.split():
        game.apply(move)
    while not game.sheet.rows:
        game.apply(decide(medium, game))
    return review_deal(start, game.history, seat)


def won_at(game: Game, script: str) -> Game:
    for move in script.split():
        game.apply(move)
    assert game.phase in ("talon", "giving")
    return game


def test_a_pass_with_a_winning_hand_is_priced():
    """A bid is worth what the deal scores had it won the auction: the talon and
    the best gifts with every card open; a pass 0."""
    deal = lambda: Game.from_deal(3, dealer=2, hands=BID_HANDS, talon=BID_TALON)  # noqa: E731
    out = reviewed(deal(), "p p", seat=1)  # seat 1 passes; seat 0's forced 100 stands
    step = next(s for s in out["steps"] if s["seat"] == 1 and s["kind"] == "pass")
    best = max(every_way_scores(won_at(deal(), "b110 p p")).values())
    assert best == 140  # 4 aces, 3 tens and the ♠ marriage: 140 made (the limit without more marriages)
    assert (step["value"], step["best"], step["best_action"], step["loss"]) == (0, best, "b110", best)


def test_an_overbid_is_priced_and_a_pass_is_best():
    """Seat 0, with no write-off left, bids 110 on nothing: no contract is made
    with any gifts, so the bid scores -110 and passing was best."""
    deal = lambda: Game.from_deal(3, dealer=0, hands=BID_HANDS, talon=BID_TALON,  # noqa: E731
                                  used_write_off=[1, 0, 0])
    out = reviewed(deal(), "p b110 p", seat=0)
    step = next(s for s in out["steps"] if s["seat"] == 0 and s["kind"] == "bid")
    assert max(every_way_scores(won_at(deal(), "p b110 p")).values()) == -110
    assert (step["value"], step["best"], step["best_action"], step["loss"]) == (-110, 0, "p", 110)
    # with its write-off still in hand, the same bid costs nothing on its own sheet
    free = reviewed(Game.from_deal(3, dealer=0, hands=BID_HANDS, talon=BID_TALON), "p b110 p", seat=0)
    step = next(s for s in free["steps"] if s["seat"] == 0 and s["kind"] == "bid")
    assert (step["value"], step["loss"]) == (0, 0)


def test_two_players_talon_and_bid_are_valued_against_every_way():
    game = won_at(deal_d(), D_BIDDING)  # seat 0 won at 120 and chooses a talon
    scores = every_way_scores(game)
    out = reviewed(deal_d(), D_BIDDING, seat=0)
    steps = [s for s in out["steps"] if s["seat"] == 0]
    talon = next(s for s in steps if s["kind"] == "talon")
    mine = [v for k, v in scores.items() if talon["action"] in k.split(".")]
    assert (talon["value"], talon["best"]) == (max(mine), max(scores.values()))
    assert talon["loss"] == talon["best"] - talon["value"] >= 0
    bid = next(s for s in steps if s["kind"] == "bid")  # b120 over seat 1's 110: the lowest bid it could win at
    assert bid["value"] == max(scores.values())
    gift = next(s for s in steps if "gifts" in s)
    chosen = ".".join(sorted([talon["action"], *gift["gifts"]]))
    assert gift["value"] == scores[chosen] and gift["best"] == max(mine)


@pytest.mark.parametrize("seed", range(6))
def test_every_bid_decision_of_a_seat_is_valued_consistently(seed):
    game = first_deal(seed)
    start, moves = last_deal(game)
    for seat in range(3):
        out = review_deal(start, moves, seat)
        for step in out["steps"]:
            if step["seat"] != seat or step["kind"] not in ("bid", "pass") or "loss" not in step:
                continue
            assert step["loss"] == step["best"] - step["value"] >= 0
            assert step["best"] >= 0  # passing, worth 0, is always there
            if step["kind"] == "pass":
                assert step["value"] == 0


def test_no_marriage_on_the_first_lead_when_the_rules_say_so():
    """With marriages only after a trick, the declarer may not declare on the
    deal's first lead. Here seat 0 holds K♥ Q♥ and nothing that wins a trick back:
    the par is what the solver says without the marriage, far below the 100+ it
    would be if the review let it declare at once."""
    rules = Rules(meld_requires_trick=True)
    hands = ["Kh Qh 9h Jd 9d Jc 9c", "Ah Th Ad Td Ac Tc As", "Jh Kd Kc Qc Ts Ks Qs"]
    game = Game.from_deal(3, dealer=2, hands=hands, talon="Js 9s Qd", rules=rules)
    start = game.copy()
    for move in "p p gQd1 g9s2 c100".split():
        game.apply(move)
    lead = game.copy()
    medium = make_bot("medium")
    while not game.sheet.rows:
        game.apply(decide(medium, game))
    out = review_deal(start, game.history, 0)
    cards = [lead.hands[s] for s in lead.active]
    barred = Solver(3, 0, rules=rules, took=0).value(cards, 0, -1, ())
    free = Solver(3, 0).value(cards, 0, -1, ())
    assert free >= 100 > barred
    assert out["par"] == barred


def test_choices_whose_every_way_runs_out_of_budget_are_not_valued():
    """With a budget too small for any way of taking the talon and giving, the
    bid, the talon and the gifts are shown without a value, not as a fall."""
    game = deal_d()
    for move in D_BIDDING.split():
        game.apply(move)
    medium = make_bot("medium")
    while not game.sheet.rows:
        game.apply(decide(medium, game))
    out = review_deal(deal_d(), game.history, 0, budget=5)
    mine = [s for s in out["steps"] if s["seat"] == 0 and s["kind"] in ("bid", "talon", "give")]
    assert {s["kind"] for s in mine} == {"bid", "talon", "give"}
    assert not any("loss" in s for s in mine)


def test_two_players_par_counts_the_talon_left_on_the_table():
    """All cards open, the declarer (♥ 100 + ♣ 60 in melds) takes the last trick and with it
    the talon not taken, which counts in its points: Js 9s is worth 2, Ks Qs 7. Without it the
    pars would be 264 and 260."""
    left_js_9s = run(deal_d(), f"{D_BIDDING} t1 gKs1 c200")
    left_ks_qs = run(deal_d(), f"{D_BIDDING} t2 g9s1 c120")
    assert (par(left_js_9s), par(left_ks_qs)) == (266, 267)


def test_on_the_barrel_par_leaves_out_the_declarers_marriages():
    """On the barrel a contract is made by trick points alone (RULES.md, the barrel): the same
    deal's par is 267 - 160 = 107 for a declarer on the barrel."""
    on_barrel = run(deal_d(totals=[900, 0]), f"{D_BIDDING} t2 g9s1 c120")
    assert on_barrel.on_barrel(0) and par(on_barrel) == 107


def test_each_step_shows_the_hands_as_they_are_before_its_move():
    game = run(deal_a(), f"{A_BIDDING} {A_GIVING} c120 {A_PLAY}")
    out = review_deal(deal_a(), game.history, 0, budget=5)
    replay = deal_a()
    assert len(out["steps"]) == len(game.history)
    for step, action in zip(out["steps"], game.history):
        hands = step["open"]["hands"]
        assert [len(h) for h in hands] == [count(h) for h in replay.hands]
        if action.kind in ("play", "meld"):  # the card played is in its hand
            assert card_str(action.card) in hands[replay.to_move]
        replay.apply(action)
