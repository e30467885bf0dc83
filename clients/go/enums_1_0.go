package maubinh

// The names the 1.0.0 client gave these enumeration values, before every value was named after its
// type (always-prefix-enum-values in oapi-codegen.yaml). They stay, deprecated, so that code written
// against 1.0.0 builds unchanged; the values sent and read are the same. Written once from 1.0.0's
// maubinh.gen.go: a value added since has only its prefixed name.

const (
	// Deprecated: use BonusKeyBackQuads.
	BackQuads = BonusKeyBackQuads
	// Deprecated: use BonusKeyBackRoyalFlush.
	BackRoyalFlush = BonusKeyBackRoyalFlush
	// Deprecated: use BonusKeyBackStraightFlush.
	BackStraightFlush = BonusKeyBackStraightFlush
	// Deprecated: use BonusKeyFrontTrips.
	FrontTrips = BonusKeyFrontTrips
	// Deprecated: use BonusKeyMiddleFullHouse.
	MiddleFullHouse = BonusKeyMiddleFullHouse
	// Deprecated: use BonusKeyMiddleQuads.
	MiddleQuads = BonusKeyMiddleQuads
	// Deprecated: use BonusKeyMiddleRoyalFlush.
	MiddleRoyalFlush = BonusKeyMiddleRoyalFlush
	// Deprecated: use BonusKeyMiddleStraightFlush.
	MiddleStraightFlush = BonusKeyMiddleStraightFlush
	// Deprecated: use CategoryFlush.
	Flush = CategoryFlush
	// Deprecated: use CategoryFullHouse.
	FullHouse = CategoryFullHouse
	// Deprecated: use CategoryHighCard.
	HighCard = CategoryHighCard
	// Deprecated: use CategoryPair.
	Pair = CategoryPair
	// Deprecated: use CategoryQuads.
	Quads = CategoryQuads
	// Deprecated: use CategoryRoyalFlush.
	RoyalFlush = CategoryRoyalFlush
	// Deprecated: use CategoryStraight.
	Straight = CategoryStraight
	// Deprecated: use CategoryStraightFlush.
	StraightFlush = CategoryStraightFlush
	// Deprecated: use CategoryTrips.
	Trips = CategoryTrips
	// Deprecated: use CategoryTwoPair.
	TwoPair = CategoryTwoPair
	// Deprecated: use DifficultyKeyEasy.
	Easy = DifficultyKeyEasy
	// Deprecated: use DifficultyKeyHard.
	Hard = DifficultyKeyHard
	// Deprecated: use DifficultyKeyMedium.
	Medium = DifficultyKeyMedium
	// Deprecated: use DocumentationAssetParamsPathFavicon16x16Png.
	Favicon16x16Png = DocumentationAssetParamsPathFavicon16x16Png
	// Deprecated: use DocumentationAssetParamsPathFavicon32x32Png.
	Favicon32x32Png = DocumentationAssetParamsPathFavicon32x32Png
	// Deprecated: use DocumentationAssetParamsPathIndexCss.
	IndexCss = DocumentationAssetParamsPathIndexCss
	// Deprecated: use DocumentationAssetParamsPathIndexHtml.
	IndexHtml = DocumentationAssetParamsPathIndexHtml
	// Deprecated: use DocumentationAssetParamsPathLICENSE.
	LICENSE = DocumentationAssetParamsPathLICENSE
	// Deprecated: use DocumentationAssetParamsPathOauth2RedirectHtml.
	Oauth2RedirectHtml = DocumentationAssetParamsPathOauth2RedirectHtml
	// Deprecated: use DocumentationAssetParamsPathOauth2RedirectJs.
	Oauth2RedirectJs = DocumentationAssetParamsPathOauth2RedirectJs
	// Deprecated: use DocumentationAssetParamsPathSwaggerUiBundleJs.
	SwaggerUiBundleJs = DocumentationAssetParamsPathSwaggerUiBundleJs
	// Deprecated: use DocumentationAssetParamsPathSwaggerUiCss.
	SwaggerUiCss = DocumentationAssetParamsPathSwaggerUiCss
	// Deprecated: use DocumentationAssetParamsPathSwaggerUiJs.
	SwaggerUiJs = DocumentationAssetParamsPathSwaggerUiJs
	// Deprecated: use DocumentationAssetParamsPathSwaggerUiStandalonePresetJs.
	SwaggerUiStandalonePresetJs = DocumentationAssetParamsPathSwaggerUiStandalonePresetJs
	// Deprecated: use DocumentationAssetParamsPathVERSION.
	VERSION = DocumentationAssetParamsPathVERSION
	// Deprecated: use FoulCodeBackEqualsMiddle.
	BackEqualsMiddle = FoulCodeBackEqualsMiddle
	// Deprecated: use FoulCodeBackWeakerThanMiddle.
	BackWeakerThanMiddle = FoulCodeBackWeakerThanMiddle
	// Deprecated: use FoulCodeMiddleWeakerThanFront.
	MiddleWeakerThanFront = FoulCodeMiddleWeakerThanFront
	// Deprecated: use HandRecordRecordMaubinhHandRecord1.
	MaubinhHandRecord1 = HandRecordRecordMaubinhHandRecord1
	// Deprecated: use Health200JSONResponseBodyStatusOk.
	Ok = Health200JSONResponseBodyStatusOk
	// Deprecated: use NaturalKeyDragon.
	Dragon = NaturalKeyDragon
	// Deprecated: use NaturalKeyDragonFlush.
	DragonFlush = NaturalKeyDragonFlush
	// Deprecated: use NaturalKeyFivePairsTrips.
	FivePairsTrips = NaturalKeyFivePairsTrips
	// Deprecated: use NaturalKeyFourTrips.
	FourTrips = NaturalKeyFourTrips
	// Deprecated: use NaturalKeySixPairs.
	SixPairs = NaturalKeySixPairs
	// Deprecated: use NaturalKeyThirteenOneColour.
	ThirteenOneColour = NaturalKeyThirteenOneColour
	// Deprecated: use NaturalKeyThreeFlushes.
	ThreeFlushes = NaturalKeyThreeFlushes
	// Deprecated: use NaturalKeyThreeQuads.
	ThreeQuads = NaturalKeyThreeQuads
	// Deprecated: use NaturalKeyThreeStraightFlushes.
	ThreeStraightFlushes = NaturalKeyThreeStraightFlushes
	// Deprecated: use NaturalKeyThreeStraights.
	ThreeStraights = NaturalKeyThreeStraights
	// Deprecated: use NaturalKeyTwelveOneColour.
	TwelveOneColour = NaturalKeyTwelveOneColour
	// Deprecated: use NaturalOutcomeReasonKeyEqualNaturals.
	EqualNaturals = NaturalOutcomeReasonKeyEqualNaturals
	// Deprecated: use NaturalOutcomeReasonKeyHigherNatural.
	HigherNatural = NaturalOutcomeReasonKeyHigherNatural
	// Deprecated: use NaturalOutcomeReasonKeyNaturalVsHand.
	NaturalVsHand = NaturalOutcomeReasonKeyNaturalVsHand
	// Deprecated: use NaturalOutcomeReasonKeyNaturalsDraw.
	NaturalsDraw = NaturalOutcomeReasonKeyNaturalsDraw
	// Deprecated: use NaturalOutcomeReasonKeyTieBreak.
	TieBreak = NaturalOutcomeReasonKeyTieBreak
	// Deprecated: use NaturalVsNaturalKeyDraw.
	Draw = NaturalVsNaturalKeyDraw
	// Deprecated: use NaturalVsNaturalKeyHigherWins.
	HigherWins = NaturalVsNaturalKeyHigherWins
	// Deprecated: use ObjectiveEv.
	Ev = ObjectiveEv
	// Deprecated: use ObjectiveStrongest.
	Strongest = ObjectiveStrongest
	// Deprecated: use PlaygroundAssetParamsAssetApiMjs.
	ApiMjs = PlaygroundAssetParamsAssetApiMjs
	// Deprecated: use PlaygroundAssetParamsAssetBudgetMjs.
	BudgetMjs = PlaygroundAssetParamsAssetBudgetMjs
	// Deprecated: use PlaygroundAssetParamsAssetChecksMjs.
	ChecksMjs = PlaygroundAssetParamsAssetChecksMjs
	// Deprecated: use PlaygroundAssetParamsAssetClipboardMjs.
	ClipboardMjs = PlaygroundAssetParamsAssetClipboardMjs
	// Deprecated: use PlaygroundAssetParamsAssetConstantsMjs.
	ConstantsMjs = PlaygroundAssetParamsAssetConstantsMjs
	// Deprecated: use PlaygroundAssetParamsAssetDealMjs.
	DealMjs = PlaygroundAssetParamsAssetDealMjs
	// Deprecated: use PlaygroundAssetParamsAssetDeckMjs.
	DeckMjs = PlaygroundAssetParamsAssetDeckMjs
	// Deprecated: use PlaygroundAssetParamsAssetEnumerationsMjs.
	EnumerationsMjs = PlaygroundAssetParamsAssetEnumerationsMjs
	// Deprecated: use PlaygroundAssetParamsAssetErrorsMjs.
	ErrorsMjs = PlaygroundAssetParamsAssetErrorsMjs
	// Deprecated: use PlaygroundAssetParamsAssetFairDealMjs.
	FairDealMjs = PlaygroundAssetParamsAssetFairDealMjs
	// Deprecated: use PlaygroundAssetParamsAssetHandMjs.
	HandMjs = PlaygroundAssetParamsAssetHandMjs
	// Deprecated: use PlaygroundAssetParamsAssetI18nMjs.
	I18nMjs = PlaygroundAssetParamsAssetI18nMjs
	// Deprecated: use PlaygroundAssetParamsAssetLinksMjs.
	LinksMjs = PlaygroundAssetParamsAssetLinksMjs
	// Deprecated: use PlaygroundAssetParamsAssetNumbersMjs.
	NumbersMjs = PlaygroundAssetParamsAssetNumbersMjs
	// Deprecated: use PlaygroundAssetParamsAssetOptimalMjs.
	OptimalMjs = PlaygroundAssetParamsAssetOptimalMjs
	// Deprecated: use PlaygroundAssetParamsAssetPageMjs.
	PageMjs = PlaygroundAssetParamsAssetPageMjs
	// Deprecated: use PlaygroundAssetParamsAssetPlaygroundCss.
	PlaygroundCss = PlaygroundAssetParamsAssetPlaygroundCss
	// Deprecated: use PlaygroundAssetParamsAssetPlaygroundJs.
	PlaygroundJs = PlaygroundAssetParamsAssetPlaygroundJs
	// Deprecated: use PlaygroundAssetParamsAssetPracticeMjs.
	PracticeMjs = PlaygroundAssetParamsAssetPracticeMjs
	// Deprecated: use PlaygroundAssetParamsAssetPracticeReviewMjs.
	PracticeReviewMjs = PlaygroundAssetParamsAssetPracticeReviewMjs
	// Deprecated: use PlaygroundAssetParamsAssetProgressMjs.
	ProgressMjs = PlaygroundAssetParamsAssetProgressMjs
	// Deprecated: use PlaygroundAssetParamsAssetRequestLogMjs.
	RequestLogMjs = PlaygroundAssetParamsAssetRequestLogMjs
	// Deprecated: use PlaygroundAssetParamsAssetRequestsMjs.
	RequestsMjs = PlaygroundAssetParamsAssetRequestsMjs
	// Deprecated: use PlaygroundAssetParamsAssetRowsMjs.
	RowsMjs = PlaygroundAssetParamsAssetRowsMjs
	// Deprecated: use PlaygroundAssetParamsAssetRunsMjs.
	RunsMjs = PlaygroundAssetParamsAssetRunsMjs
	// Deprecated: use PlaygroundAssetParamsAssetStateMjs.
	StateMjs = PlaygroundAssetParamsAssetStateMjs
	// Deprecated: use PlaygroundAssetParamsAssetTableMjs.
	TableMjs = PlaygroundAssetParamsAssetTableMjs
	// Deprecated: use PlaygroundAssetParamsAssetTallyMjs.
	TallyMjs = PlaygroundAssetParamsAssetTallyMjs
	// Deprecated: use PlaygroundAssetParamsAssetTextsEnMjs.
	TextsEnMjs = PlaygroundAssetParamsAssetTextsEnMjs
	// Deprecated: use PlaygroundAssetParamsAssetTextsViMjs.
	TextsViMjs = PlaygroundAssetParamsAssetTextsViMjs
	// Deprecated: use PlaygroundAssetParamsAssetVariantsMjs.
	VariantsMjs = PlaygroundAssetParamsAssetVariantsMjs
	// Deprecated: use PlaygroundAssetParamsAssetWhyMjs.
	WhyMjs = PlaygroundAssetParamsAssetWhyMjs
	// Deprecated: use PositionKeyBack.
	Back = PositionKeyBack
	// Deprecated: use PositionKeyFront.
	Front = PositionKeyFront
	// Deprecated: use PositionKeyMiddle.
	Middle = PositionKeyMiddle
	// Deprecated: use PresetNameChinesePoker24.
	ChinesePoker24 = PresetNameChinesePoker24
	// Deprecated: use PresetNameClassic.
	Classic = PresetNameClassic
	// Deprecated: use PresetNameExtended.
	Extended = PresetNameExtended
	// Deprecated: use PresetNameOnline.
	Online = PresetNameOnline
	// Deprecated: use ProblemTypeUrnMaubinhProblemBusy.
	UrnMaubinhProblemBusy = ProblemTypeUrnMaubinhProblemBusy
	// Deprecated: use ProblemTypeUrnMaubinhProblemCostOverLimit.
	UrnMaubinhProblemCostOverLimit = ProblemTypeUrnMaubinhProblemCostOverLimit
	// Deprecated: use ProblemTypeUrnMaubinhProblemError.
	UrnMaubinhProblemError = ProblemTypeUrnMaubinhProblemError
	// Deprecated: use ProblemTypeUrnMaubinhProblemExpectationFailed.
	UrnMaubinhProblemExpectationFailed = ProblemTypeUrnMaubinhProblemExpectationFailed
	// Deprecated: use ProblemTypeUrnMaubinhProblemForbidden.
	UrnMaubinhProblemForbidden = ProblemTypeUrnMaubinhProblemForbidden
	// Deprecated: use ProblemTypeUrnMaubinhProblemHeaderTooLarge.
	UrnMaubinhProblemHeaderTooLarge = ProblemTypeUrnMaubinhProblemHeaderTooLarge
	// Deprecated: use ProblemTypeUrnMaubinhProblemInternalError.
	UrnMaubinhProblemInternalError = ProblemTypeUrnMaubinhProblemInternalError
	// Deprecated: use ProblemTypeUrnMaubinhProblemInvalidContent.
	UrnMaubinhProblemInvalidContent = ProblemTypeUrnMaubinhProblemInvalidContent
	// Deprecated: use ProblemTypeUrnMaubinhProblemMalformedRequest.
	UrnMaubinhProblemMalformedRequest = ProblemTypeUrnMaubinhProblemMalformedRequest
	// Deprecated: use ProblemTypeUrnMaubinhProblemMethodNotAllowed.
	UrnMaubinhProblemMethodNotAllowed = ProblemTypeUrnMaubinhProblemMethodNotAllowed
	// Deprecated: use ProblemTypeUrnMaubinhProblemNotFound.
	UrnMaubinhProblemNotFound = ProblemTypeUrnMaubinhProblemNotFound
	// Deprecated: use ProblemTypeUrnMaubinhProblemNotImplemented.
	UrnMaubinhProblemNotImplemented = ProblemTypeUrnMaubinhProblemNotImplemented
	// Deprecated: use ProblemTypeUrnMaubinhProblemNotReady.
	UrnMaubinhProblemNotReady = ProblemTypeUrnMaubinhProblemNotReady
	// Deprecated: use ProblemTypeUrnMaubinhProblemPayloadTooLarge.
	UrnMaubinhProblemPayloadTooLarge = ProblemTypeUrnMaubinhProblemPayloadTooLarge
	// Deprecated: use ProblemTypeUrnMaubinhProblemTimedOut.
	UrnMaubinhProblemTimedOut = ProblemTypeUrnMaubinhProblemTimedOut
	// Deprecated: use ProblemTypeUrnMaubinhProblemTooManyRequests.
	UrnMaubinhProblemTooManyRequests = ProblemTypeUrnMaubinhProblemTooManyRequests
	// Deprecated: use ProblemTypeUrnMaubinhProblemUnauthorized.
	UrnMaubinhProblemUnauthorized = ProblemTypeUrnMaubinhProblemUnauthorized
	// Deprecated: use ProblemTypeUrnMaubinhProblemUnknownModel.
	UrnMaubinhProblemUnknownModel = ProblemTypeUrnMaubinhProblemUnknownModel
	// Deprecated: use ProblemTypeUrnMaubinhProblemUnsupportedMediaType.
	UrnMaubinhProblemUnsupportedMediaType = ProblemTypeUrnMaubinhProblemUnsupportedMediaType
	// Deprecated: use ProblemTypeUrnMaubinhProblemUriTooLong.
	UrnMaubinhProblemUriTooLong = ProblemTypeUrnMaubinhProblemUriTooLong
	// Deprecated: use Ready200JSONResponseBodyStatusReady.
	Ready = Ready200JSONResponseBodyStatusReady
	// Deprecated: use ReceiptKeyAlgEdDSA.
	EdDSA = ReceiptKeyAlgEdDSA
	// Deprecated: use ReceiptKeyCrvEd25519.
	Ed25519 = ReceiptKeyCrvEd25519
	// Deprecated: use ReceiptKeyKtyOKP.
	OKP = ReceiptKeyKtyOKP
	// Deprecated: use ReceiptKeyUseSig.
	Sig = ReceiptKeyUseSig
	// Deprecated: use ReceiptOperationSettleTable.
	SettleTable = ReceiptOperationSettleTable
	// Deprecated: use ReceiptOperationSettleTables.
	SettleTables = ReceiptOperationSettleTables
	// Deprecated: use SapLangResultKeyScoopedAll.
	ScoopedAll = SapLangResultKeyScoopedAll
	// Deprecated: use SapLangResultKeyScoopedByAll.
	ScoopedByAll = SapLangResultKeyScoopedByAll
	// Deprecated: use TableLimitKeyEscrowBets.
	EscrowBets = TableLimitKeyEscrowBets
	// Deprecated: use TableLimitKeyJoinMinBets.
	JoinMinBets = TableLimitKeyJoinMinBets
	// Deprecated: use TableLimitKeyLeaveBelowBets.
	LeaveBelowBets = TableLimitKeyLeaveBelowBets
	// Deprecated: use UsageScopesApi.
	Api = UsageScopesApi
	// Deprecated: use UsageScopesMetrics.
	Metrics = UsageScopesMetrics
	// Deprecated: use WheelKeyLow.
	Low = WheelKeyLow
	// Deprecated: use WheelKeySecond.
	Second = WheelKeySecond
)
