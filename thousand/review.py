"""The review of a finished deal: every move with all hands open, and what the
double-dummy solver says each of one seat's decisions was worth.

Values are in the declarer's points (tricks plus the marriages that count),
as the bots' solver (:mod:`thousand.bots.dds`) computes them with every card
open; nothing here repeats a rule. What is valued how:

- **card play** (a card or a marriage lead): exactly. The position's value
  (the best move's) against the value after the move made; the difference is
  ``loss``, the points the move gave away to the other side (0 for a best move).
- **contract**: exactly, from the deal's **par**, the declarer's double-dummy
  points from the first lead with the cards as given: naming ``c`` scores
  ``+c`` if the par reaches it and ``-c`` if not, a fall ``-bid``, a write-off
  0; ``loss`` is the best of these minus the one chosen.
- **talon and gifts** (the declarer's choices), exactly: every way of taking
  a talon (two players) and giving (90 with 3 players) is worth the best
  contract score its par allows, as for the contract above; the talon taken
  against the best talon, and the gifts (one decision) against the best gifts
  with that talon. One solver serves them all (positions met again after the
  gifts are played are found in its table), and each way after the first is
  asked only whether it makes a contract above the best so far (one
  zero-window search), likely strong ways first.
- **bids**: a bid (or a pass, when a bid was legal) is valued as if the auction
  had ended there: a bid is worth the best contract score the bidder's cards
  make at it with the talon and the best gifts, all cards open (the same sweep
  over every way, from the lowest bid the seat could have won at); a pass is
  worth 0, since the seat then declares nothing. What the others would have
  bid instead, and a defender's own points, are not valued: they depend on the
  others' choices, which no open-card solve settles. Write-offs score 0, as
  on the declarer's sheet.

Every solve has a node budget; a decision whose solve runs out (deep in the
first tricks of a hard deal) is shown without a value rather than late; ways
of taking the talon and giving left unsolved are counted in ``unsolved``, and
the values are then the best among the ways solved.

>>> from thousand import Game
>>> game = Game(3, seed=3)
>>> while not game.sheet.rows:
...     game.apply(game.legal_actions()[0])
>>> start, moves = last_deal(game)
>>> out = review_deal(start, moves, seat=0)
>>> out["par"] is not None, len(out["steps"]) == len(moves)
(True, True)
"""

from __future__ import annotations

from typing import Callable, Iterator

from .actions import Action
from .bots.dds import OutOfBudget, Solver
from .cards import CARD_POINTS, card_str, cards_of, fast_points, marriage_points
from .game import Game

DEFAULT_BUDGET = 60_000  # search nodes for one decision: about 1 s in CPython
TABLE_LIMIT = 400_000  # solver table entries kept across the gift sweep (memory in the browser)
PAR_FACTOR = 4  # the par, shown with every result, may search this many budgets


def last_deal(game: Game) -> tuple[Game, list[Action]]:
    """The state at the start of the last finished deal of ``game`` (rebuilt from
    its moves, from its seed or its hand-made first deal) and the moves of that deal."""
    replay = game._fresh()
    deal_start, current = replay.copy(), []
    done: tuple[Game, list[Action]] | None = None
    for action in game.history:
        rows = len(replay.sheet.rows)
        replay.apply(action)
        current.append(action)
        if len(replay.sheet.rows) > rows:  # this move ended a deal
            done = (deal_start, current)
            deal_start, current = replay.copy(), []
    if done is None:
        raise ValueError("no deal of this game has finished yet")
    return done


def _open(game: Game) -> dict:
    """The table with every card open, before the move to come."""
    return {
        "to_move": game.to_move, "phase": game.phase,
        "hands": [[card_str(c) for c in cards_of(h)] for h in game.hands],
        "talons": [[card_str(c) for c in cards_of(t)] for t in game.talons],
        "trick": [{"seat": s, "card": card_str(c)} for s, c in zip(game.trick_seats, game.trick)],
        "trump": game.trump, "declarer": game.declarer, "contract": game.contract, "bid": game.bid,
        "points": [game.trick_points[s] + game.meld_points[s] for s in range(game.players)],
    }


def _largest(probe: Callable[[int], bool], hi: int, guess: int) -> int:
    """The largest ``v`` in ``[0, hi]`` with ``probe(v)`` (``probe(0)`` holds and
    ``probe`` is monotone), galloping out from ``guess``: with a right guess it
    takes two probes, and each probe is a whole search."""
    lo = 0
    g = min(max(guess, 0), hi)
    step = 1
    if probe(g):
        lo = g
        while lo + step <= hi:
            if not probe(lo + step):
                hi = lo + step - 1
                break
            lo += step
            step *= 2
    else:
        hi = g - 1
        while g - step > lo:
            if probe(g - step):
                lo = g - step
                break
            hi = g - step - 1
            step *= 2
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if probe(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


class _Position:
    """A play position of ``game`` in the solver's terms (seats in playing order)."""

    def __init__(self, game: Game, solver: Solver) -> None:
        order = list(game.active)
        self.solver = solver
        self.hands = tuple(game.hands[s] for s in order)
        self.leader = order.index(game.trick_seats[0] if game.trick else game.to_move)
        self.trump = game.trump
        self.trick = tuple(game.trick)
        decl = order.index(game.declarer)
        self.took = sum(1 << i for i, seat in enumerate(order) if game.tricks_won[seat])
        melds = marriage_points(self.hands[decl], solver.aces)
        self.ceiling = sum(fast_points(h) for h in self.hands) + sum(CARD_POINTS[c] for c in self.trick) + \
            solver.leftover + (melds if solver.melds_count else 0)

    def made(self, need: int) -> bool:
        """Does the declarer take ``need`` points from here on with best play by all?"""
        self.solver.set_took(self.took)
        return self.solver.made(list(self.hands), self.leader, self.trump, self.trick, need)

    def value(self, guess: int) -> int:
        """The declarer's points from here on with best play by all."""
        self.solver.set_took(self.took)
        return _largest(lambda need: self.solver.made(list(self.hands), self.leader, self.trump, self.trick, need),
                        self.ceiling, guess)

    def after(self, action: Action, guess: int) -> int:
        """The declarer's points from here on after ``action``, then best play."""
        self.solver.set_took(self.took)
        return _largest(lambda need: self.solver.after(self.hands, self.leader, self.trump, self.trick, action.card,
                                                       action.kind == "meld", need), self.ceiling, guess)


def _solver(game: Game, budget: int) -> Solver:
    leftover = fast_points(game.talons[1 - game.taken_talon]) if game.players == 2 else 0
    return Solver(len(game.active), list(game.active).index(game.declarer),
                  not game.on_barrel(game.declarer), leftover, budget=budget, rules=game.rules)


def _par(game: Game, solver: Solver, guess: int) -> int | None:
    try:
        return _Position(game, solver).value(guess)
    except OutOfBudget:
        return None


def par(game: Game, budget: int = DEFAULT_BUDGET) -> int | None:
    """The deal's par: the declarer's points with every card open and best play
    by all, from the first lead of ``game`` (a state at the first lead); None
    if the solve needs more than ``PAR_FACTOR`` times ``budget`` nodes."""
    return _par(game, _solver(game, budget * PAR_FACTOR), game.contract)


def _contract_score(action: Action, par: int, bid: int) -> int:
    if action.kind == "fall":
        return -bid
    if action.kind == "write_off":
        return 0
    return action.value if par >= action.value else -action.value


def _gift_options(state: Game) -> list[tuple[list[Action], Game]]:
    """Every way the declarer to choose in ``state`` can take a talon (two
    players) and give its cards, each once (to the seats in order): the choices
    and the state after them (the contract)."""
    out: list[tuple[list[Action], Game]] = []

    def walk(game: Game, choices: list[Action]) -> None:
        if game.phase not in ("talon", "giving"):
            out.append((choices, game))
            return
        legal = game.legal_actions()
        first = min((a.target for a in legal if a.kind == "give"), default=None)
        for action in legal:
            if action.target == first:
                after = game.copy()
                after.apply(action)
                walk(after, [*choices, action])

    walk(state.copy(), [])
    return out


def _best_contract(game: Game, par: int) -> int:
    """The best sheet score of the contract decision in ``game`` given the ``par``."""
    return max(_contract_score(a, par, game.bid) for a in game.legal_actions())


def _first_lead(game: Game) -> Game:
    """``game`` at the contract, the bid kept: the state at the first lead."""
    lead = game.copy()
    lead.apply(next(a for a in lead.legal_actions() if a.kind == "contract"))
    return lead


def _won_at(state: Game, bid: Action) -> Game | None:
    """``state`` (a bid decision) after ``bid`` and a pass from everyone else:
    the declarer's first choice (talon or gifts), or None if the others may not
    all pass there."""
    seat = state.to_move
    game = state.copy()
    game.apply(bid)
    while game.phase == "bidding":
        legal = game.legal_actions()
        passing = next((a for a in legal if a.kind == "pass"), None)
        if game.to_move == seat or passing is None:
            return None
        game.apply(passing)
    return game if game.declarer == seat else None


class _Sweep:
    """What each way of taking the talon and giving (from ``floor``, a state
    where the declarer is about to choose, with the lowest bid to value) lets
    the declarer make with every card open: :attr:`top` is the highest contract
    some way makes, ``chosen_top`` the one ``chosen_choices`` make if given, and
    :meth:`best_with` the highest having taken a given talon.

    Ways are searched chosen first, then those with the chosen talon, and each
    after the first is asked only whether it makes a contract above the best
    so far (one zero-window search)."""

    def __init__(self, floor: Game, chosen: list[Action] | None, budget: int) -> None:
        self.floor = floor
        self.options = _gift_options(floor)
        seat = floor.declarer

        def strength(game: Game) -> int:  # likely stronger ways first: later ones then fail their one search fast
            return -(fast_points(game.hands[seat]) + marriage_points(game.hands[seat]))

        if chosen:
            key = sorted(chosen)
            self.options.sort(key=lambda o: (sorted(o[0]) != key, o[0][0] != chosen[0], strength(o[1])))
        else:
            self.options.sort(key=lambda o: strength(o[1]))
        self.chosen_choices = chosen
        self.budget = budget
        self.best_of: dict[Action | None, tuple[int, list[Action]]] = {}  # by talon taken
        self.solved_with: dict[Action | None, int] = {}  # ways solved, by talon taken
        self.chosen_top: int | None = None
        self.chosen_solved = False

    @property
    def top(self) -> int | None:
        """The highest contract some way makes (None: none)."""
        return max((top for top, _ in self.best_of.values()), default=None)

    @property
    def top_choices(self) -> list[Action] | None:
        """A way that makes :attr:`top`."""
        return max(self.best_of.values(), key=lambda b: b[0], default=(None, None))[1]

    @property
    def unsolved(self) -> int:
        """The ways left out because their solve ran past the budget."""
        return len(self.options) - sum(self.solved_with.values())

    def run(self) -> Iterator[None]:
        """Search every way, yielding after each."""
        solvers: dict[int, Solver] = {}
        for n, (choices, game) in enumerate(self.options):
            lead = _first_lead(game)
            solver = solvers.get(lead.taken_talon)
            if solver is None:
                solver = solvers[lead.taken_talon] = _solver(lead, self.budget)
            if len(solver.table) > TABLE_LIMIT:
                solver.table.clear()
            solver.nodes = 0
            pos = _Position(lead, solver)
            values = sorted(a.value for a in game.legal_actions() if a.kind == "contract")
            higher = [v for v in values if self.top is None or v > self.top]
            first = choices[0] if choices[0].kind == "talon" else None
            try:
                top = None
                if n == 0 and self.chosen_choices:
                    par = pos.value(values[0])
                    top = max((v for v in values if v <= par), default=None)
                    self.chosen_top, self.chosen_solved = top, True
                elif higher and pos.made(higher[0]):
                    par = pos.value(higher[0])
                    top = max(v for v in values if v <= par)
                if top is not None and (first not in self.best_of or top > self.best_of[first][0]):
                    self.best_of[first] = (top, choices)
                self.solved_with[first] = self.solved_with.get(first, 0) + 1
            except OutOfBudget:
                pass  # counted in unsolved
            yield None

    def best_with(self, talon: Action | None) -> tuple[int | None, list[Action] | None]:
        """The highest contract made having taken ``talon`` (None: the only talon), and how."""
        return self.best_of.get(talon, (None, None))

    def score(self, top: int | None, bid: int) -> int:
        """The declarer's best sheet score at ``bid`` when ``top`` is the highest contract made."""
        if top is not None and top >= bid:
            return top
        return 0 if self.floor.sheet.may_write_off(self.floor.declarer) else -bid


def _bid_decision(state: Game) -> bool:
    """Is ``state`` a choice between passing and bidding (what the review values)?"""
    return state.phase == "bidding" and {a.kind for a in state.legal_actions()} == {"pass", "bid"}


def _value_bid(step: dict, state: Game, action: Action, sweep: _Sweep) -> None:
    """A bid is worth what the deal scores had it won the auction there (the
    best contract its cards make with the talon and the best gifts, all open);
    a pass is worth 0, as this seat then declares nothing."""
    bid = next(a for a in state.legal_actions() if a.kind == "bid")
    scores = {"p": 0, str(bid): sweep.score(sweep.top, bid.value)}
    best = max(scores, key=lambda k: (scores[k], k == str(action)))
    step.update(value=scores[str(action)], best=scores[best], best_action=best,
                loss=scores[best] - scores[str(action)], unsolved=sweep.unsolved)


def _value_choices(steps: list[dict], states: list[Game], at: list[int], sweep: _Sweep) -> None:
    """Value the declarer's talon (two players) and gifts, each as one decision
    (the gifts on the last of them), from the sweep: the score the chosen ones
    allow at the deal's bid against the best ones'."""
    if not at:
        return
    choices = [Action.parse(steps[i]["action"]) for i in at]
    talon = choices[0] if choices[0].kind == "talon" else None
    bid = states[0].bid
    gifts_at = [i for i, c in zip(at, choices) if c.kind == "give"]
    if talon is not None and sweep.solved_with.get(talon):
        top, best_choices = sweep.top, sweep.top_choices
        steps[at[0]].update(value=sweep.score(sweep.best_with(talon)[0], bid), best=sweep.score(top, bid),
                            best_action=str(best_choices[0]) if best_choices else str(talon))
        steps[at[0]].update(loss=steps[at[0]]["best"] - steps[at[0]]["value"], unsolved=sweep.unsolved)
    if not gifts_at:
        return
    last = steps[gifts_at[-1]]
    last["gifts"] = [steps[i]["action"] for i in gifts_at]
    if not sweep.chosen_solved:
        return
    top, best_choices = sweep.best_with(talon)
    value, best = sweep.score(sweep.chosen_top, bid), sweep.score(top, bid)
    if best_choices is None or best <= value:
        best, best_choices = value, choices
    last.update(value=value, best=best, loss=best - value, unsolved=sweep.unsolved,
                best_action=".".join(str(a) for a in best_choices if a.kind == "give"))


def review_steps(start: Game, moves: list[Action], seat: int,
                 budget: int = DEFAULT_BUDGET) -> Iterator[tuple[int, int, dict | None]]:
    """Review the deal from ``start`` through ``moves`` for ``seat``, one
    decision at a time: yields ``(done, total, None)`` as it goes and finally
    ``(total, total, review)`` (see :func:`review_deal`)."""
    game = start.copy()
    steps, states = [], []
    for action in moves:
        steps.append({"seat": game.to_move, "action": str(action), "kind": action.kind, "value": action.value,
                      "open": _open(game)})
        states.append(game.copy())
        game.apply(action)
    last = game.last_deal
    decisions = ("play", "meld", "contract", "fall", "write_off")
    mine = [i for i, st in enumerate(steps) if st["seat"] == seat and st["kind"] in decisions]
    chosen_at = [i for i, st in enumerate(steps) if st["seat"] == seat and st["kind"] in ("talon", "give")]
    bids = [i for i, st in enumerate(steps) if st["seat"] == seat and _bid_decision(states[i])]
    floor = None
    if bids:  # the lowest bid this seat could have won the deal at
        first = states[bids[0]]
        floor = _won_at(first, next(a for a in first.legal_actions() if a.kind == "bid"))
    if floor is None and chosen_at:
        floor = states[chosen_at[0]]
    sweep = _Sweep(floor, [moves[i] for i in chosen_at] or None, budget) if floor is not None else None
    total = len(mine) + 1 + (len(sweep.options) if sweep else 0)
    yield 0, total, None
    done = 0
    if sweep is not None:
        for _ in sweep.run():
            done += 1
            yield done, total, None
        _value_choices(steps, [states[i] for i in chosen_at], chosen_at, sweep)
        if sweep.solved_with:  # some way was solved: its bids have a value (the best among those solved)
            for i in bids:
                _value_bid(steps[i], states[i], moves[i], sweep)
    play_at = next((i for i, st in enumerate(steps) if st["kind"] in ("play", "meld")), None)
    cards = [i for i in mine if steps[i]["kind"] in ("play", "meld")]
    par = solver = None
    if play_at is not None:
        solver = _solver(states[play_at], budget)
        melds = solver.melds_count
        final = last["trick_points"][last["declarer"]] + last["meld_points"][last["declarer"]] * melds
        # Last trick first: each solve leaves positions in the solver's table that
        # the searches from earlier (bigger) positions then find ready.
        for i in reversed(cards):
            state = states[i]
            # What the declarer still took after this position: the likeliest value.
            guess = final - state.trick_points[state.declarer] - state.meld_points[state.declarer] * melds
            _value_card(steps[i], state, moves[i], solver, budget, guess)
            done += 1
            yield done, total, None
        solver.nodes = 0
        solver.budget = budget * PAR_FACTOR
        par = _par(states[play_at], solver, final)
    else:  # a fall or a write-off: the par of playing the cards as they lay at the contract
        at = next((i for i, st in enumerate(steps) if st["kind"] in ("fall", "write_off")), None)
        if at is not None:
            par = _par(states[at], _solver(states[at], budget * PAR_FACTOR), states[at].bid)
    for i in mine:
        if i in cards:
            continue
        step, state, action = steps[i], states[i], moves[i]
        if par is not None:
            scores = {str(a): _contract_score(a, par, state.bid) for a in state.legal_actions()}
            best = max(scores, key=scores.get)
            step.update(value=scores[str(action)], best=scores[best], best_action=best,
                        loss=scores[best] - scores[str(action)])
        done += 1
        yield done, total, None
    declarer = last["declarer"]
    result = None
    if solver is not None:
        result = last["trick_points"][declarer] + last["meld_points"][declarer] * solver.melds_count
    yield total, total, {"seat": seat, "declarer": declarer, "contract": last["contract"], "kind": last["kind"],
                         "par": par, "result": result, "steps": steps}


def _value_card(step: dict, state: Game, action: Action, solver: Solver, budget: int, guess: int) -> None:
    """Put the solver's value of a card play into ``step`` (nothing if the budget runs out)."""
    solver.nodes = 0
    solver.budget = budget
    pos = _Position(state, solver)
    maximizing = state.to_move == state.declarer
    try:
        chosen = pos.after(action, guess)
        best = pos.value(chosen)
        # The solver always declares a led marriage half; leading it plain may be better still.
        best = max(best, chosen) if maximizing else min(best, chosen)
        best_action = str(action)
        if best != chosen:
            best_action = next(str(a) for a in state.legal_actions()
                               if a.kind in ("play", "meld") and
                               solver.after(pos.hands, pos.leader, pos.trump, pos.trick, a.card, a.kind == "meld",
                                            best if maximizing else best + 1) == maximizing)
    except OutOfBudget:
        return
    step.update(value=chosen, best=best, best_action=best_action, loss=abs(best - chosen))


def review_deal(start: Game, moves: list[Action], seat: int, budget: int = DEFAULT_BUDGET) -> dict:
    """The whole review at once: ``{"seat", "declarer", "contract", "kind", "par",
    "result", "steps"}``. Each step is ``{"seat", "action", "kind", "open"}``
    (``open``: every hand, the talon and the trick before the move); a valued
    decision of ``seat`` adds ``value``, ``best``, ``best_action`` and ``loss``.
    The last gift of a declaring ``seat`` stands for all its gifts: it carries
    ``gifts`` (their notation), and when valued ``best_action`` is the best
    gifts joined by ``.``. Valued gifts, talons and bids carry ``unsolved``,
    the ways of taking the talon and giving left out because their solve ran
    past the budget."""
    out = None
    for _, _, out in review_steps(start, moves, seat, budget):
        pass
    return out
