"""The HTTP layer: Flask blueprints, marshmallow schemas and error handling.

It parses requests, calls :mod:`maubinh_api.rules` and translates the answers
and errors; it decides no rule itself.
"""
