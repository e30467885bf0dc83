"""The service layer: what the entry points ask of the game, each sequence written once.

The HTTP views (:mod:`maubinh_api.web`), the batch tasks (:mod:`maubinh_api.batch`) and the
tool that measures the bot levels' yardsticks all value a hand, set it, play it, grade or
analyse it in the same few sequences; :mod:`.hands` holds them, so that a change to one
(sharing a valuation, say) reaches every caller.  :mod:`.tables` settles a table, and plays one
with bots first, for the HTTP views and the simulation alike; :mod:`.level_yardsticks` measures
what each bot level gives up.  It builds on the rules and the strategy, and knows nothing of
HTTP or Dask.
"""
