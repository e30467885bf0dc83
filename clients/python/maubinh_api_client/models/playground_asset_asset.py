from enum import StrEnum

class PlaygroundAssetAsset(StrEnum):
    API_MJS = "api.mjs"
    BUDGET_MJS = "budget.mjs"
    CHECKS_MJS = "checks.mjs"
    CLIPBOARD_MJS = "clipboard.mjs"
    CONSTANTS_MJS = "constants.mjs"
    DEAL_MJS = "deal.mjs"
    DECK_MJS = "deck.mjs"
    ENUMERATIONS_MJS = "enumerations.mjs"
    ERRORS_MJS = "errors.mjs"
    FAIR_DEAL_MJS = "fair-deal.mjs"
    HAND_MJS = "hand.mjs"
    I18N_MJS = "i18n.mjs"
    LINKS_MJS = "links.mjs"
    NUMBERS_MJS = "numbers.mjs"
    OPTIMAL_MJS = "optimal.mjs"
    PAGE_MJS = "page.mjs"
    PLAYGROUND_CSS = "playground.css"
    PLAYGROUND_JS = "playground.js"
    PRACTICE_MJS = "practice.mjs"
    PRACTICE_REVIEW_MJS = "practice-review.mjs"
    PROGRESS_MJS = "progress.mjs"
    REQUESTS_MJS = "requests.mjs"
    REQUEST_LOG_MJS = "request-log.mjs"
    ROWS_MJS = "rows.mjs"
    RUNS_MJS = "runs.mjs"
    STATE_MJS = "state.mjs"
    TABLE_MJS = "table.mjs"
    TALLY_MJS = "tally.mjs"
    TEXTS_EN_MJS = "texts-en.mjs"
    TEXTS_VI_MJS = "texts-vi.mjs"
    VARIANTS_MJS = "variants.mjs"
    WHY_MJS = "why.mjs"

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def _missing_(cls, value: object) -> "PlaygroundAssetAsset | None":
        """A value this client does not know (a later release's): kept as it came, named UNKNOWN."""
        if not isinstance(value, str):
            return None
        unknown = str.__new__(cls, value)
        unknown._name_ = "UNKNOWN"
        unknown._value_ = value
        return unknown
