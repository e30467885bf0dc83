package maubinh

import (
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
)

// ProblemError is an error answer of the service: its status, its RFC 9457 problem document
// (Type is one of the ProblemType URNs, Errors has a pointer and an ErrorCode for each bad value
// of a 422) and the answer's headers. Use errors.As to read it.
type ProblemError struct {
	Status  int
	Problem Problem
	Headers AnswerHeaders
}

func (e *ProblemError) Error() string {
	return fmt.Sprintf("%d %s: %s", e.Status, e.Problem.Title, e.Problem.Detail)
}

// Codes are the ErrorCode of each entry of a 422, in order (none for other problems).
func (e *ProblemError) Codes() []ErrorCode {
	var codes []ErrorCode
	if e.Problem.Errors != nil {
		for _, entry := range *e.Problem.Errors {
			codes = append(codes, entry.Code)
		}
	}
	return codes
}

// CheckAnswer is nil for a 2xx or 304 answer, a *ProblemError for a problem document, and an
// error naming the status for anything else (an answer the service never gives).
func CheckAnswer(response *http.Response, body []byte) error {
	if response.StatusCode < 400 {
		return nil
	}
	kind, _, _ := mime.ParseMediaType(response.Header.Get("Content-Type"))
	problem := Problem{}
	if kind != "application/problem+json" || json.Unmarshal(body, &problem) != nil {
		return fmt.Errorf("maubinh: answer %d of type %q is not a problem document", response.StatusCode, kind)
	}
	return &ProblemError{Status: response.StatusCode, Problem: problem, Headers: ReadHeaders(response.Header)}
}
