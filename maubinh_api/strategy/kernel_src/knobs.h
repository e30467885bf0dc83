/* Written by `make spec` (tools/kernel_knobs.py) from the knob table, rules/knobs.py: do not edit.
 * Every whole-number and yes/no knob, by its name, with the range its check allows. */
#ifndef MAUBINH_KNOBS_H
#define MAUBINH_KNOBS_H

#define PLAIN_KNOBS(X)                                                                             \
    X(foul_on_equal, 0, 1)                                                                         \
    X(majority_bonus, 0, 100)                                                                      \
    X(scoop_multiplier, 1, 100)                                                                    \
    X(foul_multiplier, 1, 100)                                                                     \
    X(foul_pays_bonuses, 0, 1)                                                                     \
    X(sap_lang, 0, 1)                                                                              \
    X(sap_lang_multiplier, 1, 100)                                                                 \
    X(sap_lang_min_players, 2, 4)                                                                  \
    X(foul_counts_as_scoop, 0, 1)                                                                  \
    X(natural_tie_breaks, 0, 1)                                                                    \
    X(amount_decimals, 0, 8)

#endif
