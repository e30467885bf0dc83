from enum import StrEnum

class DocumentationAssetPath(StrEnum):
    FAVICON_16X16_PNG = "favicon-16x16.png"
    FAVICON_32X32_PNG = "favicon-32x32.png"
    INDEX_CSS = "index.css"
    INDEX_HTML = "index.html"
    LICENSE = "LICENSE"
    OAUTH2_REDIRECT_HTML = "oauth2-redirect.html"
    OAUTH2_REDIRECT_JS = "oauth2-redirect.js"
    SWAGGER_UI_BUNDLE_JS = "swagger-ui-bundle.js"
    SWAGGER_UI_CSS = "swagger-ui.css"
    SWAGGER_UI_JS = "swagger-ui.js"
    SWAGGER_UI_STANDALONE_PRESET_JS = "swagger-ui-standalone-preset.js"
    VERSION = "VERSION"

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def _missing_(cls, value: object) -> "DocumentationAssetPath | None":
        """A value this client does not know (a later release's): kept as it came, named UNKNOWN."""
        if not isinstance(value, str):
            return None
        unknown = str.__new__(cls, value)
        unknown._name_ = "UNKNOWN"
        unknown._value_ = value
        return unknown
