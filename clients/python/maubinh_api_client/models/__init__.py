""" Contains all the data models used in inputs/outputs """

from .analysed_arrangement import AnalysedArrangement
from .analysis_answer import AnalysisAnswer
from .analysis_batch_request import AnalysisBatchRequest
from .analysis_batch_result import AnalysisBatchResult
from .analysis_best import AnalysisBest
from .analysis_request import AnalysisRequest
from .analysis_result import AnalysisResult
from .arrangement import Arrangement
from .bonus import Bonus
from .bonus_key import BonusKey
from .bonus_member import BonusMember
from .category import Category
from .changes import Changes
from .changes_lines import ChangesLines
from .chi_hands import ChiHands
from .classify_batch_request import ClassifyBatchRequest
from .classify_batch_result import ClassifyBatchResult
from .classify_request import ClassifyRequest
from .classify_result import ClassifyResult
from .deal import Deal
from .deal_commitment import DealCommitment
from .deal_proof import DealProof
from .deal_request import DealRequest
from .difficulty import Difficulty
from .difficulty_key import DifficultyKey
from .documentation_asset_path import DocumentationAssetPath
from .drill import Drill
from .drill_theme import DrillTheme
from .drill_theme_key import DrillThemeKey
from .drills_request import DrillsRequest
from .drills_result import DrillsResult
from .enumerations import Enumerations
from .enumerations_knob_values import EnumerationsKnobValues
from .error_code import ErrorCode
from .forfeited_seat import ForfeitedSeat
from .foul_code import FoulCode
from .foul_code_member import FoulCodeMember
from .foul_cost import FoulCost
from .foul_paid import FoulPaid
from .foul_reason import FoulReason
from .hand import Hand
from .hand_category import HandCategory
from .hand_record import HandRecord
from .hand_record_seat import HandRecordSeat
from .hand_record_settlement import HandRecordSettlement
from .health_response_200 import HealthResponse200
from .health_response_200_status import HealthResponse200Status
from .invalid_value import InvalidValue
from .knob_key import KnobKey
from .knob_member import KnobMember
from .labels import Labels
from .level import Level
from .limit_window import LimitWindow
from .line import Line
from .move import Move
from .multiplier import Multiplier
from .multiplier_kind import MultiplierKind
from .multiplier_kind_key import MultiplierKindKey
from .natural import Natural
from .natural_key import NaturalKey
from .natural_member import NaturalMember
from .natural_outcome import NaturalOutcome
from .natural_outcome_reason import NaturalOutcomeReason
from .natural_outcome_reason_key import NaturalOutcomeReasonKey
from .natural_review import NaturalReview
from .natural_vs_natural_key import NaturalVsNaturalKey
from .natural_vs_natural_member import NaturalVsNaturalMember
from .objective import Objective
from .objective_member import ObjectiveMember
from .optimal_answer import OptimalAnswer
from .optimal_batch_request import OptimalBatchRequest
from .optimal_batch_result import OptimalBatchResult
from .optimal_choice import OptimalChoice
from .optimal_request import OptimalRequest
from .optimal_result import OptimalResult
from .optimal_stats import OptimalStats
from .pair_result import PairResult
from .pair_result_majority import PairResultMajority
from .pair_result_positions import PairResultPositions
from .play_request import PlayRequest
from .play_result import PlayResult
from .played_seat import PlayedSeat
from .player_level import PlayerLevel
from .player_result import PlayerResult
from .playground_asset_asset import PlaygroundAssetAsset
from .position_key import PositionKey
from .position_member import PositionMember
from .position_outlook import PositionOutlook
from .position_outlooks import PositionOutlooks
from .position_reason import PositionReason
from .position_reason_key import PositionReasonKey
from .position_result import PositionResult
from .preset_name import PresetName
from .problem import Problem
from .problem_type import ProblemType
from .ready_response_200 import ReadyResponse200
from .ready_response_200_checks import ReadyResponse200Checks
from .ready_response_200_status import ReadyResponse200Status
from .receipt import Receipt
from .receipt_issue import ReceiptIssue
from .receipt_key import ReceiptKey
from .receipt_keys import ReceiptKeys
from .receipt_operation import ReceiptOperation
from .rule_overrides import RuleOverrides
from .rule_overrides_bonus_table_override import RuleOverridesBonusTableOverride
from .rule_overrides_natural_table_override import RuleOverridesNaturalTableOverride
from .rule_overrides_table_limits import RuleOverridesTableLimits
from .rule_set import RuleSet
from .rule_set_bonuses import RuleSetBonuses
from .rule_set_naturals import RuleSetNaturals
from .rule_set_table_limits import RuleSetTableLimits
from .sap_lang_chance import SapLangChance
from .sap_lang_result import SapLangResult
from .sap_lang_result_key import SapLangResultKey
from .settlement import Settlement
from .settlement_batch_request import SettlementBatchRequest
from .settlement_batch_result import SettlementBatchResult
from .settlement_house_take import SettlementHouseTake
from .settlement_request import SettlementRequest
from .style import Style
from .style_key import StyleKey
from .table_limit_key import TableLimitKey
from .table_limit_member import TableLimitMember
from .usage import Usage
from .usage_scopes_item import UsageScopesItem
from .validate_batch_request import ValidateBatchRequest
from .validate_batch_result import ValidateBatchResult
from .validate_request import ValidateRequest
from .validation import Validation
from .validation_result import ValidationResult
from .variant import Variant
from .variant_detail import VariantDetail
from .variant_list import VariantList
from .variant_summary import VariantSummary
from .verdict import Verdict
from .verdict_key import VerdictKey
from .wheel_key import WheelKey
from .wheel_member import WheelMember
from .yardstick import Yardstick

__all__ = (
    "AnalysedArrangement",
    "AnalysisAnswer",
    "AnalysisBatchRequest",
    "AnalysisBatchResult",
    "AnalysisBest",
    "AnalysisRequest",
    "AnalysisResult",
    "Arrangement",
    "Bonus",
    "BonusKey",
    "BonusMember",
    "Category",
    "Changes",
    "ChangesLines",
    "ChiHands",
    "ClassifyBatchRequest",
    "ClassifyBatchResult",
    "ClassifyRequest",
    "ClassifyResult",
    "Deal",
    "DealCommitment",
    "DealProof",
    "DealRequest",
    "Difficulty",
    "DifficultyKey",
    "DocumentationAssetPath",
    "Drill",
    "DrillsRequest",
    "DrillsResult",
    "DrillTheme",
    "DrillThemeKey",
    "Enumerations",
    "EnumerationsKnobValues",
    "ErrorCode",
    "ForfeitedSeat",
    "FoulCode",
    "FoulCodeMember",
    "FoulCost",
    "FoulPaid",
    "FoulReason",
    "Hand",
    "HandCategory",
    "HandRecord",
    "HandRecordSeat",
    "HandRecordSettlement",
    "HealthResponse200",
    "HealthResponse200Status",
    "InvalidValue",
    "KnobKey",
    "KnobMember",
    "Labels",
    "Level",
    "LimitWindow",
    "Line",
    "Move",
    "Multiplier",
    "MultiplierKind",
    "MultiplierKindKey",
    "Natural",
    "NaturalKey",
    "NaturalMember",
    "NaturalOutcome",
    "NaturalOutcomeReason",
    "NaturalOutcomeReasonKey",
    "NaturalReview",
    "NaturalVsNaturalKey",
    "NaturalVsNaturalMember",
    "Objective",
    "ObjectiveMember",
    "OptimalAnswer",
    "OptimalBatchRequest",
    "OptimalBatchResult",
    "OptimalChoice",
    "OptimalRequest",
    "OptimalResult",
    "OptimalStats",
    "PairResult",
    "PairResultMajority",
    "PairResultPositions",
    "PlayedSeat",
    "PlayerLevel",
    "PlayerResult",
    "PlaygroundAssetAsset",
    "PlayRequest",
    "PlayResult",
    "PositionKey",
    "PositionMember",
    "PositionOutlook",
    "PositionOutlooks",
    "PositionReason",
    "PositionReasonKey",
    "PositionResult",
    "PresetName",
    "Problem",
    "ProblemType",
    "ReadyResponse200",
    "ReadyResponse200Checks",
    "ReadyResponse200Status",
    "Receipt",
    "ReceiptIssue",
    "ReceiptKey",
    "ReceiptKeys",
    "ReceiptOperation",
    "RuleOverrides",
    "RuleOverridesBonusTableOverride",
    "RuleOverridesNaturalTableOverride",
    "RuleOverridesTableLimits",
    "RuleSet",
    "RuleSetBonuses",
    "RuleSetNaturals",
    "RuleSetTableLimits",
    "SapLangChance",
    "SapLangResult",
    "SapLangResultKey",
    "Settlement",
    "SettlementBatchRequest",
    "SettlementBatchResult",
    "SettlementHouseTake",
    "SettlementRequest",
    "Style",
    "StyleKey",
    "TableLimitKey",
    "TableLimitMember",
    "Usage",
    "UsageScopesItem",
    "ValidateBatchRequest",
    "ValidateBatchResult",
    "ValidateRequest",
    "Validation",
    "ValidationResult",
    "Variant",
    "VariantDetail",
    "VariantList",
    "VariantSummary",
    "Verdict",
    "VerdictKey",
    "WheelKey",
    "WheelMember",
    "Yardstick",
)
