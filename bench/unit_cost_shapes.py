"""The unit-cost benchmark's shapes (bench/unit_cost.py): each operation with the body, variant,
model or headers that make it dearest, gathered section by section from what the running service
tells (:class:`Context`)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from bench.hostile_tenant import RICH
from bench.unit_cost_requests import (
    PRESETS,
    Client,
    Request,
    arranged,
    drilled,
    flush_table,
    fouls_valued,
    get,
    hand,
    knobs,
    post,
    random_table,
    six_pairs,
)
from maubinh_api.rules.variants import resolve_variant
from maubinh_api.strategy.drills import MAX_DRILLS
from maubinh_api.web.costs import tables_units
from maubinh_api.web.schemas import (
    LEVELS,
    MAX_ANALYSIS_ARRANGEMENTS,
    MAX_BATCH_TABLES,
    MAX_CLASSIFY_HANDS,
    MAX_OPTIMAL_HANDS,
    MAX_VALIDATE_ARRANGEMENTS,
)


@dataclass(frozen=True)
class Shape:
    section: str
    name: str
    make: Callable[[random.Random], Request]
    #: What to do before its warm-up (with the meter's two connections).
    prepare: Callable[[list[Client]], None] | None = None


@dataclass(frozen=True)
class Context:
    """What the shapes need from the running service."""

    default: str
    oldest_model: str
    themes: dict[str, list[str]]  # preset -> the themes it deals at a table of four
    post_headers: dict[str, str]  # the largest headers the front admits on a POST
    get_headers: dict[str, str]  # and on a GET
    fingerprints: list[str]  # variants with every knob overridden, each used once by the meter


class Shapes:
    """The shapes measured, gathered section by section (each a method: :meth:`all` calls them in turn)."""

    OPTIMAL = "/v1/arrangements/optimal"
    ANALYSIS = "/v1/arrangements/analysis"

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.found: list[Shape] = []

    def add(
        self,
        section: str,
        name: str,
        make: Callable[[random.Random], Request],
        prepare: Callable[[list[Client]], None] | None = None,
    ) -> None:
        self.found.append(Shape(section, name, make, prepare))

    def remembered(self, clients: list[Client]) -> None:
        self.ctx.fingerprints[:] = remember_variants(clients)

    def all(self) -> list[Shape]:
        for section in (
            self.settlements,
            self.drills,
            self.analysiss,
            self.plays,
            self.light_batchs,
            self.every_knobs,
            self.pinneds,
            self.headers,
            self.gets,
            self.refusals,
            self.header_refusals,
        ):
            section()
        return self.found

    def settlements(self) -> None:
        add = self.add
        section = "settlements"
        add(
            section,
            "settle: 4 seats of equal straight flushes, extended + foul_on_equal",
            lambda rng: post("/v1/settlements", flush_table(rng), 1),
        )
        add(
            section,
            f"settle batch: {MAX_BATCH_TABLES} of those tables",
            lambda rng: post(
                "/v1/settlements/batch",
                {"tables": [flush_table(rng) for _ in range(MAX_BATCH_TABLES)]},
                MAX_BATCH_TABLES,
            ),
        )
        add(
            section,
            "settle, foul_cost: those 4 fouled seats (each one's best play valued but a natural's)",
            lambda rng: post("/v1/settlements", flush_table(rng) | {"foul_cost": True}, fouls_valued),
        )
        add(
            section,
            f"settle batch, foul_cost: {MAX_BATCH_TABLES} tables of 4 fouled seats",
            lambda rng: post(
                "/v1/settlements/batch",
                {"tables": [flush_table(rng) | {"foul_cost": True} for _ in range(MAX_BATCH_TABLES)]},
                fouls_valued,
            ),
        )
        add(
            section,
            "settle, foul_cost: a random table (a unit per foul it holds)",
            lambda rng: post("/v1/settlements", random_table(rng) | {"foul_cost": True}, fouls_valued),
        )
        add(
            section, "settle: a random table, default preset", lambda rng: post("/v1/settlements", random_table(rng), 1)
        )
        add(
            section,
            f"settle batch: {MAX_BATCH_TABLES} random tables, default preset",
            lambda rng: post(
                "/v1/settlements/batch",
                {"tables": [random_table(rng) for _ in range(MAX_BATCH_TABLES)]},
                MAX_BATCH_TABLES,
            ),
        )

    def drills(self) -> None:
        ctx, add = self.ctx, self.add
        section = f"drills ({MAX_DRILLS} a request, no seed: a unit per hand valued)"
        for preset in PRESETS:
            for theme in ctx.themes[preset]:
                add(
                    section,
                    f"drills: {theme}, {preset}",
                    lambda _rng, theme=theme, preset=preset: post(
                        "/v1/drills",
                        {"theme": theme, "count": MAX_DRILLS, "variant": preset},
                        drilled(theme, MAX_DRILLS),
                    ),
                )
        add(
            section,
            "drills: natural_call, naturals all 500 (finds none: 422)",
            lambda _rng: post(
                "/v1/drills",
                {"theme": "natural_call", "count": MAX_DRILLS, "variant": RICH},
                drilled("natural_call", MAX_DRILLS),
            ),
        )

    def analysiss(self) -> None:
        add, analysis = self.add, self.ANALYSIS
        section = "analysis"
        for opponents in (1, 2, 3):
            add(
                section,
                f"analysis: a random deal, opponents {opponents}",
                lambda rng, opponents=opponents: post(
                    analysis, {"arrangement": arranged(hand(rng)), "opponents": opponents}, 1
                ),
            )
        for declare in (False, True):
            add(
                section,
                f"analysis: six pairs, declare_natural {str(declare).lower()}",
                lambda rng, declare=declare: post(
                    analysis, {"arrangement": six_pairs(rng), "declare_natural": declare}, 1
                ),
            )
        for opponents in (1, 2, 3):
            add(
                section,
                f"analysis batch: {MAX_ANALYSIS_ARRANGEMENTS} random deals, opponents {opponents}",
                lambda rng, opponents=opponents: post(
                    f"{analysis}/batch",
                    {
                        "arrangements": [
                            {"arrangement": arranged(hand(rng))} for _ in range(MAX_ANALYSIS_ARRANGEMENTS)
                        ],
                        "opponents": opponents,
                    },
                    MAX_ANALYSIS_ARRANGEMENTS,
                ),
            )
        add(
            section,
            f"analysis batch: {MAX_ANALYSIS_ARRANGEMENTS} six pairs, declare_natural false",
            lambda rng: post(
                f"{analysis}/batch",
                {
                    "arrangements": [{"arrangement": six_pairs(rng)} for _ in range(MAX_ANALYSIS_ARRANGEMENTS)],
                    "declare_natural": False,
                },
                MAX_ANALYSIS_ARRANGEMENTS,
            ),
        )
        add(
            section,
            f"analysis batch: {MAX_ANALYSIS_ARRANGEMENTS} random deals, online",
            lambda rng: post(
                f"{analysis}/batch",
                {
                    "arrangements": [{"arrangement": arranged(hand(rng))} for _ in range(MAX_ANALYSIS_ARRANGEMENTS)],
                    "variant": "online",
                },
                MAX_ANALYSIS_ARRANGEMENTS,
            ),
        )

    def plays(self) -> None:
        add = self.add
        section = "play"
        for level in LEVELS:
            add(
                section,
                f"play: {level}",
                lambda rng, level=level: post("/v1/arrangements/play", {"cards": hand(rng), "level": level}, 1),
            )
        add(
            section,
            "play: expert, opponents 1, online",
            lambda rng: post(
                "/v1/arrangements/play", {"cards": hand(rng), "level": "expert", "opponents": 1, "variant": "online"}, 1
            ),
        )

    def light_batchs(self) -> None:
        ctx, add, optimal = self.ctx, self.add, self.OPTIMAL
        section = "optimal, classify, validate"
        for preset in PRESETS:
            if preset != ctx.default:
                add(
                    section,
                    f"optimal: a random hand, {preset}",
                    lambda rng, preset=preset: post(optimal, {"cards": hand(rng), "variant": preset}, 1),
                )
        add(
            section,
            "optimal: online, top 10, strongest, opponents 1",
            lambda rng: post(
                optimal,
                {"cards": hand(rng), "variant": "online", "top": 10, "objective": "strongest", "opponents": 1},
                1,
            ),
        )
        add(
            section,
            f"optimal batch: {MAX_OPTIMAL_HANDS} hands",
            lambda rng: post(
                f"{optimal}/batch", {"hands": [hand(rng) for _ in range(MAX_OPTIMAL_HANDS)]}, MAX_OPTIMAL_HANDS
            ),
        )
        add(
            section,
            f"optimal batch: {MAX_OPTIMAL_HANDS} hands, online, top 10, strongest",
            lambda rng: post(
                f"{optimal}/batch",
                {
                    "hands": [hand(rng) for _ in range(MAX_OPTIMAL_HANDS)],
                    "variant": "online",
                    "top": 10,
                    "objective": "strongest",
                },
                MAX_OPTIMAL_HANDS,
            ),
        )
        add(section, "classify: one chi", lambda rng: post("/v1/hands/classify", {"cards": hand(rng, 5)}, 1))
        add(
            section,
            f"classify batch: {MAX_CLASSIFY_HANDS} chi",
            lambda rng: post(
                "/v1/hands/classify/batch",
                {"hands": [hand(rng, 5) for _ in range(MAX_CLASSIFY_HANDS)]},
                MAX_CLASSIFY_HANDS,
            ),
        )
        add(
            section,
            "validate: one arrangement",
            lambda rng: post("/v1/arrangements/validate", {"arrangement": arranged(hand(rng))}, 1),
        )
        add(
            section,
            f"validate batch: {MAX_VALIDATE_ARRANGEMENTS} arrangements",
            lambda rng: post(
                "/v1/arrangements/validate/batch",
                {"arrangements": [arranged(hand(rng)) for _ in range(MAX_VALIDATE_ARRANGEMENTS)]},
                MAX_VALIDATE_ARRANGEMENTS,
            ),
        )

    def every_knobs(self) -> None:
        add, optimal, analysis = self.add, self.OPTIMAL, self.ANALYSIS
        section = (
            "every knob overridden: the same variant each time / a fresh one each request (+6 units: its own bank rows)"
        )
        for fresh in (False, True):
            extra = tables_units(resolve_variant(knobs(fresh=False))) if fresh else 0  # its rows too: wheel, sap_lang

            def heavy(name: str, make: Callable[[random.Random, dict[str, Any]], Request], fresh: bool = fresh) -> None:
                add(section, f"{name}, every knob, {'fresh' if fresh else 'same'}", lambda rng: make(rng, knobs(fresh)))

            heavy("optimal", lambda rng, v, extra=extra: post(optimal, {"cards": hand(rng), "variant": v}, 1 + extra))
            heavy(
                f"optimal batch {MAX_OPTIMAL_HANDS}",
                lambda rng, v, extra=extra: post(
                    f"{optimal}/batch",
                    {"hands": [hand(rng) for _ in range(MAX_OPTIMAL_HANDS)], "variant": v},
                    MAX_OPTIMAL_HANDS + extra,
                ),
            )
            heavy(
                "analysis",
                lambda rng, v, extra=extra: post(
                    analysis, {"arrangement": arranged(hand(rng)), "variant": v}, 1 + extra
                ),
            )
            heavy(
                f"analysis batch {MAX_ANALYSIS_ARRANGEMENTS}",
                lambda rng, v, extra=extra: post(
                    f"{analysis}/batch",
                    {
                        "arrangements": [
                            {"arrangement": arranged(hand(rng))} for _ in range(MAX_ANALYSIS_ARRANGEMENTS)
                        ],
                        "variant": v,
                    },
                    MAX_ANALYSIS_ARRANGEMENTS + extra,
                ),
            )
            heavy(
                "play expert",
                lambda rng, v, extra=extra: post(
                    "/v1/arrangements/play", {"cards": hand(rng), "level": "expert", "variant": v}, 1 + extra
                ),
            )
            for theme in ("random", "natural_call", "sap_lang"):
                heavy(
                    f"drills {theme} {MAX_DRILLS}",
                    lambda _rng, v, theme=theme, extra=extra: post(
                        "/v1/drills",
                        {"theme": theme, "count": MAX_DRILLS, "variant": v},
                        lambda status, answer: drilled(theme, MAX_DRILLS)(status, answer) + extra,
                    ),
                )
            heavy("settle", lambda rng, v: post("/v1/settlements", random_table(rng, v), 1))
            heavy("classify", lambda rng, v: post("/v1/hands/classify", {"cards": hand(rng, 5), "variant": v}, 1))
            heavy(
                "validate",
                lambda rng, v: post("/v1/arrangements/validate", {"arrangement": arranged(hand(rng)), "variant": v}, 1),
            )
            if fresh:
                add(
                    section,
                    f"settle batch: {MAX_BATCH_TABLES} tables, each its own fresh variant",
                    lambda rng: post(
                        "/v1/settlements/batch",
                        {"tables": [random_table(rng, knobs(True)) for _ in range(MAX_BATCH_TABLES)]},
                        MAX_BATCH_TABLES,
                    ),
                )
            else:
                add(
                    section,
                    f"classify batch {MAX_CLASSIFY_HANDS}, every knob, same",
                    lambda rng: post(
                        "/v1/hands/classify/batch",
                        {"hands": [hand(rng, 5) for _ in range(MAX_CLASSIFY_HANDS)], "variant": knobs(False)},
                        MAX_CLASSIFY_HANDS,
                    ),
                )
                add(
                    section,
                    f"settle batch {MAX_BATCH_TABLES}, every knob, same",
                    lambda rng: post(
                        "/v1/settlements/batch",
                        {"tables": [random_table(rng) for _ in range(MAX_BATCH_TABLES)], "variant": knobs(False)},
                        MAX_BATCH_TABLES,
                    ),
                )

    def pinneds(self) -> None:
        ctx, add, optimal, analysis = self.ctx, self.add, self.OPTIMAL, self.ANALYSIS
        section = f"the oldest model kept, pinned (X-Model-Version: {ctx.oldest_model})"
        pin = {"X-Model-Version": ctx.oldest_model}
        add(section, "optimal, pinned", lambda rng: post(optimal, {"cards": hand(rng)}, 1, **pin))
        add(
            section,
            f"optimal batch {MAX_OPTIMAL_HANDS}, pinned",
            lambda rng: post(
                f"{optimal}/batch", {"hands": [hand(rng) for _ in range(MAX_OPTIMAL_HANDS)]}, MAX_OPTIMAL_HANDS, **pin
            ),
        )
        add(section, "analysis, pinned", lambda rng: post(analysis, {"arrangement": arranged(hand(rng))}, 1, **pin))
        add(
            section,
            f"analysis batch {MAX_ANALYSIS_ARRANGEMENTS}, pinned",
            lambda rng: post(
                f"{analysis}/batch",
                {"arrangements": [{"arrangement": arranged(hand(rng))} for _ in range(MAX_ANALYSIS_ARRANGEMENTS)]},
                MAX_ANALYSIS_ARRANGEMENTS,
                **pin,
            ),
        )
        add(
            section,
            "play expert, pinned",
            lambda rng: post("/v1/arrangements/play", {"cards": hand(rng), "level": "expert"}, 1, **pin),
        )
        for theme in ("random", "natural_call"):
            add(
                section,
                f"drills {theme} {MAX_DRILLS}, online, pinned",
                lambda _rng, theme=theme: post(
                    "/v1/drills",
                    {"theme": theme, "count": MAX_DRILLS, "variant": "online"},
                    drilled(theme, MAX_DRILLS),
                    **pin,
                ),
            )
        add(
            section,
            "settle, 4 equal straight flushes, pinned",
            lambda rng: post("/v1/settlements", flush_table(rng), 1, **pin),
        )

    def headers(self) -> None:
        ctx, add, optimal = self.ctx, self.add, self.OPTIMAL
        section = "the largest headers the front admits"
        big_post, big_get = ctx.post_headers, ctx.get_headers
        add(
            section,
            "classify, largest headers",
            lambda rng: post("/v1/hands/classify", {"cards": hand(rng, 5)}, 1, **big_post),
        )
        add(
            section,
            "validate, largest headers",
            lambda rng: post("/v1/arrangements/validate", {"arrangement": arranged(hand(rng))}, 1, **big_post),
        )
        add(section, "optimal, largest headers", lambda rng: post(optimal, {"cards": hand(rng)}, 1, **big_post))
        add(
            section,
            "settle, random table, largest headers",
            lambda rng: post("/v1/settlements", random_table(rng), 1, **big_post),
        )
        for path in ("/v1/usage", "/v1/variants", "/v1/enumerations"):
            add(section, f"GET {path}, largest headers", lambda _rng, path=path: get(path, **big_get))
        add(
            section,
            "GET /v1/variants/{fingerprint}, largest headers",
            lambda rng: get(f"/v1/variants/{rng.choice(ctx.fingerprints)}", **big_get),
            self.remembered,
        )

    def gets(self) -> None:
        ctx, add = self.ctx, self.add
        section = "light GETs and the rest"
        for path in ("/v1/usage", "/v1/variants", "/v1/enumerations", "/v1/variants/classic"):
            add(section, f"GET {path}", lambda _rng, path=path: get(path))
        add(
            section,
            "GET /v1/variants/{fingerprint} of a variant with every knob",
            lambda rng: get(f"/v1/variants/{rng.choice(ctx.fingerprints)}"),
            self.remembered,
        )
        add(section, "GET /v1/no-such-path (404)", lambda rng: get(f"/v1/no-such-path-{rng.getrandbits(32)}"))

    def refusals(self) -> None:
        add, optimal, analysis = self.add, self.OPTIMAL, self.ANALYSIS
        section = "refusals: the dearest bodies to refuse (422, their reading charged)"
        zeros = {"back": [0] * 5, "middle": [0] * 5, "front": [0] * 3}
        add(
            section,
            f"classify batch: {MAX_CLASSIFY_HANDS} chi of 5 numbers",
            lambda rng: post(
                "/v1/hands/classify/batch", {"hands": [[rng.randrange(10)] * 5 for _ in range(MAX_CLASSIFY_HANDS)]}, 0
            ),
        )
        add(
            section,
            f"classify batch: {MAX_CLASSIFY_HANDS} numbers",
            lambda rng: post(
                "/v1/hands/classify/batch", {"hands": [rng.randrange(10) for _ in range(MAX_CLASSIFY_HANDS)]}, 0
            ),
        )
        add(
            section,
            f"validate batch: {MAX_VALIDATE_ARRANGEMENTS} arrangements of numbers",
            lambda rng: post(
                "/v1/arrangements/validate/batch",
                {"arrangements": [zeros] * MAX_VALIDATE_ARRANGEMENTS, "x": rng.random()},
                0,
            ),
        )
        add(
            section,
            f"optimal batch: {MAX_OPTIMAL_HANDS} hands of 13 numbers",
            lambda rng: post(
                f"{optimal}/batch", {"hands": [[rng.randrange(10)] * 13 for _ in range(MAX_OPTIMAL_HANDS)]}, 0
            ),
        )
        add(
            section,
            f"analysis batch: {MAX_ANALYSIS_ARRANGEMENTS} arrangements of numbers",
            lambda rng: post(
                f"{analysis}/batch",
                {"arrangements": [{"arrangement": zeros}] * MAX_ANALYSIS_ARRANGEMENTS, "x": rng.random()},
                0,
            ),
        )
        add(
            section,
            f"settle batch: {MAX_BATCH_TABLES} tables of numbers",
            lambda rng: post(
                "/v1/settlements/batch",
                {
                    "tables": [{"bet": 0, "players": [{"id": 0, "arrangement": zeros}] * 4}] * MAX_BATCH_TABLES,
                    "x": rng.random(),
                },
                0,
            ),
        )
        add(
            section,
            f"settle batch: {MAX_BATCH_TABLES} tables of 4 empty players",
            lambda rng: post(
                "/v1/settlements/batch",
                {"tables": [{"bet": "1", "players": [{}] * 4}] * MAX_BATCH_TABLES, "x": rng.random()},
                0,
            ),
        )

    def header_refusals(self) -> None:
        add, optimal = self.add, self.OPTIMAL
        section = "refused for a header (a 4xx before any work: their reading charged)"
        long_value = "m" * 8000
        add(
            section,
            "optimal, an unknown X-Model-Version of 8,000 bytes (400)",
            lambda rng: post(
                optimal, {"cards": hand(rng)}, 1, **{"X-Model-Version": long_value + str(rng.getrandbits(20))}
            ),
        )
        add(
            section,
            "classify, an X-Request-ID that is no id, 8,000 bytes (400)",
            lambda rng: post("/v1/hands/classify", {"cards": hand(rng, 5)}, 1, **{"X-Request-ID": "!" + long_value}),
        )
        add(
            section,
            "classify, a Content-Type of 8,000 bytes (415)",
            lambda rng: post(
                "/v1/hands/classify",
                {"cards": hand(rng, 5)},
                1,
                **{"Content-Type": "application/json; " + "; ".join(f"p{n:05d}=v" for n in range(800))},
            ),
        )
        add(
            section,
            "GET /v1/usage, a request line of 8,000 bytes",
            lambda rng: get(f"/v1/usage?pad={rng.getrandbits(30)}{'x' * 7900}"),
        )


def shapes(ctx: Context) -> list[Shape]:
    return Shapes(ctx).all()


def remember_variants(clients: list[Client], count: int = 40) -> list[str]:
    """``count`` fresh variants with every knob, each used by the meter just now, by fingerprint.  A
    worker remembers those it answered with (the other answers 404 for one it never saw, and each
    keeps a tenant's last few hundred), so each is sent three times on both connections at once."""
    fingerprints: set[str] = set()
    rng = random.Random(5)
    with ThreadPoolExecutor(len(clients)) as pool:
        for _ in range(count):
            variant = knobs(True)
            for _ in range(3):
                answers = pool.map(
                    lambda sender, variant=variant: sender.send(
                        post("/v1/hands/classify", {"cards": hand(rng, 5), "variant": variant}, 1)
                    ),
                    clients,
                )
                fingerprints.update(json.loads(answer[2])["variant"]["fingerprint"] for answer in answers)
    return sorted(fingerprints)
