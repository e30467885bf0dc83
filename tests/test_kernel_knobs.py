"""kernel_src/knobs.h is written from the knob table (``make spec``): a stale one fails here."""

from __future__ import annotations

from dataclasses import fields


def test_knobs_h_is_the_knob_table_s():
    from tools.kernel_knobs import HEADER, header_text

    assert HEADER.read_text(encoding="utf-8") == header_text(), "knobs.h is stale: run make spec"


def test_every_whole_number_and_yes_no_knob_reaches_the_kernel_with_its_range():
    # What kernel_tables.plain_knobs passes by name is what knobs.h declares, each in the range the
    # knob's check allows (a yes/no is 0 or 1): the kernel refuses what the rules refuse.
    from maubinh_api.rules.knob_checks import BOUNDS, boolean
    from maubinh_api.rules.knobs import RuleSet
    from maubinh_api.rules.variants import preset
    from maubinh_api.strategy.kernel_tables import plain_knobs
    from tools.kernel_knobs import plain_knobs as declared

    in_header = {name: (low, high) for name, low, high in declared()}
    assert sorted(in_header) == sorted(plain_knobs(preset("classic").rules))
    checks = {knob.name: knob.metadata["check"] for knob in fields(RuleSet)}
    for name, bounds in in_header.items():
        assert bounds == ((0, 1) if checks[name] is boolean else BOUNDS[checks[name]])


def test_make_spec_writes_knobs_h_when_stale(tmp_path, monkeypatch):
    from tools import kernel_knobs

    stale = tmp_path / "knobs.h"
    stale.write_text(kernel_knobs.header_text().replace("X(majority_bonus, 0, 100)", ""), encoding="utf-8")
    monkeypatch.setattr(kernel_knobs, "HEADER", stale)
    assert kernel_knobs.main([]) == 1  # stale: said, not written
    assert kernel_knobs.main(["--write"]) == 0
    assert stale.read_text(encoding="utf-8") == kernel_knobs.header_text()
    assert kernel_knobs.main([]) == 0
