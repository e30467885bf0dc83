// Package maubinh is a client of maubinh-api, the Mậu Binh (Binh Xập Xám) hand-analysis service.
//
// Its core (maubinh.gen.go: the types, and a function per operation) is what oapi-codegen writes
// from the service's openapi.yaml (make client-go). This file and its neighbours are written by
// hand: a client with the key, language and pinned model on every request and retries after
// Retry-After within the call's deadline (New), problems as a typed error (CheckAnswer,
// *ProblemError), the answer's headers as values (ReadHeaders), the offline check of a
// settlement's receipt (VerifyReceipt) and of a deal (VerifyDeal), and hand records
// (BuildHandRecord, VerifyHandRecords). It depends on net/http and the generator's own runtime.
package maubinh

import (
	"context"
	"net/http"
	"time"
)

// Version is this client's release: the contract (openapi.yaml, X-API-Version) it was generated
// from. It is sent in User-Agent.
const Version = "1.0.0"

// Options say where the service is and how to call it; only BaseURL is needed.
type Options struct {
	// BaseURL is where the service answers, e.g. http://127.0.0.1:8000.
	BaseURL string
	// APIKey is the tenant's key, sent as Authorization: Bearer (none on an open deployment).
	APIKey string
	// Language is the language of problem texts, "en" (the default) or "vi", for the calls that do
	// not say their own (a call's AcceptLanguage wins).
	Language string
	// Model pins every answer to a model (X-Model-Version, as an earlier answer named it), but for
	// the calls that pin their own (a call's XModelVersion wins).
	Model string
	// Retries is how many times a 429 or 503 is sent again after its Retry-After (default 2;
	// negative turns retries off).
	Retries int
	// LongestWait is the longest Retry-After worth waiting for (default 10 s).
	LongestWait time.Duration
	// HTTPClient sends the requests (default: a client of its own with a 30 s timeout); its
	// transport is wrapped in a RetryTransport.
	HTTPClient *http.Client
}

// New is a client of the service: every operation of openapi.yaml as a method of the generated
// ClientWithResponses, each taking the call's context (its deadline bounds the retries' waits).
func New(options Options) (*ClientWithResponses, error) {
	base := options.HTTPClient
	if base == nil {
		base = &http.Client{Timeout: 30 * time.Second}
	}
	retries := options.Retries
	if retries == 0 {
		retries = 2
	} else if retries < 0 {
		retries = 0
	}
	sender := *base
	sender.Transport = &RetryTransport{Base: base.Transport, Retries: retries, LongestWait: options.LongestWait}
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
	return NewClientWithResponses(options.BaseURL, WithHTTPClient(&sender), WithRequestEditorFn(editor))
}
