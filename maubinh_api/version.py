"""The release of maubinh-api (``info.version`` of openapi.yaml; CHANGELOG.md says what each changed)."""

__version__ = "1.0.0"
