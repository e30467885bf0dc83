"""``batch room``: the history it writes reads back with its tables, and its answer key names the
planted players; bad counts are one line naming the option."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from maubinh_api.batch.cli import main


def test_a_room_with_a_dumper_and_a_bot_writes_its_history_and_who_is_who(tmp_path):
    out = tmp_path / "room"
    argv = ["room", "--hands", "120", "--dumpers", "1", "--bots", "1", "--out", str(out), "--workers", "1"]
    assert main([*argv, "--no-progress", "--history-format", "jsonl"]) == 0
    key = {player["player_id"]: player for player in json.loads((out / "players.json").read_text(encoding="utf-8"))}
    assert key["d01"]["role"] == "dumper" and key["d01"]["partner"] == "p000" and key["b01"]["role"] == "bot"
    assert len(key) == 12  # 10 honest players by default, and the two planted
    rows = pd.concat(pd.read_json(part, lines=True) for part in sorted((out / "history").glob("*.jsonl")))
    assert rows["deal_id"].nunique() == 120 and set(rows["table_id"]) == {"t1", "t2", "t3", "t4"}
    assert rows.groupby("deal_id")["seats"].first().isin([2, 4]).all()  # 2: the dumper heads-up with its partner


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--hands", "0"], "--hands must be at least 1"),
        (["--dumpers", "11"], "--dumpers at most --players"),
        (["--together", "1.5"], "--together must be between 0 and 1"),
        (["--dumpers", "3", "--together", "0.5"], "--sharers and --seekers times --together must be at most 1"),
        (["--dumpers", "1", "--sharers", "1", "--together", "0.6"], "--seekers times --together must be at most 1"),
        (["--seekers", "1", "--seats", "2"], "--seekers need --seats 3 or 4"),
        (["--sharers", "1", "--seats", "2"], "--sharers need --seats 3 or 4"),
        (["--sharers", "-1"], "--bots, --sharers, --seekers, --peekers and --steady must be 0 or more"),
        (["--peekers", "-2"], "--bots, --sharers, --seekers, --peekers and --steady must be 0 or more"),
        (["--steady", "-1"], "--bots, --sharers, --seekers, --peekers and --steady must be 0 or more"),
        (["--variant", "poker"], "--variant: unknown preset 'poker'"),
    ],
)
def test_bad_room_arguments_are_one_line_naming_the_option(tmp_path, capsys, argv, words):
    assert main(["room", *argv, "--out", str(tmp_path / "room")]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert words in line
