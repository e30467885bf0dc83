package maubinh

// The conformance scenario (tests/conformance/scenario.json in the repository), as this client
// plays it: every step sent through the generated types, what must hold checked on the answer as
// those types read it, a line per step passed written to MAUBINH_REPORT. The round is played again
// through MAUBINH_FUTURE_URL, a proxy whose answers carry what no 1.0 client knows.
// tests/client/test_conformance.py starts the service and the proxy, and holds the report against
// the scenario.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

type step struct {
	ID          string                     `json:"id"`
	Round       bool                       `json:"round"`
	Operation   string                     `json:"operation"`
	Body        json.RawMessage            `json:"body"`
	Path        map[string]json.RawMessage `json:"path"`
	Headers     map[string]json.RawMessage `json:"headers"`
	Client      map[string]json.RawMessage `json:"client"`
	Receipt     *receiptStep               `json:"receipt"`
	Deal        *dealStep                  `json:"deal"`
	RepeatUntil int                        `json:"repeat_until_status"`
	AtMost      int                        `json:"at_most"`
	Expect      expectation                `json:"expect"`
}

type receiptStep struct {
	Of      string   `json:"of"`
	Keys    string   `json:"keys"`
	Replace []string `json:"replace"`
	Tenant  string   `json:"tenant"`
}

// dealStep names the steps whose answers a deal is checked with: the commitment, the deal, the key set.
type dealStep struct {
	Commitment string `json:"commitment"`
	Of         string `json:"of"`
	Keys       string `json:"keys"`
	Tenant     string `json:"tenant"`
}

type sameAs struct {
	Pointer string          `json:"pointer"`
	As      json.RawMessage `json:"as"`
	Drop    []string        `json:"drop"`
}

type expectation struct {
	Status         int                        `json:"status"`
	Equal          map[string]any             `json:"equal"`
	Present        []string                   `json:"present"`
	Length         map[string]int             `json:"length"`
	Same           []sameAs                   `json:"same"`
	DecimalSumZero []string                   `json:"decimal_sum_zero"`
	Headers        map[string]string          `json:"headers"`
	HeadersPresent []string                   `json:"headers_present"`
	HeadersSame    map[string]json.RawMessage `json:"headers_same"`
	WaitedAtLeast  float64                    `json:"waited_at_least_seconds"`
	Receipt        string                     `json:"receipt"`
	Deal           string                     `json:"deal"`
}

type scenario struct {
	Keys  map[string]string `json:"keys"`
	Steps []step            `json:"steps"`
}

// observation is an answer as this client read it: its body is the generated type's value (or the
// *ProblemError's problem) written back as JSON.
type observation struct {
	status  int
	headers http.Header
	body    any
	text    []byte
	request []byte
	seconds float64
}

type input struct {
	body    json.RawMessage
	params  map[string]string
	path    map[string]string
	request []byte
}

type operation func(ctx context.Context, in *input) (any, error)

// rawAnswer is an answer read by hand: GET /openapi.yaml, whose generated parse reads the YAML
// document into a string and fails (README, "What the generator needed").
type rawAnswer struct {
	Body         []byte
	HTTPResponse *http.Response
}

// operationNamed is the generated call of an operation, found by its operationId: the client's
// <OperationId>WithResponse method, given what its generated types read of the step (a path
// parameter, the Params of its headers, the body's type). No table of operations to keep: an
// operation the spec gains is played as soon as the client is generated again.
func operationNamed(c *ClientWithResponses, name string) (operation, bool) {
	if name == "openapiDocument" {
		return openapiDocument(c), true
	}
	method := reflect.ValueOf(c).MethodByName(strings.ToUpper(name[:1]) + name[1:] + "WithResponse")
	if !method.IsValid() {
		return nil, false
	}
	return func(ctx context.Context, in *input) (any, error) {
		args, err := arguments(method.Type(), ctx, in)
		if err != nil {
			return nil, err
		}
		out := method.Call(args)
		err, _ = out[1].Interface().(error)
		return out[0].Interface(), err
	}, true
}

// arguments reads the step as the call's parameters: the context, then in the generated order a
// path parameter (a string type: an operation has one at most), its *Params (the headers, by
// their json tags) and its body; the variadic request editors are left out.
func arguments(call reflect.Type, ctx context.Context, in *input) ([]reflect.Value, error) {
	args := []reflect.Value{reflect.ValueOf(ctx)}
	for i := 1; i < call.NumIn()-1; i++ {
		kind := call.In(i)
		switch {
		case kind.Kind() == reflect.String:
			if len(in.path) != 1 {
				return nil, fmt.Errorf("the step names %d path parameters, the operation takes one", len(in.path))
			}
			for _, value := range in.path {
				args = append(args, reflect.ValueOf(value).Convert(kind))
			}
		case kind.Kind() == reflect.Pointer && strings.HasSuffix(kind.Elem().Name(), "Params"):
			params := reflect.New(kind.Elem())
			text, _ := json.Marshal(in.params) // the Params structs name their fields by header: json tags
			if err := json.Unmarshal(text, params.Interface()); err != nil {
				return nil, err
			}
			args = append(args, params)
		default:
			body := reflect.New(kind)
			if err := json.Unmarshal(in.body, body.Interface()); err != nil {
				return nil, fmt.Errorf("the body does not read as %s: %w", kind, err)
			}
			in.request, _ = json.Marshal(body.Interface())
			args = append(args, body.Elem())
		}
	}
	return args, nil
}

func openapiDocument(c *ClientWithResponses) operation {
	return func(ctx context.Context, in *input) (any, error) {
		params := new(OpenapiDocumentParams)
		text, _ := json.Marshal(in.params)
		if err := json.Unmarshal(text, params); err != nil {
			return nil, err
		}
		response, err := c.OpenapiDocument(ctx, params)
		if err != nil {
			return nil, err
		}
		defer response.Body.Close()
		body, err := io.ReadAll(response.Body)
		return &rawAnswer{Body: body, HTTPResponse: response}, err
	}
}

type run struct {
	scenario scenario
	seen     map[string]*observation
}

func pointerOf(document any, path string) (any, error) {
	value := document
	if path == "" {
		return value, nil
	}
	for _, token := range strings.Split(path, "/")[1:] {
		token = strings.ReplaceAll(strings.ReplaceAll(token, "~1", "/"), "~0", "~")
		switch node := value.(type) {
		case map[string]any:
			found, ok := node[token]
			if !ok {
				return nil, fmt.Errorf("nothing at %s", path)
			}
			value = found
		case []any:
			index, err := strconv.Atoi(token)
			if err != nil || index < 0 || index >= len(node) {
				return nil, fmt.Errorf("nothing at %s", path)
			}
			value = node[index]
		default:
			return nil, fmt.Errorf("nothing at %s", path)
		}
	}
	return value, nil
}

func expand(document any, path string) ([]any, error) {
	head, rest, star := strings.Cut(path, "/*")
	if !star {
		value, err := pointerOf(document, path)
		return []any{value}, err
	}
	items, err := pointerOf(document, head)
	list, ok := items.([]any)
	if err != nil || !ok {
		return nil, fmt.Errorf("no array at %s", head)
	}
	var found []any
	for _, item := range list {
		values, err := expand(item, rest)
		if err != nil {
			return nil, err
		}
		found = append(found, values...)
	}
	return found, nil
}

// resolve replaces each {"$from": step, "pointer"|"header": ...} of a step's data with what that
// step answered.
func (r *run) resolve(value any) (any, error) {
	switch node := value.(type) {
	case []any:
		out := make([]any, len(node))
		for i, item := range node {
			resolved, err := r.resolve(item)
			if err != nil {
				return nil, err
			}
			out[i] = resolved
		}
		return out, nil
	case map[string]any:
		if from, ok := node["$from"].(string); ok {
			seen := r.seen[from]
			if seen == nil {
				return nil, fmt.Errorf("no step %s before", from)
			}
			if header, ok := node["header"].(string); ok {
				return seen.headers.Get(header), nil
			}
			path, _ := node["pointer"].(string)
			return pointerOf(seen.body, path)
		}
		out := map[string]any{}
		for name, item := range node {
			resolved, err := r.resolve(item)
			if err != nil {
				return nil, err
			}
			out[name] = resolved
		}
		return out, nil
	}
	return value, nil
}

func (r *run) resolveRaw(raw json.RawMessage) (any, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	var value any
	if err := json.Unmarshal(raw, &value); err != nil {
		return nil, err
	}
	return r.resolve(value)
}

func (r *run) text(raw json.RawMessage) (string, error) {
	value, err := r.resolveRaw(raw)
	if err != nil {
		return "", err
	}
	if text, ok := value.(string); ok {
		return text, nil
	}
	return "", fmt.Errorf("%s is not a text", raw)
}

func (r *run) client(s step, base string) (*ClientWithResponses, error) {
	// Redirects are not followed: a 308 is the answer the contract documents, as a step checks it.
	noRedirect := &http.Client{
		Timeout:       30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	options := Options{BaseURL: base, APIKey: r.scenario.Keys["platform"], HTTPClient: noRedirect}
	if raw, ok := s.Client["key"]; ok {
		var name string
		_ = json.Unmarshal(raw, &name)
		options.APIKey = r.scenario.Keys[name]
	}
	if raw, ok := s.Client["language"]; ok {
		_ = json.Unmarshal(raw, &options.Language)
	}
	if raw, ok := s.Client["retries"]; ok {
		_ = json.Unmarshal(raw, &options.Retries)
		if options.Retries == 0 {
			options.Retries = -1 // Options: negative turns retries off
		}
	}
	if raw, ok := s.Client["model"]; ok {
		model, err := r.text(raw)
		if err != nil {
			return nil, err
		}
		options.Model = model
	}
	api, err := Connect(options)
	if err != nil {
		return nil, err
	}
	return api.ClientWithResponses, nil // the scenario plays every operation, generated calls too
}

// read is the answer as the generated types read it.
func read(answer any) (*observation, error) {
	value := reflect.ValueOf(answer).Elem()
	response, _ := value.FieldByName("HTTPResponse").Interface().(*http.Response)
	text, _ := value.FieldByName("Body").Interface().([]byte)
	seen := &observation{status: response.StatusCode, headers: response.Header, text: text}
	var typed any
	if problem := CheckAnswer(response, text); problem != nil {
		var refused *ProblemError
		if !errors.As(problem, &refused) {
			return nil, problem
		}
		typed = refused.Problem
	} else if field := value.FieldByName("JSON200"); field.IsValid() && !field.IsNil() {
		typed = field.Interface()
	}
	if typed != nil {
		written, err := json.Marshal(typed)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(written, &seen.body); err != nil {
			return nil, err
		}
	}
	return seen, nil
}

func (r *run) send(s step, base string) (*observation, error) {
	client, err := r.client(s, base)
	if err != nil {
		return nil, err
	}
	in := &input{params: map[string]string{}, path: map[string]string{}}
	if body, err := r.resolveRaw(s.Body); err != nil {
		return nil, err
	} else if body != nil {
		in.body, _ = json.Marshal(body)
	}
	for name, raw := range s.Path {
		if in.path[name], err = r.text(raw); err != nil {
			return nil, err
		}
	}
	for name, raw := range s.Headers {
		if in.params[name], err = r.text(raw); err != nil {
			return nil, err
		}
	}
	call, ok := operationNamed(client, s.Operation)
	if !ok {
		return nil, fmt.Errorf("no operation %s in this client", s.Operation)
	}
	var seen *observation
	for attempt := 0; attempt < max(s.AtMost, 1); attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		started := time.Now()
		answer, err := call(ctx, in)
		cancel()
		if err != nil {
			return nil, err
		}
		if seen, err = read(answer); err != nil {
			return nil, err
		}
		seen.seconds, seen.request = time.Since(started).Seconds(), in.request
		if s.RepeatUntil == 0 || seen.status == s.RepeatUntil {
			break
		}
	}
	return seen, nil
}

func without(value any, drop []string) any {
	node, ok := value.(map[string]any)
	if !ok {
		return value
	}
	out := map[string]any{}
	for name, item := range node {
		out[name] = item
	}
	for _, name := range drop {
		delete(out, name)
	}
	return out
}

func (r *run) check(s step, seen *observation) error {
	e := s.Expect
	if seen.status != e.Status {
		return fmt.Errorf("status %d, not %d: %s", seen.status, e.Status, seen.text)
	}
	for path, want := range e.Equal {
		if found, err := pointerOf(seen.body, path); err != nil || !reflect.DeepEqual(found, want) {
			return fmt.Errorf("%s is %v, not %v", path, found, want)
		}
	}
	for _, path := range e.Present {
		if found, err := pointerOf(seen.body, path); err != nil || found == nil {
			return fmt.Errorf("nothing at %s", path)
		}
	}
	for path, count := range e.Length {
		if found, err := pointerOf(seen.body, path); err != nil || reflect.ValueOf(found).Len() != count {
			return fmt.Errorf("%s does not hold %d", path, count)
		}
	}
	for _, same := range e.Same {
		mine, err := pointerOf(seen.body, same.Pointer)
		if err != nil {
			return err
		}
		theirs, err := r.resolveRaw(same.As)
		if err != nil {
			return err
		}
		if !reflect.DeepEqual(without(mine, same.Drop), without(theirs, same.Drop)) {
			return fmt.Errorf("%s is not %s", same.Pointer, same.As)
		}
	}
	if len(e.DecimalSumZero) > 0 {
		total := new(big.Rat)
		for _, path := range e.DecimalSumZero {
			amounts, err := expand(seen.body, path)
			if err != nil {
				return err
			}
			for _, amount := range amounts {
				text, _ := amount.(string)
				value, ok := new(big.Rat).SetString(text)
				if !ok {
					return fmt.Errorf("%s holds %v, not a decimal text", path, amount)
				}
				total.Add(total, value)
			}
		}
		if total.Sign() != 0 {
			return fmt.Errorf("the amounts add up to %s, not 0", total.FloatString(4))
		}
	}
	for name, want := range e.Headers {
		if seen.headers.Get(name) != want {
			return fmt.Errorf("%s is %q, not %q", name, seen.headers.Get(name), want)
		}
	}
	for _, name := range e.HeadersPresent {
		if seen.headers.Get(name) == "" {
			return fmt.Errorf("no %s", name)
		}
	}
	for name, raw := range e.HeadersSame {
		if want, err := r.text(raw); err != nil || seen.headers.Get(name) != want {
			return fmt.Errorf("%s is %q, not %s", name, seen.headers.Get(name), raw)
		}
	}
	if e.WaitedAtLeast > 0 && seen.seconds < e.WaitedAtLeast {
		return fmt.Errorf("answered in %.3f s, without waiting", seen.seconds)
	}
	return nil
}

func (r *run) verify(s step) string {
	settled, keys := r.seen[s.Receipt.Of], r.seen[s.Receipt.Keys]
	answer := string(settled.text)
	if len(s.Receipt.Replace) == 2 {
		answer = strings.Replace(answer, s.Receipt.Replace[0], s.Receipt.Replace[1], 1)
	}
	if _, err := VerifyReceiptFor(settled.request, []byte(answer), keys.text, true, s.Receipt.Tenant); err != nil {
		var refused *ReceiptError
		if errors.As(err, &refused) {
			return refused.Reason
		}
		return err.Error()
	}
	return "holds"
}

// verifyDeal checks a deal offline from the answers' texts, as they came: "holds", or the code of
// the first step that fails.
func (r *run) verifyDeal(s step) string {
	check := s.Deal
	commitment, dealt, keys := r.seen[check.Commitment], r.seen[check.Of], r.seen[check.Keys]
	if commitment == nil || dealt == nil || keys == nil {
		return "without the steps it names"
	}
	if _, err := VerifyDealFor(commitment.text, dealt.text, keys.text, true, check.Tenant); err != nil {
		var refused *DealError
		if errors.As(err, &refused) {
			return refused.Code
		}
		return err.Error()
	}
	return "holds"
}

func play(t *testing.T, plan scenario, base string, future bool, report *os.File) {
	r := &run{scenario: plan, seen: map[string]*observation{}}
	for _, s := range plan.Steps {
		if future && !s.Round {
			continue
		}
		started := time.Now()
		if s.Receipt != nil {
			if outcome := r.verify(s); outcome != s.Expect.Receipt {
				t.Fatalf("%s: the receipt %s", s.ID, outcome)
			}
		} else if s.Deal != nil {
			if outcome := r.verifyDeal(s); outcome != s.Expect.Deal {
				t.Fatalf("%s: the deal %s", s.ID, outcome)
			}
		} else {
			seen, err := r.send(s, base)
			if err == nil {
				err = r.check(s, seen)
			}
			if err != nil {
				t.Fatalf("%s (future %v): %v", s.ID, future, err)
			}
			r.seen[s.ID] = seen
		}
		line, _ := json.Marshal(map[string]any{"step": s.ID, "future": future, "ms": float64(time.Since(started).Microseconds()) / 1000})
		if _, err := report.Write(append(line, '\n')); err != nil {
			t.Fatal(err)
		}
	}
}

func TestConformance(t *testing.T) {
	url, future, file := os.Getenv("MAUBINH_URL"), os.Getenv("MAUBINH_FUTURE_URL"), os.Getenv("MAUBINH_SCENARIO")
	if url == "" || future == "" || file == "" {
		t.Skip("MAUBINH_URL, MAUBINH_FUTURE_URL and MAUBINH_SCENARIO are not set: no service to play against")
	}
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var plan scenario
	if err := json.Unmarshal(text, &plan); err != nil {
		t.Fatal(err)
	}
	report, err := os.OpenFile(os.Getenv("MAUBINH_REPORT"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer report.Close()
	play(t, plan, url, false, report)
	play(t, plan, future, true, report)
}
