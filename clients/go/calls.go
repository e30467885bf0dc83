package maubinh

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// Answer is a call's 200 answer: its body read into the operation's type, its headers, and the
// texts sent and received, which a settlement's receipt is checked against (VerifyAnswer).
type Answer[T any] struct {
	Value   T
	Headers AnswerHeaders
	// Body is the answer's text as received.
	Body []byte
	// RequestBody is the exact text sent (nil for a call without a body).
	RequestBody []byte
}

// API is a client of the service (New). Each operation a platform plays is a method that takes
// the call's context, its request and its CallOptions and returns the typed 200 answer, or an
// error: a *ProblemError (errors.As) for a problem the service answered, else what failed on the
// way (the connection, the deadline, an answer that is neither). The generated methods
// (…WithResponse) are there too, for every operation: the deployment's probes, metrics, document
// and pages have only those.
type API struct {
	*ClientWithResponses
	// calls sends the one-step calls: the same as the generated client's, but with no timeout of
	// its HTTP client, since each call brings its own deadline (Timeout, Options.Timeout).
	calls   *Client
	options Options
}

type sender[P any] func(context.Context, *P, string, io.Reader, ...RequestEditorFn) (*http.Response, error)

// withBody sends request as JSON, keeping the bytes sent.
func withBody[T, P any](ctx context.Context, a *API, request any, options []CallOption, send sender[P]) (*Answer[T], error) {
	sent, err := json.Marshal(request)
	if err != nil {
		return nil, fmt.Errorf("maubinh: the request does not write as JSON: %w", err)
	}
	return exchange[T](ctx, a, options, sent, func(ctx context.Context, editor RequestEditorFn) (*http.Response, error) {
		return send(ctx, nil, "application/json", bytes.NewReader(sent), editor)
	})
}

// bodiless sends a call without a body.
func bodiless[T, P any](ctx context.Context, a *API, options []CallOption, send func(context.Context, *P, ...RequestEditorFn) (*http.Response, error)) (*Answer[T], error) {
	return exchange[T](ctx, a, options, nil, func(ctx context.Context, editor RequestEditorFn) (*http.Response, error) {
		return send(ctx, nil, editor)
	})
}

func exchange[T any](ctx context.Context, a *API, options []CallOption, sent []byte, send func(context.Context, RequestEditorFn) (*http.Response, error)) (*Answer[T], error) {
	settings := settle(a.options, options)
	ctx, cancel := settings.within(ctx)
	defer cancel() // after the body is read: the deadline bounds the reading too
	response, err := send(ctx, settings.editor)
	if err != nil {
		return nil, err
	}
	defer func() { _ = response.Body.Close() }()
	body, err := io.ReadAll(response.Body)
	if err != nil {
		return nil, err
	}
	if err := CheckAnswer(response, body); err != nil {
		return nil, err
	}
	if response.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("maubinh: answer %d where the operation answers 200", response.StatusCode)
	}
	answer := &Answer[T]{Headers: ReadHeaders(response.Header), Body: body, RequestBody: sent}
	if err := json.Unmarshal(body, &answer.Value); err != nil {
		return nil, fmt.Errorf("maubinh: the 200 answer does not read as %T: %w", answer.Value, err)
	}
	return answer, nil
}

// AnalyseArrangement grades an arrangement (POST /v1/arrangements/analysis).
func (a *API) AnalyseArrangement(ctx context.Context, request AnalysisRequest, options ...CallOption) (*Answer[AnalysisResult], error) {
	return withBody[AnalysisResult](ctx, a, request, options, a.calls.AnalyseArrangementWithBody)
}

// AnalyseBatch grades several arrangements (POST /v1/arrangements/analysis/batch).
func (a *API) AnalyseBatch(ctx context.Context, request AnalysisBatchRequest, options ...CallOption) (*Answer[AnalysisBatchResult], error) {
	return withBody[AnalysisBatchResult](ctx, a, request, options, a.calls.AnalyseBatchWithBody)
}

// OptimalArrangement finds a hand's best arrangement (POST /v1/arrangements/optimal).
func (a *API) OptimalArrangement(ctx context.Context, request OptimalRequest, options ...CallOption) (*Answer[OptimalResult], error) {
	return withBody[OptimalResult](ctx, a, request, options, a.calls.OptimalArrangementWithBody)
}

// OptimalBatch finds several hands' best arrangements (POST /v1/arrangements/optimal/batch).
func (a *API) OptimalBatch(ctx context.Context, request OptimalBatchRequest, options ...CallOption) (*Answer[OptimalBatchResult], error) {
	return withBody[OptimalBatchResult](ctx, a, request, options, a.calls.OptimalBatchWithBody)
}

// PlayHand sets a hand as a bot of a level would (POST /v1/arrangements/play).
func (a *API) PlayHand(ctx context.Context, request PlayRequest, options ...CallOption) (*Answer[PlayResult], error) {
	return withBody[PlayResult](ctx, a, request, options, a.calls.PlayHandWithBody)
}

// ValidateArrangement checks an arrangement for a foul (POST /v1/arrangements/validate).
func (a *API) ValidateArrangement(ctx context.Context, request ValidateRequest, options ...CallOption) (*Answer[ValidationResult], error) {
	return withBody[ValidationResult](ctx, a, request, options, a.calls.ValidateArrangementWithBody)
}

// ValidateBatch checks several arrangements (POST /v1/arrangements/validate/batch).
func (a *API) ValidateBatch(ctx context.Context, request ValidateBatchRequest, options ...CallOption) (*Answer[ValidateBatchResult], error) {
	return withBody[ValidateBatchResult](ctx, a, request, options, a.calls.ValidateBatchWithBody)
}

// CommitDeal commits to a server seed before the players add theirs (POST /v1/deals).
func (a *API) CommitDeal(ctx context.Context, options ...CallOption) (*Answer[DealCommitment], error) {
	return bodiless[DealCommitment](ctx, a, options, a.calls.CommitDeal)
}

// DealCards deals a committed deal from the client seeds (POST /v1/deals/{deal_id}).
func (a *API) DealCards(ctx context.Context, dealID string, request DealRequest, options ...CallOption) (*Answer[Deal], error) {
	return withBody[Deal](ctx, a, request, options, func(ctx context.Context, params *DealCardsParams, kind string, body io.Reader, editors ...RequestEditorFn) (*http.Response, error) {
		return a.calls.DealCardsWithBody(ctx, dealID, params, kind, body, editors...)
	})
}

// DealDrills deals practice hands of a theme (POST /v1/drills).
func (a *API) DealDrills(ctx context.Context, request DrillsRequest, options ...CallOption) (*Answer[DrillsResult], error) {
	return withBody[DrillsResult](ctx, a, request, options, a.calls.DealDrillsWithBody)
}

// ListEnumerations lists every enumeration's values with their texts (GET /v1/enumerations).
func (a *API) ListEnumerations(ctx context.Context, options ...CallOption) (*Answer[Enumerations], error) {
	return bodiless[Enumerations](ctx, a, options, a.calls.ListEnumerations)
}

// ClassifyHands names the best hand of some cards (POST /v1/hands/classify).
func (a *API) ClassifyHands(ctx context.Context, request ClassifyRequest, options ...CallOption) (*Answer[ClassifyResult], error) {
	return withBody[ClassifyResult](ctx, a, request, options, a.calls.ClassifyHandsWithBody)
}

// ClassifyBatch names the best hands of several card sets (POST /v1/hands/classify/batch).
func (a *API) ClassifyBatch(ctx context.Context, request ClassifyBatchRequest, options ...CallOption) (*Answer[ClassifyBatchResult], error) {
	return withBody[ClassifyBatchResult](ctx, a, request, options, a.calls.ClassifyBatchWithBody)
}

// SettleTable settles a table, with a receipt (POST /v1/settlements): VerifyAnswer checks it.
func (a *API) SettleTable(ctx context.Context, request SettlementRequest, options ...CallOption) (*Answer[Settlement], error) {
	return withBody[Settlement](ctx, a, request, options, a.calls.SettleTableWithBody)
}

// SettleTables settles several tables, with one receipt (POST /v1/settlements/batch).
func (a *API) SettleTables(ctx context.Context, request SettlementBatchRequest, options ...CallOption) (*Answer[SettlementBatchResult], error) {
	return withBody[SettlementBatchResult](ctx, a, request, options, a.calls.SettleTablesWithBody)
}

// ShowUsage is the tenant's use of its limits (GET /v1/usage).
func (a *API) ShowUsage(ctx context.Context, options ...CallOption) (*Answer[Usage], error) {
	return bodiless[Usage](ctx, a, options, a.calls.ShowUsage)
}

// ListVariants lists the presets and the models the deployment answers from (GET /v1/variants).
func (a *API) ListVariants(ctx context.Context, options ...CallOption) (*Answer[VariantList], error) {
	return bodiless[VariantList](ctx, a, options, a.calls.ListVariants)
}

// ShowVariant shows a preset, or a variant by its fingerprint (GET /v1/variants/{name}).
func (a *API) ShowVariant(ctx context.Context, name string, options ...CallOption) (*Answer[VariantDetail], error) {
	return bodiless[VariantDetail](ctx, a, options, func(ctx context.Context, params *ShowVariantParams, editors ...RequestEditorFn) (*http.Response, error) {
		return a.calls.ShowVariant(ctx, name, params, editors...)
	})
}

// ReceiptKeys is the key set settlement receipts are signed with (GET /.well-known/jwks.json):
// pass its Body to VerifyAnswer.
func (a *API) ReceiptKeys(ctx context.Context, options ...CallOption) (*Answer[ReceiptKeys], error) {
	return bodiless[ReceiptKeys](ctx, a, options, a.calls.ReceiptKeys)
}
