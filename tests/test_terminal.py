"""The terminal game plays a whole game to 1000."""

import builtins

from thousand.__main__ import main


def test_terminal_game_plays_to_the_end(monkeypatch, capsys):
    answers = iter(["s", "l", "zz", "b999"] + ["1"] * 100_000)
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    assert main(["--players", "3", "--seed", "5", "--level", "easy"]) == 0
    out = capsys.readouterr().out
    assert "won the game. Record: T1_3_5_std_" in out
    assert "bad action 'zz'" in out and "b999" in out  # bad input is explained, not fatal


def test_terminal_quit_prints_the_record(monkeypatch, capsys):
    answers = iter(["q"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    assert main(["--players", "2", "--seed", "9"]) == 0
    assert "Game record: T1_2_9_std_" in capsys.readouterr().out
