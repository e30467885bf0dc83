package maubinh

import (
	"bytes"
	"io"
	"net/http"
	"strconv"
	"time"
)

// RetryTransport sends a request again after a 429 or 503's Retry-After: every operation of the
// service computes its answer from the request alone and changes nothing, so each may be sent
// again (a retry costs what the request cost). A wait longer than LongestWait, or one that would
// end after the request context's deadline, is not begun: the refusal is the answer. A request
// whose connection broke before an answer came is sent again at once only when it is idempotent
// (the call's Idempotent option, else the transport's): the service may have answered it already,
// and a /play without a seed, or a deal committed, would then be another.
type RetryTransport struct {
	// Base sends each attempt (http.DefaultTransport when nil).
	Base http.RoundTripper
	// Retries is how many times a refusal is sent again.
	Retries int
	// LongestWait is the longest Retry-After worth waiting for (10 s when zero).
	LongestWait time.Duration
	// Idempotent is whether a request whose call did not say may be sent again after its
	// connection broke.
	Idempotent bool
}

// idempotent is the call's Idempotent option, else the transport's.
func (t *RetryTransport) idempotent(request *http.Request) bool {
	if said, ok := request.Context().Value(idempotenceKey{}).(bool); ok {
		return said
	}
	return t.Idempotent
}

// RoundTrip implements http.RoundTripper.
func (t *RetryTransport) RoundTrip(request *http.Request) (*http.Response, error) {
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	longest := t.LongestWait
	if longest == 0 {
		longest = 10 * time.Second
	}
	var body []byte
	if request.Body != nil && t.Retries > 0 {
		read, err := io.ReadAll(request.Body)
		_ = request.Body.Close()
		if err != nil {
			return nil, err
		}
		body = read
	}
	for attempt := 0; ; attempt++ {
		sent := request
		if body != nil {
			sent = request.Clone(request.Context())
			sent.Body = io.NopCloser(bytes.NewReader(body))
		}
		response, err := base.RoundTrip(sent)
		if err != nil {
			// A broken connection opens a new one on the next attempt; a call whose context ended
			// is not sent again.
			if attempt >= t.Retries || request.Context().Err() != nil || !t.idempotent(request) {
				return nil, err
			}
			continue
		}
		if attempt >= t.Retries || (response.StatusCode != 429 && response.StatusCode != 503) {
			return response, nil
		}
		seconds, parsed := strconv.Atoi(response.Header.Get("Retry-After"))
		wait := time.Duration(seconds) * time.Second
		deadline, bounded := request.Context().Deadline()
		if parsed != nil || seconds < 0 || wait > longest || (bounded && time.Now().Add(wait).After(deadline)) {
			return response, nil
		}
		_ = response.Body.Close()
		select {
		case <-request.Context().Done():
			return nil, request.Context().Err()
		case <-time.After(wait):
		}
	}
}
