// Package maubinh is a client of maubinh-api, the Mậu Binh (Binh Xập Xám) hand-analysis service.
//
// Its core (maubinh.gen.go: the types, and a function per operation) is what oapi-codegen writes
// from the service's openapi.yaml (make client-go). This file and its neighbours are written by
// hand: a client with the key, language and pinned model on every request and retries after
// Retry-After within the call's deadline (New), a method per JSON operation that returns the
// typed answer in one step with per-call options (API, CallOption), the one-of values built in
// one step (Preset, Played, Forfeit, Ptr), problems as a typed error (*ProblemError), the
// answer's headers as values (ReadHeaders), the offline check of a settlement's receipt
// (VerifyAnswer, VerifyReceipt) and of a deal (VerifyDeal), and hand records (BuildHandRecord,
// VerifyHandRecords). It depends on net/http and the generator's own runtime.
package maubinh

import (
	"context"
	"net/http"
	"time"
)

// Version is this client's release: the contract (openapi.yaml, X-API-Version) it was generated
// from. It is sent in User-Agent.
const Version = "1.0.0"

// Options say where the service is and how to call it; only BaseURL is needed. A call's own
// CallOptions win over these.
type Options struct {
	// BaseURL is where the service answers, e.g. http://127.0.0.1:8000.
	BaseURL string
	// APIKey is the tenant's key, sent as Authorization: Bearer (none on an open deployment).
	APIKey string
	// Language is the language of problem texts, "en" (the default) or "vi", for the calls that do
	// not say their own (Language, or a generated call's AcceptLanguage).
	Language string
	// Model pins every answer to a model (X-Model-Version, as an earlier answer named it), but for
	// the calls that pin their own (Model, or a generated call's XModelVersion).
	Model string
	// Timeout bounds each call that does not bring its own (Timeout), retries included (default
	// 30 s; negative: none but the call's context's). The generated calls take it as their HTTP
	// client's timeout.
	Timeout time.Duration
	// Idempotent is whether calls that do not say (Idempotent) may be sent again after the
	// connection broke before an answer came (default false: only a 429 or 503 is sent again).
	Idempotent bool
	// Retries is how many times a call is sent again (default 2; negative turns retries off).
	Retries int
	// LongestWait is the longest Retry-After worth waiting for (default 10 s).
	LongestWait time.Duration
	// HTTPClient sends the requests (default: a client of its own); its transport is wrapped in a
	// RetryTransport, and a Timeout of its own bounds every call too.
	HTTPClient *http.Client
}

// defaultTimeout bounds a call when neither it nor the client says otherwise.
const defaultTimeout = 30 * time.Second

// Connect is a client of the service: a method per JSON operation that returns its typed answer in
// one step (API), and every operation of openapi.yaml as a generated method too.
func Connect(options Options) (*API, error) {
	base := options.HTTPClient
	if base == nil {
		base = &http.Client{}
	}
	if options.Timeout == 0 {
		options.Timeout = defaultTimeout
	}
	retries := options.Retries
	if retries == 0 {
		retries = 2
	} else if retries < 0 {
		retries = 0
	}
	sender := *base
	sender.Transport = &RetryTransport{
		Base: base.Transport, Retries: retries, LongestWait: options.LongestWait, Idempotent: options.Idempotent,
	}
	editor := func(_ context.Context, request *http.Request) error {
		request.Header.Set("User-Agent", "maubinh-client-go/"+Version)
		if options.APIKey != "" {
			request.Header.Set("Authorization", "Bearer "+options.APIKey)
		}
		// A call's own language and model (its params) win over the client's.
		if options.Language != "" && request.Header.Get("Accept-Language") == "" {
			request.Header.Set("Accept-Language", options.Language)
		}
		if options.Model != "" && request.Header.Get("X-Model-Version") == "" {
			request.Header.Set("X-Model-Version", options.Model)
		}
		return nil
	}
	// The one-step calls bring their deadline in their context; the generated ones have the
	// client's Timeout as their HTTP client's, unless the HTTPClient given has its own.
	calls, err := NewClient(options.BaseURL, WithHTTPClient(&sender), WithRequestEditorFn(editor))
	if err != nil {
		return nil, err
	}
	generated := sender
	if generated.Timeout == 0 && options.Timeout > 0 {
		generated.Timeout = options.Timeout
	}
	core, err := NewClientWithResponses(options.BaseURL, WithHTTPClient(&generated), WithRequestEditorFn(editor))
	if err != nil {
		return nil, err
	}
	return &API{ClientWithResponses: core, calls: calls, options: options}, nil
}

// New is the client 1.0.0 gave: the generated methods alone (each answer read with CheckAnswer),
// with the same options. It stays so that code written against 1.0.0, which passes the client on
// as a *ClientWithResponses, builds unchanged; Connect's API embeds the same client.
func New(options Options) (*ClientWithResponses, error) {
	api, err := Connect(options)
	if err != nil {
		return nil, err
	}
	return api.ClientWithResponses, nil
}
