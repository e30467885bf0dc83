"""How to play Mậu Binh well: hand classes, odds, the optimiser, the analysis
of a player's arrangement and the bots.

Built on :mod:`maubinh_api.rules` only (which never imports this package);
like the rules, it imports no web framework.
"""
