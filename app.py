"""WSGI entry point: ``gunicorn app:app``."""

from maubinh_api import create_app

app = create_app()
