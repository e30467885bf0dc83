package maubinh

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// A service that answers every call with status and text, and keeps the last request's headers
// and body.
type stub struct {
	server  *httptest.Server
	headers http.Header
	body    []byte
}

func answering(t *testing.T, status int, kind, text string) *stub {
	t.Helper()
	kept := &stub{}
	kept.server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		kept.headers = r.Header.Clone()
		kept.body, _ = io.ReadAll(r.Body)
		w.Header().Set("Content-Type", kind)
		w.Header().Set("Content-Language", r.Header.Get("Accept-Language"))
		w.WriteHeader(status)
		_, _ = w.Write([]byte(text))
	}))
	t.Cleanup(kept.server.Close)
	return kept
}

func client(t *testing.T, options Options) *API {
	t.Helper()
	api, err := Connect(options)
	if err != nil {
		t.Fatal(err)
	}
	return api
}

var fouled = Arrangement{Back: []string{"2s", "3d", "5h", "7c", "9s"}, Middle: []string{"As", "Ad", "4c", "6d", "8h"}, Front: []string{"Kc", "Qd", "Jh"}}

func TestAnAnswerIsTypedAndKeepsTheBytesSent(t *testing.T) {
	service := answering(t, 200, "application/json", `{"fouled":true,"reasons":[{"key":"back_weaker_than_middle"}]}`)
	api := client(t, Options{BaseURL: service.server.URL})
	answer, err := api.ValidateArrangement(context.Background(), ValidateRequest{Arrangement: fouled, Variant: Ptr(Preset(PresetNameOnline))})
	if err != nil {
		t.Fatal(err)
	}
	if !answer.Value.Fouled || answer.Value.Reasons[0].Key != FoulCodeBackWeakerThanMiddle {
		t.Fatalf("the answer as its type: %+v", answer.Value)
	}
	if !bytes.Equal(answer.RequestBody, service.body) || !strings.Contains(string(service.body), `"variant":"online"`) {
		t.Fatalf("kept %s, sent %s", answer.RequestBody, service.body)
	}
	if string(answer.Body) != `{"fouled":true,"reasons":[{"key":"back_weaker_than_middle"}]}` {
		t.Fatalf("the answer's text: %s", answer.Body)
	}
}

func TestAProblemIsAProblemErrorAndAnythingElseAnError(t *testing.T) {
	problem := `{"type":"urn:maubinh:problem:invalid-content","title":"Nội dung không hợp lệ","status":422,"detail":"/cards/2",` +
		`"errors":[{"pointer":"/cards/2","code":"card_repeated","detail":"lá bài lặp lại"}]}`
	service := answering(t, 422, "application/problem+json", problem)
	api := client(t, Options{BaseURL: service.server.URL})
	answer, err := api.ClassifyHands(context.Background(), ClassifyRequest{Cards: []CardInput{"As", "Kd", "As"}}, Language("vi"))
	var refused *ProblemError
	if answer != nil || !errors.As(err, &refused) || refused.Status != 422 || refused.Codes()[0] != ErrorCodeCardRepeated {
		t.Fatalf("%v %v", answer, err)
	}
	if refused.Headers.ContentLanguage != "vi" || refused.Problem.Title != "Nội dung không hợp lệ" {
		t.Fatalf("the problem in Vietnamese: %+v", refused)
	}
	// A proxy's page is no problem of the service's; a closed port is no answer at all.
	gateway := answering(t, 502, "text/html", "<h1>Bad gateway</h1>")
	if _, err := client(t, Options{BaseURL: gateway.server.URL}).ClassifyHands(context.Background(), ClassifyRequest{}); err == nil || errors.As(err, &refused) {
		t.Fatalf("a 502 page: %v", err)
	}
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	if _, err := client(t, Options{BaseURL: closed.URL, Retries: -1}).ListVariants(context.Background()); err == nil || errors.As(err, &refused) {
		t.Fatalf("no service: %v", err)
	}
}

// The generated call fills the field of a problem's status (as the README says), and CheckAnswer
// reads the same problem.
func TestTheGeneratedCallFillsTheProblemsField(t *testing.T) {
	service := answering(t, 422, "application/problem+json", `{"type":"urn:maubinh:problem:invalid-content","title":"Invalid content",`+
		`"status":422,"detail":"/cards/2","errors":[{"pointer":"/cards/2","code":"card_repeated","detail":"repeated"}]}`)
	api := client(t, Options{BaseURL: service.server.URL})
	answer, err := api.ClassifyHandsWithResponse(context.Background(), nil, ClassifyRequest{Cards: []CardInput{"As", "Kd", "As"}})
	if err != nil || answer.ApplicationproblemJSON422 == nil || (*answer.ApplicationproblemJSON422.Errors)[0].Code != ErrorCodeCardRepeated {
		t.Fatalf("%+v %v", answer, err)
	}
	var refused *ProblemError
	if !errors.As(CheckAnswer(answer.HTTPResponse, answer.Body), &refused) || refused.Problem.Title != "Invalid content" {
		t.Fatalf("CheckAnswer: %+v", refused)
	}
}

func TestTheAnswersContentLanguageIsRead(t *testing.T) {
	header := http.Header{}
	header.Set("Content-Language", "vi")
	if read := ReadHeaders(header); read.ContentLanguage != "vi" {
		t.Fatalf("Content-Language read as %q", read.ContentLanguage)
	}
}

func TestACallsOwnOptionsWinOverTheClientsAndTheClientsServeTheRest(t *testing.T) {
	service := answering(t, 200, "application/json", `{}`)
	api := client(t, Options{BaseURL: service.server.URL, Language: "en", Model: "model-aaaaaaaaaaaaaaaa"})
	if _, err := api.ListVariants(context.Background(), Language("vi"), Model("model-bbbbbbbbbbbbbbbb"), RequestID("round-7")); err != nil {
		t.Fatal(err)
	}
	sent := service.headers
	if sent.Get("Accept-Language") != "vi" || sent.Get("X-Model-Version") != "model-bbbbbbbbbbbbbbbb" || sent.Get("X-Request-ID") != "round-7" {
		t.Fatalf("the call's own: %v", sent)
	}
	// In any order: each option names what it sets.
	if _, err := api.ListVariants(context.Background(), RequestID("round-8"), Model("model-cccccccccccccccc"), Language("vi")); err != nil {
		t.Fatal(err)
	}
	if sent := service.headers; sent.Get("Accept-Language") != "vi" || sent.Get("X-Model-Version") != "model-cccccccccccccccc" || sent.Get("X-Request-ID") != "round-8" {
		t.Fatalf("the call's own, in another order: %v", sent)
	}
	if _, err := api.ListVariants(context.Background()); err != nil {
		t.Fatal(err)
	}
	if sent := service.headers; sent.Get("Accept-Language") != "en" || sent.Get("X-Model-Version") != "model-aaaaaaaaaaaaaaaa" || sent.Get("X-Request-ID") != "" {
		t.Fatalf("the client's, and no request id (the service makes one): %v", sent)
	}
}

// A service that takes 400 ms to answer (or until the call gives up).
func slow(t *testing.T) string {
	t.Helper()
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(400 * time.Millisecond):
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{}`))
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(server.Close)
	return server.URL
}

// The timeouts are a quarter of the service's 400 ms or five times it: each side of it by a
// margin no scheduler's delay on a loaded machine comes near.
func TestACallsOwnTimeoutWinsOverTheClients(t *testing.T) {
	url := slow(t)
	short, long := 100*time.Millisecond, 2*time.Second
	for _, c := range []struct {
		name          string
		client        time.Duration
		call          []CallOption
		answersInTime bool
	}{
		{"the call's longer", short, []CallOption{Timeout(long)}, true},
		{"the call's shorter", long, []CallOption{Timeout(short)}, false},
		{"the client's, shorter", short, nil, false},
		{"the client's, longer", long, nil, true},
		{"the call's none", short, []CallOption{Timeout(0)}, true},
		{"the client's none", -1, nil, true},
	} {
		_, err := client(t, Options{BaseURL: url, Timeout: c.client}).ShowUsage(context.Background(), c.call...)
		if c.answersInTime != (err == nil) || (err != nil && !errors.Is(err, context.DeadlineExceeded)) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// A service whose first connection breaks before it answers; the next call is answered.
func breaking(t *testing.T) (string, *atomic.Int32) {
	t.Helper()
	var sent atomic.Int32
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.ReadAll(r.Body)
		if sent.Add(1) == 1 {
			connection, _, _ := w.(http.Hijacker).Hijack()
			_ = connection.Close()
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{}`))
	}))
	t.Cleanup(server.Close)
	return server.URL, &sent
}

func TestACallsOwnIdempotenceWinsOverTheClients(t *testing.T) {
	request := PlayRequest{Cards: deal()[0], Level: LevelClub}
	for _, c := range []struct {
		name      string
		client    bool
		call      []CallOption
		sentTwice bool
	}{
		{"the call's yes", false, []CallOption{Idempotent(true)}, true},
		{"the call's no", true, []CallOption{Idempotent(false)}, false},
		{"the client's yes", true, nil, true},
		{"the client's no", false, nil, false},
	} {
		url, sent := breaking(t)
		_, err := client(t, Options{BaseURL: url, Idempotent: c.client}).PlayHand(context.Background(), request, c.call...)
		if c.sentTwice != (err == nil) || sent.Load() != map[bool]int32{true: 2, false: 1}[c.sentTwice] {
			t.Errorf("%s: %d attempts, %v", c.name, sent.Load(), err)
		}
	}
}

func TestTheOneOfValuesAreBuiltInOneStep(t *testing.T) {
	for _, c := range []struct {
		value any
		json  string
	}{
		{Preset(PresetNameOnline), `"online"`},
		{Rules(Variant{Preset: PresetNameClassic, Overrides: &RuleOverrides{ScoopMultiplier: Ptr(3)}}), `{"overrides":{"scoop_multiplier":3},"preset":"classic"}`},
		{Played("an", fouled), `{"arrangement":{"back":["2s","3d","5h","7c","9s"],"front":["Kc","Qd","Jh"],"middle":["As","Ad","4c","6d","8h"]},"id":"an"}`},
		{Seat(PlayedSeat{Id: "an", Arrangement: fouled, DeclareNatural: Ptr(false)}), `{"arrangement":{"back":["2s","3d","5h","7c","9s"],"front":["Kc","Qd","Jh"],"middle":["As","Ad","4c","6d","8h"]},"declare_natural":false,"id":"an"}`},
		{Forfeit("dung"), `{"forfeit":true,"id":"dung"}`},
	} {
		if written, err := json.Marshal(c.value); err != nil || string(written) != c.json {
			t.Errorf("%s, not %s (%v)", written, c.json, err)
		}
	}
}

// Every operation a platform plays has its one-step call; the deployment's probes (health,
// readiness, whose 503 is an answer too), its metrics, the document and the pages are the
// generated calls only.
func TestEveryOperationAPlatformPlaysHasItsOneStepCall(t *testing.T) {
	probesAndPages := map[string]bool{
		"Health": true, "Ready": true, "Metrics": true, "OpenapiDocument": true, "Documentation": true,
		"DocumentationPage": true, "DocumentationAsset": true, "PlaygroundPage": true,
		"PlaygroundPageSlash": true, "PlaygroundAsset": true,
	}
	generated := reflect.TypeOf(&ClientWithResponses{})
	oneStep := reflect.TypeOf(&API{})
	count := 0
	for index := 0; index < generated.NumMethod(); index++ {
		name := generated.Method(index).Name
		operation, ok := strings.CutSuffix(name, "WithResponse")
		if !ok || strings.HasSuffix(operation, "WithBody") || probesAndPages[operation] {
			continue
		}
		count++
		// The generated core's raw call of the same name (answering *http.Response) is promoted
		// to API too: the one-step call is the one that answers an Answer.
		method, found := oneStep.MethodByName(operation)
		if !found || !strings.HasPrefix(method.Type.Out(0).String(), "*maubinh.Answer[") {
			t.Errorf("%s has no one-step call", operation)
		}
	}
	if count != 19 { // openapi.yaml's 29 operations less the 10 above
		t.Fatalf("%d operations", count)
	}
}
