"""Self-contained HTML reports of the batch tool: ``grade`` and ``simulate``.

A report is one HTML file that a person opens in a browser: no script, no stylesheet, font or
image fetched from anywhere, every plot an inline SVG drawn by matplotlib.  The pages are
deterministic: the same inputs give the same bytes, so a report can be diffed and cached.

- :func:`grade_report` lays out a graded hand history: the counts, the rule that flags
  implausibly strong players with the level yardsticks of each variant and table size, the
  flagged players, plots of the losses and verdicts, the per-player table and the skipped rows.
- :func:`simulate_report` lays out the economics of one variant, or of two side by side
  (``--compare``): points, naturals, scoops, sập làng, fouls and the house's take.

The rooms: :mod:`.summaries` reads the runs' outputs into typed, frozen summaries,
:mod:`.formats` writes their figures, :mod:`.plots` draws them, and the Jinja2 templates
(``templates/``, autoescaped: every player id, variant name and error text is escaped) lay
out the pages that :mod:`.grade` and :mod:`.simulate` fill in.
"""

from __future__ import annotations

from .grade import grade_report
from .simulate import simulate_report

__all__ = ["grade_report", "simulate_report"]
