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
// end after the request context's deadline, is not begun: the refusal is the answer.
type RetryTransport struct {
	// Base sends each attempt (http.DefaultTransport when nil).
	Base http.RoundTripper
	// Retries is how many times a refusal is sent again.
	Retries int
	// LongestWait is the longest Retry-After worth waiting for (10 s when zero).
	LongestWait time.Duration
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
		if err != nil || attempt >= t.Retries || (response.StatusCode != 429 && response.StatusCode != 503) {
			return response, err
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
