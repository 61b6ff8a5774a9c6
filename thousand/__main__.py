"""A terminal game of Thousand: you in seat 0 against bots.

    python -m thousand [--players 3] [--seed N] [--level medium] [--rules std]

Type a move's number or its notation (``Ah``, ``mKh``, ``b110``, ``p`` ...),
``s`` for the score sheet, ``l`` for the last trick, ``r`` for the game record,
``q`` to quit. The game's record is printed at the end so it can be replayed.
"""

from __future__ import annotations

import argparse
import secrets
import sys

from . import Action, Game, IllegalActionError, NotationError
from .rules import PRESETS, resolve
from .bots import BOT_LEVELS, decide, make_bot
from .cards import card_label, parse_card

HUMAN = 0


def name(seat: int) -> str:
    return "You" if seat == HUMAN else f"Bot {seat}"


def cards(notations: list[str]) -> str:
    return " ".join(card_label(parse_card(c)) for c in notations) or "-"


def print_sheet(view: dict) -> None:
    n = view["players"]
    print("  deal  " + "".join(f" {name(s):>13}" for s in range(n)))
    for row in view["sheet"]["rows"]:
        cells = []
        for e in row["entries"]:
            if e["mark"]:
                text = e["mark"]
            elif e["dash"]:
                text = "—"
            elif e["points"] is None:
                text = ""
            else:
                text = f"{e['points']:+d}"
            if e["penalty"]:
                text += f" {e['penalty']}"
            cells.append(f"{text} {e['total']}{'B' if e['barrel'] else ''}")
        label = {"redeal": "redeal", "fall": "fall", "write_off": "w/o"}.get(row["kind"], "")
        print(f"  {row['deal'] + 1:>4}  " + "".join(f" {c:>13}" for c in cells) + f"  {label}")
    print("  total " + "".join(f" {t:>13}" for t in view["sheet"]["totals"]))


def print_table(view: dict) -> None:
    print()
    parts = [f"Deal {view['deal']}", f"dealer {name(view['dealer'])}"]
    if view["sitter"] is not None:
        parts.append(f"{name(view['sitter'])} sits on the talon")
    if view["declarer"] is not None:
        blind = " blind" if view["blind"] else ""
        parts.append(f"declarer {name(view['declarer'])} for {view['contract'] or view['bid']}{blind}")
    if view["golden"]:
        parts.append("golden round: scores count double")
    if view["trump"]:
        parts.append("trump " + "♠♣♦♥"["scdh".index(view["trump"])])
    print(" | ".join(parts))
    for talon in view["talons"]:
        if talon["cards"]:
            print(f"  talon: {cards(talon['cards'])}")
    if view["given_to_you"]:
        print(f"  given to you: {cards(view['given_to_you'])}")
    if view["trick"]:
        print("  trick: " + ", ".join(f"{name(t['seat'])} {cards([t['card']])}" for t in view["trick"]))
    print(f"  your hand: {'not looked at yet' if view['hand_hidden'] else cards(view['hand'])}")


def ask(game: Game, view: dict) -> Action | None:
    legal = game.legal_actions()
    print(f"  {view['prompt']['text']}")
    for i, action in enumerate(legal, 1):
        print(f"    {i:>2}. {action.label()}  [{action}]")
    while True:
        try:
            text = input("  your move> ").strip()
        except EOFError:
            return None
        if text == "q":
            return None
        if text == "s":
            print_sheet(view)
            continue
        if text == "l":
            last = view["last_trick"]
            print("  last trick: " + (", ".join(f"{name(c['seat'])} {cards([c['card']])}" for c in last["cards"])
                                      + f" -> {name(last['winner'])}" if last else "none yet"))
            continue
        if text == "r":
            print(f"  {game.record()}")
            continue
        if text.isdigit() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        try:
            action = Action.parse(text)
        except NotationError as err:
            print(f"  {err}")
            continue
        if action in legal:
            return action
        print(f"  {action} is not legal now")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Play Thousand in the terminal against bots.")
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=None, help="deal seed (random if omitted)")
    parser.add_argument("--level", default="medium", choices=BOT_LEVELS)
    parser.add_argument("--rules", default="std",
                        help=f"a preset ({', '.join(PRESETS)}) or a rules code such as std, sb-mt, b880-bd3 (RULES.md)")
    args = parser.parse_args(argv)
    try:
        rules = resolve(args.rules)
    except NotationError as err:
        parser.error(str(err))
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    game = Game(args.players, seed, rules)
    bots = {seat: make_bot(args.level) for seat in range(args.players) if seat != HUMAN}
    print(f"Thousand, {args.players} players, seed {seed}, rules {rules.code()}, {args.level} bots. You are seat 0.")
    rows = 0
    while not game.is_over:
        seat = game.to_move
        if seat == HUMAN:
            view = game.view(HUMAN)
            print_table(view)
            action = ask(game, view)
            if action is None:
                print(f"\nGame record: {game.record()}")
                return 0
        else:
            action = decide(bots[seat], game)
            print(f"  {name(seat)}: {action.label()}")
        try:
            game.apply(action)
        except IllegalActionError as err:  # cannot happen with legal menus, but never crash
            print(f"  {err}")
            continue
        if len(game.sheet.rows) > rows:
            rows = len(game.sheet.rows)
            print()
            print_sheet(game.view(HUMAN))
    print(f"\n{name(game.winner)} won the game. Record: {game.record()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
