package maubinh

import (
	"context"
	"net/http"
	"time"
)

// CallOption is one setting of one call (Language, Model, RequestID, Timeout, Idempotent). Each
// is made by the function of its name, so a call's settings are named where they are given: two
// cannot be swapped, and a bare string where an option is wanted does not compile. A call's own
// setting wins over the client's Options.
type CallOption func(*callSettings)

// callSettings are a call's options after the client's defaults and the call's own are merged.
type callSettings struct {
	language, model, requestID string
	timeout                    time.Duration
	// idempotent is nil while neither the call nor the client said (the client's RetryTransport
	// then decides), else what the call said.
	idempotent *bool
}

// Language is the language of this call's problem texts ("en" or "vi"; Accept-Language).
func Language(tag string) CallOption {
	return func(s *callSettings) { s.language = tag }
}

// Model pins this call's answer to a model (X-Model-Version, as an earlier answer's
// Headers.ModelVersion named it).
func Model(version string) CallOption {
	return func(s *callSettings) { s.model = version }
}

// RequestID is this call's X-Request-ID (1-128 letters, digits and ._:-), echoed in the answer's
// Headers.RequestID and in the service's logs.
func RequestID(id string) CallOption {
	return func(s *callSettings) { s.requestID = id }
}

// Timeout bounds this call, its retries' waits and the reading of its answer included (the
// context's own deadline still holds when it is the earlier); zero or less sets none but the
// context's.
func Timeout(limit time.Duration) CallOption {
	return func(s *callSettings) { s.timeout = limit }
}

// Idempotent says whether this call may be sent again after a failure that may have reached the
// service (the connection broke before an answer came), within the client's Retries and the
// call's deadline. A 429 or 503 is sent again after its Retry-After either way: the service
// refused it before doing anything.
func Idempotent(yes bool) CallOption {
	return func(s *callSettings) { s.idempotent = &yes }
}

// settle merges the client's defaults (New has filled in Timeout's) and the call's options, the
// call's last so that they win.
func settle(options Options, calls []CallOption) callSettings {
	settings := callSettings{language: options.Language, model: options.Model, timeout: options.Timeout}
	for _, option := range calls {
		option(&settings)
	}
	return settings
}

// editor sets the call's headers; it runs after the client's editor, so what it sets wins.
func (s callSettings) editor(_ context.Context, request *http.Request) error {
	for name, value := range map[string]string{
		"Accept-Language": s.language, "X-Model-Version": s.model, "X-Request-ID": s.requestID,
	} {
		if value != "" {
			request.Header.Set(name, value)
		}
	}
	return nil
}

// idempotenceKey marks a call's context with its Idempotent option for the RetryTransport.
type idempotenceKey struct{}

// within is the call's context: its deadline, and its idempotence when it said one.
func (s callSettings) within(ctx context.Context) (context.Context, context.CancelFunc) {
	if s.idempotent != nil {
		ctx = context.WithValue(ctx, idempotenceKey{}, *s.idempotent)
	}
	if s.timeout <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, s.timeout)
}
