"""The HTTP layer: Flask blueprints, marshmallow schemas, presenters and error handling.

It reads requests, asks the service layer (:mod:`maubinh_api.service`: valuing, setting, grading
and analysing hands, settling tables) or, for what is one call of theirs (classify, validate),
the rules directly, and writes the answers and problems;
it decides no rule and computes no strategy itself.  Around every request: keys and budgets,
admission, the result cache, metrics and the request id.
"""
