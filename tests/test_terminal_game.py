"""The terminal game: the menu, the commands, who plays which seat, and what is printed."""

from __future__ import annotations

import builtins

from thousand import Action, Game
import thousand.__main__ as terminal


def answers(monkeypatch, *texts):
    it = iter(texts)
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(it))


def test_a_number_picks_that_entry_of_the_menu(monkeypatch, capsys):
    game = Game(3, 5)
    answers(monkeypatch, "2")
    assert terminal.ask(game, game.view(game.to_move)) == game.legal_actions()[1] == Action.parse("b110")
    assert " 2. " in capsys.readouterr().out


def test_an_illegal_move_is_refused_and_asked_again(monkeypatch, capsys):
    game = Game(3, 5)
    answers(monkeypatch, "b120", "q")
    assert terminal.ask(game, game.view(game.to_move)) is None
    assert "b120 is not legal now" in capsys.readouterr().out


def test_the_commands_print_and_ask_again(monkeypatch, capsys):
    game = Game(3, 5)
    answers(monkeypatch, "s", "l", "r", "1")
    assert terminal.ask(game, game.view(game.to_move)) == game.legal_actions()[0]
    out = capsys.readouterr().out
    assert "  deal  " in out and "  total " in out and "last trick: none yet" in out and "T1_3_5_std" in out


def test_end_of_input_quits(monkeypatch):
    calls = []

    def read(prompt=""):
        calls.append(prompt)
        if len(calls) > 1:
            raise RuntimeError("asked again after the end of input")
        raise EOFError

    monkeypatch.setattr(builtins, "input", read)
    game = Game(3, 5)
    assert terminal.ask(game, game.view(game.to_move)) is None


def test_the_bots_of_the_chosen_level_play_every_seat_but_seat_0(monkeypatch, capsys):
    levels, seats, decide = [], [], terminal.decide
    make_bot = terminal.make_bot
    monkeypatch.setattr(terminal, "make_bot", lambda level: levels.append(level) or make_bot(level))
    monkeypatch.setattr(terminal, "decide", lambda bot, game: seats.append(game.to_move) or decide(bot, game))
    answers(monkeypatch, "q")
    assert terminal.main(["--players", "3", "--seed", "0", "--level", "easy"]) == 0
    out = capsys.readouterr().out
    assert levels == ["easy", "easy"] and seats and 0 not in seats
    assert "seed 0," in out and "You are seat 0." in out and "Game record: T1_3_0_std_" in out
    assert f"  Bot {seats[0]}: " in out


def test_the_game_names_its_winner_and_prints_the_sheet_once_per_deal(monkeypatch, capsys):
    games = []

    class Kept(Game):
        def __init__(self, *args):
            super().__init__(*args)
            games.append(self)

    monkeypatch.setattr(terminal, "Game", Kept)
    answers(monkeypatch, *["1"] * 100_000)
    assert terminal.main(["--players", "3", "--seed", "5", "--level", "easy"]) == 0
    out, (game,) = capsys.readouterr().out, games
    winner = "You" if game.winner == 0 else f"Bot {game.winner}"
    assert f"\n{winner} won the game. Record: T1_3_5_std_" in out
    assert 0 < out.count("\n  total ") <= len(game.sheet.rows)


def entry(points, total, **kw):
    return {"mark": "", "dash": False, "points": points, "penalty": 0, "total": total, "barrel": False} | kw


def test_the_sheet_shows_signed_points_penalties_the_barrel_and_the_row_kind(capsys):
    view = {"players": 2, "sheet": {"totals": [760, -120], "rows": [
        {"deal": 0, "kind": "played", "entries": [entry(120, 120), entry(-20, -20)]},
        {"deal": 1, "kind": "fall", "entries": [entry(None, 120, dash=True), entry(-100, -120)]},
        {"deal": 2, "kind": "write_off", "entries": [entry(640, 760, barrel=True), entry(0, -120, penalty=-120)]}]}}
    terminal.print_sheet(view)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["deal", "You", "Bot", "1"]
    assert lines[1].split() == ["1", "+120", "120", "-20", "-20"]
    assert lines[2].split() == ["2", "—", "120", "-100", "-120", "fall"]
    assert lines[3].split() == ["3", "+640", "760B", "+0", "-120", "-120", "w/o"]  # a long cell keeps a space
    assert lines[3].endswith("  w/o")
    assert lines[4].split() == ["total", "760", "-120"]


def test_the_table_shows_the_sitter_the_trump_and_a_hidden_hand(capsys):
    view = {"deal": 3, "dealer": 1, "sitter": 2, "declarer": 1, "contract": 120, "bid": 110, "blind": False,
            "golden": False, "trump": "d", "talons": [{"cards": []}], "given_to_you": [], "trick": [],
            "hand_hidden": True, "hand": ["Ah"]}
    terminal.print_table(view)
    out = capsys.readouterr().out
    assert "Deal 3 | dealer Bot 1 | Bot 2 sits on the talon | declarer Bot 1 for 120 | trump ♦" in out
    assert "your hand: not looked at yet" in out and "talon" not in out.replace("sits on the talon", "")
    terminal.print_table(view | {"sitter": None, "trump": "h", "hand_hidden": False, "hand": []})
    out = capsys.readouterr().out
    assert "sits" not in out and "trump ♥" in out and "your hand: -" in out
