"""The batch tool's HTML reports: self-contained, escaped, complete, and rendered by a real browser."""

from __future__ import annotations

import html
import os
import re
import shutil
import struct
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from maubinh_api.batch.economics import Economics
from maubinh_api.batch.reports import grade_report, simulate_report
from tests.support.servers import headless_chromium

ROOT = Path(__file__).resolve().parents[2]
VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder", "foul")
LEVELS = {
    "beginner": {"mean": 1.9, "sd": 2.6},
    "casual": {"mean": 0.72, "sd": 1.3},
    "club": {"mean": 0.28, "sd": 0.6},
    "expert": {"mean": 0.063, "sd": 0.21},
    "best": {"mean": 0.0, "sd": 0.0},
}
# Awkward ids on purpose: HTML to escape, mathtext that matplotlib must not parse, Vietnamese.
ODD_IDS = ['<b>&"x', "$\\frac{a}$", "Nguyễn Văn Ánh", "bot'o"]
FLAGGED_IDS = {'<b>&"x', "p007", "p013"}


def make_players(count: int, rng: np.random.Generator) -> pd.DataFrame:
    ids = [*ODD_IDS, *(f"p{index:03d}" for index in range(len(ODD_IDS), count))][:count]
    hands = rng.integers(40, 900, size=count)
    mean = rng.gamma(2.0, 0.12, size=count)
    strong = np.array([player_id in FLAGGED_IDS for player_id in ids])
    hands[strong] = rng.integers(700, 900, size=int(strong.sum()))  # enough hands to be sure of it
    mean[strong] = rng.uniform(0.0, 0.02, size=int(strong.sum()))
    half = 1.96 * 0.4 / np.sqrt(hands)
    shares = rng.dirichlet([40, 20, 8, 4, 2, 1], size=count)
    verdicts = {verdict: np.floor(shares[:, index] * hands).astype(int) for index, verdict in enumerate(VERDICTS)}
    z = (mean - 0.063) / (0.21 / np.sqrt(hands))
    return pd.DataFrame(
        {
            "player_id": ids,
            "hands": hands,
            "mean_ev_loss": mean,
            "ci_low": np.maximum(mean - half, 0),
            "ci_high": mean + half,
            "fouls": verdicts["foul"],
            "foul_rate": verdicts["foul"] / hands,
            "naturals_held": rng.integers(0, 5, size=count),
            "naturals_missed": rng.integers(0, 2, size=count),
            **verdicts,
            "plays_like": np.where(mean < 0.1, "expert", np.where(mean < 0.4, "club", "casual")),
            "z_vs_expert": z,
            "p_value": np.exp(-np.abs(z)),
            "too_strong": strong,
        }
    )


def make_hands(players: pd.DataFrame, count: int, rng: np.random.Generator) -> pd.DataFrame:
    owner = rng.integers(0, len(players), size=count)
    loss = np.where(rng.random(count) < 0.45, 0.0, rng.exponential(0.25, size=count))
    big = rng.random(count) < 0.01
    loss[big] += rng.uniform(1, 12, size=int(big.sum()))
    verdict = np.select([loss == 0, loss < 0.1, loss < 0.3, loss < 0.8, loss < 2], VERDICTS[:5], "foul")
    ev = rng.normal(0, 1.5, size=count)
    return pd.DataFrame(
        {
            "deal_id": [f"d{index // 4}" for index in range(count)],
            "player_id": players["player_id"].to_numpy()[owner],
            "row": np.arange(count) + 2,
            "variant": "classic",
            "fingerprint": "ab12cd34",
            "opponents": 3,
            "ev": ev - loss,
            "best_ev": ev,
            "ev_loss": loss,
            "verdict": verdict,
            "fouled": verdict == "foul",
            "natural": None,
            "natural_missed": False,
            "rank": np.where(loss == 0, 1.0, np.nan),
            "distinct": 60,
        }
    )


def make_summary(players: pd.DataFrame, errors: int) -> dict[str, object]:
    problems = [
        {"row": 100_000 + index, "field": "cards" if index % 2 else "player_id", "detail": f"bad <card> #{index}"}
        for index in range(errors)
    ]
    return {
        "input": "histories/<club>.jsonl",
        "rows_read": int(players["hands"].sum()) + errors,
        "rows_graded": int(players["hands"].sum()),  # the hands table is a sample of these
        "rows_skipped": errors,
        "errors": problems,
        "players": len(players),
        "flag_rule": "z = (mean loss − 0.063) / (0.21 / √hands) against the expert level; flagged when z < −3.72 "
        "(p < 0.0001)",
        "levels": LEVELS,
        "elapsed_s": 12.34,
        "scheduler": "local (2 processes)",
    }


def graded(players: int = 30, hands: int = 3000, errors: int = 7) -> tuple[pd.DataFrame, pd.DataFrame, dict]:
    rng = np.random.default_rng(0)
    table = make_players(players, rng)
    return make_hands(table, hands, rng), table, make_summary(table, errors)


def economics(variant: str, scale: float, rng: np.random.Generator) -> dict[str, object]:
    edges = np.arange(-40.5, 41.5, 1.0)
    centres = (edges[:-1] + edges[1:]) / 2
    counts = np.round(8000 * np.exp(-np.abs(centres) / (5 * scale)) / (10 * scale)).astype(int)
    naturals = ["dragon_flush", "dragon", "five_pairs_trips", "six_pairs", "three_flushes", "three_straights"]
    if variant == "extended":
        naturals += ["three_straight_flushes", "thirteen_one_colour", "twelve_one_colour", "four_trips", "three_quads"]
    rates = {
        key: float(rng.uniform(0, 3) if "three" in key or "pairs" in key else rng.uniform(0, 0.05)) for key in naturals
    }
    return {
        "variant": variant,
        "fingerprint": f"{variant[:2]}12" + "0" * 60,
        "deals": 2000,
        "seats": 4,
        "levels": ["club", "club", "expert", "best"],
        "hands": 8000,
        "points": {
            "mean": 0.0,
            "sd": 7.9 * scale,
            "percentiles": {"p1": -24, "p5": -15, "p25": -5, "p50": 0, "p75": 5, "p95": 15, "p99": 24},
            "histogram": {"edges": edges.tolist(), "counts": counts.tolist()},
        },
        "points_by_level": {
            "club": {"mean": -0.4, "sd": 8.0, "hands": 4000},
            "expert": {"mean": 0.1, "sd": 7.8, "hands": 2000},
            "best": {"mean": 0.7, "sd": 7.7, "hands": 2000},
        },
        "naturals": {key: {"count": round(rate * 8), "per_1000_hands": rate} for key, rate in rates.items()},
        "scoops": {"count": 1234, "per_1000_pairs": 51.4 * scale},
        "sap_lang": {"count": 12, "per_1000_deals": 6.0 * scale},
        "fouls_by_level": {
            "club": {"hands": 4000, "fouls": 3, "rate": 0.00075},
            "expert": {"hands": 2000, "fouls": 1, "rate": 0.0005},
            "best": {"hands": 2000, "fouls": 0, "rate": 0.0},
        },
        "house_take": {
            "rake": 12.5,
            "draw_fee": 3.0,
            "total": 15.5,
            "per_1000_deals_per_unit_bet": 7.75 * scale,
            "bet": "1",
        },
    }


def compared() -> list[dict[str, object]]:
    rng = np.random.default_rng(0)
    return [economics("classic", 1.0, rng), economics("extended", 1.25, rng)]


def section(page: str, anchor: str) -> str:
    match = re.search(rf'<section id="{anchor}">(.*?)</section>', page, flags=re.DOTALL)
    assert match, anchor
    return match[1]


def assert_self_contained(page: str) -> None:
    assert page.startswith("<!DOCTYPE html>") and '<html lang="en">' in page
    assert re.search(r"<title>[^<]+</title>", page)
    assert not re.search(r"""(src|href)\s*=\s*["']?\s*(https?:)?//""", page, flags=re.IGNORECASE)
    assert "<script" not in page.lower() and "<link" not in page.lower() and "@import" not in page
    assert "http://" not in page and "https://" not in page


def assert_plots(page: str, count: int) -> None:
    figures = re.findall(r"<figure>(.*?)</figure>", page, flags=re.DOTALL)
    assert len(figures) == count
    for figure in figures:
        assert figure.startswith('<svg role="img" aria-label="') and "</svg>" in figure and "<figcaption>" in figure
    # Every id is unique across the inline SVGs, so no plot borrows another's clip path or glyph.
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == len(set(ids))


# --- grade ------------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def grade_inputs() -> tuple[pd.DataFrame, pd.DataFrame, dict]:
    return graded()


@pytest.fixture(scope="module")
def grade_page(grade_inputs) -> str:
    return grade_report(*grade_inputs)


def test_the_grade_report_is_self_contained_with_three_inline_plots(grade_page):
    # All 30 players are plotted, "$\frac{a}$" among them: a tick label that mathtext would refuse.
    assert_self_contained(grade_page)
    assert_plots(grade_page, 3)
    assert "Fouls (binh lủng)" in grade_page and "Naturals held (thắng trắng)" in grade_page


def test_every_player_id_is_escaped(grade_inputs, grade_page):
    _hands, players, _summary = grade_inputs
    for player_id in players["player_id"]:
        assert html.escape(player_id) in grade_page, player_id
    assert '<b>&"x' not in grade_page and "&lt;b&gt;&amp;&quot;x" in grade_page
    assert "<club>" not in grade_page and "histories/&lt;club&gt;.jsonl" in grade_page


def test_flagged_players_are_listed_first_and_only_they(grade_inputs, grade_page):
    _hands, players, _summary = grade_inputs
    flagged = section(grade_page, "flagged")
    for player_id in players["player_id"]:
        assert (html.escape(player_id) in flagged) == (player_id in FLAGGED_IDS), player_id
    assert grade_page.index('id="flagged"') < grade_page.index('id="players"')
    everyone = section(grade_page, "players")
    assert everyone.count('class="flagged"') == len(FLAGGED_IDS) == everyone.count("⚑</span>")


def test_the_counts_the_rule_and_the_sample_are_shown(grade_inputs, grade_page):
    hands, players, summary = grade_inputs
    counts = dict(re.findall(r"<dt>([^<]+)</dt><dd>([^<]+)</dd>", grade_page))
    assert counts["Rows read"] == f"{summary['rows_read']:,}"
    assert counts["Hands graded"] == f"{summary['rows_graded']:,}"
    assert counts["Rows skipped"] == "7" and counts["Flagged as too strong"] == "3"
    assert counts["Players"] == f"{len(players)}" and counts["Fouls (binh lủng)"] == f"{players['fouls'].sum():,}"
    rule = section(grade_page, "flag-rule")
    assert "flagged when z &lt; −3.72" in rule and "0.063" in rule
    assert f"a sample of {len(hands):,} of the {summary['rows_graded']:,} graded hands" in grade_page


def test_the_skipped_rows_show_their_numbers_and_at_most_fifty(grade_inputs):
    hands, players, _summary = grade_inputs
    page = grade_report(hands, players, make_summary(players, errors=63))
    skipped = section(page, "skipped")
    rows = [int(number.replace(",", "")) for number in re.findall(r'<tr><td class="num">([\d,]+)</td>', skipped)]
    assert rows == [100_000 + index for index in range(50)]
    assert "bad &lt;card&gt; #49" in skipped and "#50" not in skipped
    assert "13 more skipped rows" in skipped


def test_a_long_player_table_is_capped():
    hands, players, summary = graded(players=520, hands=2000)
    page = grade_report(hands, players, summary)
    assert section(page, "players").count("<tr") == 501  # the header and 500 players
    assert "first 500 of 520 players" in page
    assert "the 40 of 520 players with most hands" in page


def test_the_grade_report_is_deterministic_and_survives_empty_input(grade_inputs, grade_page):
    assert grade_report(*grade_inputs) == grade_page
    hands, players, summary = grade_inputs
    page = grade_report(hands.head(0), players.head(0), {**summary, "errors": [], "rows_skipped": 0})
    assert_self_contained(page)
    assert "No player is flagged" in page and "No graded hand to plot." in page and "No row was skipped." in page


# --- simulate ---------------------------------------------------------------------------------------------------


def test_a_single_variant_report_has_its_tables_and_plots():
    page = simulate_report([Economics.of(item) for item in compared()[:1]])
    assert_self_contained(page)
    assert_plots(page, 3)
    assert "Variant against variant" not in page
    assert "Dragon (2 to A) — Sảnh rồng" in page and "Scoops (sập hầm)" in page and "Sập làng" in page
    assert "Fouls (binh lủng)" in page and "Naturals (thắng trắng)" in page
    assert "51.40 per 1,000 pairs" in section(page, "variant-0")


@pytest.fixture(scope="module")
def compare_page() -> str:
    return simulate_report([Economics.of(item) for item in compared()])


def test_the_compare_report_has_the_difference_table(compare_page):
    page = compare_page
    assert_self_contained(page)
    assert_plots(page, 3)
    overview = section(page, "overview")
    assert "Variant against variant (B − A)" in overview
    rows = {
        cells[0]: cells[1:]
        for cells in (
            re.findall(r"<td[^>]*>(.*?)</td>", row)
            for row in overview.split("Variant against variant")[-1].split("<tr>")
        )
        if cells
    }
    assert rows["Points per player per deal: SD"][:3] == ["7.900", "9.875", '<span class="pos">+1.975</span>']
    assert rows["Scoops (sập hầm) per 1,000 pairs"][2] == '<span class="pos">+12.85</span>'
    assert rows["House take per 1,000 deals per unit bet"][3] == "+25.0%"
    assert "Naturals (thắng trắng) per 1,000 hands" in rows and "Sập làng per 1,000 deals" in rows
    assert rows["Deals"] == ["2,000", "2,000", "", ""]
    # Unit bins of two variants overlaid cross everywhere; the comparison merges them.
    assert "Bins are merged to 2 points each for the comparison." in page
    assert "A: classic" in page and "B: extended" in page


def test_variant_names_are_escaped_and_the_count_is_checked():
    [item] = compared()[:1]
    page = simulate_report([Economics.of({**item, "variant": "<i>house</i>", "naturals": {}})])
    assert "<i>house</i>" not in page and "&lt;i&gt;house&lt;/i&gt;" in page
    assert "has no naturals" in page
    with pytest.raises(ValueError, match="one or two"):
        simulate_report([])


# --- in a browser -----------------------------------------------------------------------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="headless Chromium is not installed (apt install chromium)"
)


@pytest.fixture(scope="module")
def pages(tmp_path_factory, grade_page, compare_page) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("reports")
    written = {"grade": folder / "grade.html", "simulate": folder / "simulate.html"}
    written["grade"].write_text(grade_page, encoding="utf-8")
    written["simulate"].write_text(compare_page, encoding="utf-8")
    return written


def chromium(tmp_path: Path, *arguments: str) -> str:
    assert CHROMIUM is not None
    return headless_chromium(CHROMIUM, tmp_path / "profile", *arguments)


@needs_chromium
@pytest.mark.parametrize(("name", "title"), [("grade", "hand grading report"), ("simulate", "rule economics")])
def test_the_report_loads_in_a_browser(pages, tmp_path, name, title):
    dom = chromium(tmp_path, "--dump-dom", pages[name].as_uri())
    assert re.search(rf"<title>[^<]*{title}[^<]*</title>", dom, flags=re.IGNORECASE)
    assert dom.count("<svg") == 3


@needs_chromium
@pytest.mark.parametrize("name", ["grade", "simulate"])
def test_a_screenshot_of_the_report(pages, tmp_path, name):
    picture = tmp_path / f"report-{name}.png"
    chromium(tmp_path, "--window-size=1280,2400", f"--screenshot={picture}", pages[name].as_uri())
    header = picture.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", header[16:24]) == (1280, 2400)
    assert picture.stat().st_size > 50_000  # a blank page compresses to a few kB
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        shutil.copyfile(picture, ROOT / "docs" / f"report-{name}.png")
