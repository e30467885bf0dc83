package maubinh

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// RateLimitWindow is one limit as RateLimit-Policy and RateLimit state it (-1: not sent).
type RateLimitWindow struct {
	Name      string
	Quota     int
	Window    int
	Remaining int
	Reset     int
}

// AnswerHeaders are the headers of an answer a caller acts on, read into values.
type AnswerHeaders struct {
	RequestID    string
	APIVersion   string
	ModelVersion string
	ETag         string
	// ContentLanguage is the language the service chose from the call's Accept-Language, "en" or
	// "vi": a problem's title and details are in it.
	ContentLanguage string
	// RetryAfter is the answer's Retry-After (zero when none was sent).
	RetryAfter  time.Duration
	RateLimits  []RateLimitWindow
	Deprecation string
	Sunset      string
}

var windowName = regexp.MustCompile(`^\s*"([^"]*)"`)

func windows(header string) (map[string]map[string]int, []string) {
	found, names := map[string]map[string]int{}, []string{}
	for _, item := range strings.Split(header, ",") {
		name := windowName.FindStringSubmatch(item)
		if name == nil {
			continue
		}
		values := map[string]int{}
		for _, part := range strings.Split(item, ";")[1:] {
			key, value, ok := strings.Cut(strings.TrimSpace(part), "=")
			if number, err := strconv.Atoi(value); ok && err == nil {
				values[key] = number
			}
		}
		found[name[1]] = values
		names = append(names, name[1])
	}
	return found, names
}

func member(values map[string]int, key string) int {
	if value, ok := values[key]; ok {
		return value
	}
	return -1
}

// ReadHeaders reads an answer's request id, contract and model versions, ETag, Content-Language,
// Retry-After, rate-limit windows, and Deprecation and Sunset.
func ReadHeaders(header http.Header) AnswerHeaders {
	policy, names := windows(header.Get("RateLimit-Policy"))
	left, more := windows(header.Get("RateLimit"))
	seen := map[string]bool{}
	read := AnswerHeaders{
		RequestID:       header.Get("X-Request-ID"),
		APIVersion:      header.Get("X-API-Version"),
		ModelVersion:    header.Get("X-Model-Version"),
		ETag:            header.Get("ETag"),
		ContentLanguage: header.Get("Content-Language"),
		Deprecation:     header.Get("Deprecation"),
		Sunset:          header.Get("Sunset"),
	}
	if seconds, err := strconv.Atoi(header.Get("Retry-After")); err == nil && seconds >= 0 {
		read.RetryAfter = time.Duration(seconds) * time.Second
	}
	for _, name := range append(names, more...) {
		if seen[name] {
			continue
		}
		seen[name] = true
		read.RateLimits = append(read.RateLimits, RateLimitWindow{
			Name: name, Quota: member(policy[name], "q"), Window: member(policy[name], "w"),
			Remaining: member(left[name], "r"), Reset: member(left[name], "t"),
		})
	}
	return read
}
