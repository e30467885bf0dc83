"""Settings from the environment and from create_app(config)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maubinh_api.infra.config import ConfigError, Settings


def test_defaults():
    settings = Settings.from_env({})
    assert settings.default_variant == "classic"
    assert settings.max_body_bytes == 1024 * 1024
    assert settings.openapi_path.name == "openapi.yaml" and settings.openapi_path.exists()


def test_environment_overrides_defaults():
    settings = Settings.from_env(
        {"MAUBINH_DEFAULT_VARIANT": "online", "MAUBINH_MAX_BODY_BYTES": "2048", "MAUBINH_OPENAPI_PATH": "/tmp/x.yaml"}
    )
    assert (settings.default_variant, settings.max_body_bytes, settings.openapi_path) == (
        "online",
        2048,
        Path("/tmp/x.yaml"),
    )


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({"MAUBINH_DEFAULT_VARIANT": "kitchen"}, "not a preset"),
        ({"MAUBINH_MAX_BODY_BYTES": "lots"}, "MAUBINH_MAX_BODY_BYTES='lots'"),
        ({"MAUBINH_MAX_BODY_BYTES": "10"}, "at least 1024"),
    ],
)
def test_bad_settings_stop_the_service(environ, message):
    with pytest.raises(ConfigError, match=message):
        Settings.from_env(environ)


def test_unknown_override_is_an_error():
    with pytest.raises(ConfigError, match="unknown settings: colour"):
        Settings.from_env({}).with_overrides({"colour": "red"})
