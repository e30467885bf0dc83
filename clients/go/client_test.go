package maubinh

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// A service that refuses `refusals` times with Retry-After: wait, then answers 200.
func refusing(t *testing.T, refusals int32, wait string) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var sent atomic.Int32
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if string(body) != `{"cards":["As"]}` {
			t.Errorf("attempt %d sent %q: a retry sends the same body", sent.Load()+1, body)
		}
		if sent.Add(1) <= refusals {
			w.Header().Set("Retry-After", wait)
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(429)
			_, _ = w.Write([]byte(`{"type":"urn:maubinh:problem:too-many-requests","title":"Too many requests","status":429,"detail":"wait"}`))
			return
		}
		w.WriteHeader(200)
	}))
	t.Cleanup(server.Close)
	return server, &sent
}

func post(ctx context.Context, t *testing.T, transport http.RoundTripper, url string) *http.Response {
	t.Helper()
	request, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(`{"cards":["As"]}`))
	response, err := transport.RoundTrip(request)
	if err != nil {
		t.Fatal(err)
	}
	return response
}

func TestARefusalIsSentAgainAfterItsRetryAfter(t *testing.T) {
	server, sent := refusing(t, 1, "1")
	started := time.Now()
	response := post(context.Background(), t, &RetryTransport{Retries: 2}, server.URL)
	if response.StatusCode != 200 || sent.Load() != 2 || time.Since(started) < 900*time.Millisecond {
		t.Fatalf("status %d after %d attempts in %v", response.StatusCode, sent.Load(), time.Since(started))
	}
}

func TestAWaitThatWouldOutlastTheDeadlineIsNotBegun(t *testing.T) {
	server, sent := refusing(t, 1, "2")
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	started := time.Now()
	response := post(ctx, t, &RetryTransport{Retries: 2}, server.URL)
	if response.StatusCode != 429 || sent.Load() != 1 || time.Since(started) > 500*time.Millisecond {
		t.Fatalf("status %d after %d attempts in %v", response.StatusCode, sent.Load(), time.Since(started))
	}
	body, _ := io.ReadAll(response.Body)
	var problem *ProblemError
	if err := CheckAnswer(response, body); !errors.As(err, &problem) || problem.Headers.RetryAfter != 2*time.Second {
		t.Fatalf("the refusal as a problem, its Retry-After as a value: %v", err)
	}
}

func TestTooLongAWaitOrNoRetriesAnswerTheRefusal(t *testing.T) {
	server, sent := refusing(t, 5, "11")
	if response := post(context.Background(), t, &RetryTransport{Retries: 2}, server.URL); response.StatusCode != 429 || sent.Load() != 1 {
		t.Fatalf("a wait over the longest (10 s) is not waited: %d after %d", response.StatusCode, sent.Load())
	}
	other, again := refusing(t, 5, "1")
	if response := post(context.Background(), t, &RetryTransport{}, other.URL); response.StatusCode != 429 || again.Load() != 1 {
		t.Fatalf("no retries: %d after %d", response.StatusCode, again.Load())
	}
}

func TestTheAnswersHeadersAreReadIntoValues(t *testing.T) {
	header := http.Header{}
	header.Set("RateLimit-Policy", `"50/second";q=50;w=1, "2000/day";q=2000;w=86400`)
	header.Set("RateLimit", `"50/second";r=43;t=1`)
	header.Set("Retry-After", "3")
	header.Set("X-API-Version", "1.0.0")
	header.Set("Deprecation", "@1796342400")
	read := ReadHeaders(header)
	want := []RateLimitWindow{{"50/second", 50, 1, 43, 1}, {"2000/day", 2000, 86400, -1, -1}}
	if len(read.RateLimits) != 2 || read.RateLimits[0] != want[0] || read.RateLimits[1] != want[1] {
		t.Fatalf("windows %+v", read.RateLimits)
	}
	if read.RetryAfter != 3*time.Second || read.APIVersion != "1.0.0" || read.Deprecation != "@1796342400" {
		t.Fatalf("headers %+v", read)
	}
}

func TestAReceiptsAnswerThatIsNotStrictJSONIsRefusedBeforeItIsRead(t *testing.T) {
	// A forged member placed before the genuine one (a map keeps the last), a comment, NaN.
	for _, answer := range []string{
		`{"bet":"9999","bet":"1","receipt":{}}`,
		`{/* a comment */"receipt":{}}`,
		`{"receipt":{},"x":NaN}`,
	} {
		_, err := VerifyReceipt([]byte(`{}`), []byte(answer), []byte(`{"keys":[]}`), true)
		var refused *ReceiptError
		if !errors.As(err, &refused) || refused.Code != CodeNotStrictJSON ||
			refused.Reason != "the answer is not strict JSON (a member named twice, a comment, NaN...)" {
			t.Fatalf("%s: %v", answer, err)
		}
	}
}

// A service that answers 200 with {} and keeps the headers it was sent.
func recording(t *testing.T) (*httptest.Server, *http.Header) {
	t.Helper()
	seen := &http.Header{}
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		*seen = r.Header.Clone()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(200)
		_, _ = w.Write([]byte(`{}`))
	}))
	t.Cleanup(server.Close)
	return server, seen
}

func TestACallsOwnLanguageAndModelWinOverTheClients(t *testing.T) {
	server, seen := recording(t)
	client, err := New(Options{BaseURL: server.URL, Language: "en", Model: "model-aaaaaaaaaaaaaaaa"})
	if err != nil {
		t.Fatal(err)
	}
	vi, pinned := "vi", "model-bbbbbbbbbbbbbbbb"
	params := &ListVariantsParams{AcceptLanguage: &vi, XModelVersion: &pinned}
	if _, err := client.ListVariantsWithResponse(context.Background(), params); err != nil {
		t.Fatal(err)
	}
	if seen.Get("Accept-Language") != "vi" || seen.Get("X-Model-Version") != pinned {
		t.Fatalf("the call's own: language %q, model %q", seen.Get("Accept-Language"), seen.Get("X-Model-Version"))
	}
	// A call that says neither gets the client's.
	if _, err := client.ListVariantsWithResponse(context.Background(), &ListVariantsParams{}); err != nil {
		t.Fatal(err)
	}
	if seen.Get("Accept-Language") != "en" || seen.Get("X-Model-Version") != "model-aaaaaaaaaaaaaaaa" {
		t.Fatalf("the client's: language %q, model %q", seen.Get("Accept-Language"), seen.Get("X-Model-Version"))
	}
}
