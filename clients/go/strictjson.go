package maubinh

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// Strict JSON, as a dispute needs it (docs/integrating.md, "Verifying a receipt", step 1): a text
// two readers could read two ways is refused. RFC 8259's grammar and nothing more, UTF-8 only, no
// object naming a member twice (which one would a reader keep?) and no lone surrogate escape (it
// has no UTF-8 form). encoding/json will not do: it keeps the last of two members and replaces
// invalid UTF-8 and lone surrogates silently.

// jsonNumber is a number as written: its exact value is the literal's, which a float64 may not hold.
type jsonNumber string

// Two limits every client's reader keeps alike (RFC 8259, section 9, lets a reader set them), so
// that no text is strict JSON to one verifier and not to another: arrays and objects nest at most
// maxDepth deep, and a number's exponent as written (leading zeros aside) is at most maxExponent
// either way.
const (
	maxDepth    = 200
	maxExponent = 999_999_999
)

type strictReader struct {
	text  []byte
	at    int
	depth int
}

// readStrict reads text as strict JSON into nil, bool, string, jsonNumber, []any and map[string]any.
func readStrict(text []byte) (any, error) {
	if !utf8.Valid(text) {
		return nil, errors.New("not UTF-8")
	}
	r := &strictReader{text: text}
	value, err := r.value()
	if err != nil {
		return nil, err
	}
	r.space()
	if r.at != len(r.text) {
		return nil, r.fail("text after the value")
	}
	return value, nil
}

func (r *strictReader) fail(what string) error {
	return fmt.Errorf("%s at byte %d", what, r.at)
}

func (r *strictReader) space() {
	for r.at < len(r.text) {
		switch r.text[r.at] {
		case ' ', '\t', '\n', '\r':
			r.at++
		default:
			return
		}
	}
}

// consume steps over c if it is next.
func (r *strictReader) consume(c byte) bool {
	if r.at < len(r.text) && r.text[r.at] == c {
		r.at++
		return true
	}
	return false
}

var literals = []struct {
	word  string
	value any
}{{"true", true}, {"false", false}, {"null", nil}}

func (r *strictReader) value() (any, error) {
	r.space()
	if r.at == len(r.text) {
		return nil, r.fail("no value")
	}
	switch c := r.text[r.at]; {
	case c == '{':
		return r.object()
	case c == '[':
		return r.array()
	case c == '"':
		return r.string()
	case c == '-' || '0' <= c && c <= '9':
		return r.number()
	}
	for _, literal := range literals {
		if bytes.HasPrefix(r.text[r.at:], []byte(literal.word)) {
			r.at += len(literal.word)
			return literal.value, nil
		}
	}
	return nil, r.fail("not a JSON value")
}

func (r *strictReader) enter() error {
	if r.depth++; r.depth > maxDepth {
		return r.fail("nested too deep")
	}
	return nil
}

func (r *strictReader) object() (any, error) {
	if err := r.enter(); err != nil {
		return nil, err
	}
	defer func() { r.depth-- }()
	r.at++
	members := map[string]any{}
	if r.space(); r.consume('}') {
		return members, nil
	}
	for {
		if r.space(); r.at == len(r.text) || r.text[r.at] != '"' {
			return nil, r.fail("a member without a quoted name")
		}
		name, err := r.string()
		if err != nil {
			return nil, err
		}
		if _, twice := members[name]; twice {
			return nil, r.fail(fmt.Sprintf("a member named twice (%q)", name))
		}
		if r.space(); !r.consume(':') {
			return nil, r.fail("a name without its colon")
		}
		if members[name], err = r.value(); err != nil {
			return nil, err
		}
		if r.space(); r.consume('}') {
			return members, nil
		}
		if !r.consume(',') {
			return nil, r.fail("an object not closed")
		}
	}
}

func (r *strictReader) array() (any, error) {
	if err := r.enter(); err != nil {
		return nil, err
	}
	defer func() { r.depth-- }()
	r.at++
	items := []any{}
	if r.space(); r.consume(']') {
		return items, nil
	}
	for {
		item, err := r.value()
		if err != nil {
			return nil, err
		}
		items = append(items, item)
		if r.space(); r.consume(']') {
			return items, nil
		}
		if !r.consume(',') {
			return nil, r.fail("an array not closed")
		}
	}
}

// number keeps the literal: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (r *strictReader) number() (any, error) {
	start := r.at
	r.consume('-')
	if !r.consume('0') && r.digits() == 0 {
		return nil, r.fail("a number without digits")
	}
	if r.consume('.') && r.digits() == 0 {
		return nil, r.fail("a number without digits after its point")
	}
	if r.consume('e') || r.consume('E') {
		if !r.consume('+') {
			r.consume('-')
		}
		exponent := r.at
		if r.digits() == 0 {
			return nil, r.fail("a number without digits in its exponent")
		}
		if !withinExponent(r.text[exponent:r.at]) {
			return nil, r.fail(fmt.Sprintf("an exponent beyond %d", maxExponent))
		}
	}
	return jsonNumber(r.text[start:r.at]), nil
}

// withinExponent is whether an exponent's digits, leading zeros aside, are at most maxExponent
// (never parsed whole: they may be any length).
func withinExponent(digits []byte) bool {
	significant := bytes.TrimLeft(digits, "0")
	if len(significant) > len(strconv.Itoa(maxExponent)) {
		return false
	}
	value, _ := strconv.Atoi(string(significant)) // "" (all zeros) reads as 0
	return value <= maxExponent
}

func (r *strictReader) digits() int {
	start := r.at
	for r.at < len(r.text) && '0' <= r.text[r.at] && r.text[r.at] <= '9' {
		r.at++
	}
	return r.at - start
}

func (r *strictReader) string() (string, error) {
	r.at++
	var out []byte
	for r.at < len(r.text) {
		switch c := r.text[r.at]; {
		case c == '"':
			r.at++
			return string(out), nil
		case c < 0x20:
			return "", r.fail("a raw control character in a string")
		case c == '\\':
			var err error
			if out, err = r.escape(out); err != nil {
				return "", err
			}
		default: // the text is valid UTF-8: a multi-byte character's bytes are copied one by one
			out = append(out, c)
			r.at++
		}
	}
	return "", r.fail("a string not closed")
}

var escapes = map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// escape appends the character of the escape at r.at; a surrogate pair's two escapes are one.
func (r *strictReader) escape(out []byte) ([]byte, error) {
	if r.at+1 < len(r.text) {
		if plain, ok := escapes[r.text[r.at+1]]; ok {
			r.at += 2
			return append(out, plain), nil
		}
	}
	unit, ok := r.unit(r.at)
	if !ok {
		return nil, r.fail("an unknown escape")
	}
	r.at += 6
	if 0xD800 <= unit && unit < 0xDC00 {
		if low, ok := r.unit(r.at); ok && 0xDC00 <= low && low < 0xE000 {
			r.at += 6
			return utf8.AppendRune(out, utf16.DecodeRune(unit, low)), nil
		}
	}
	if utf16.IsSurrogate(unit) {
		return nil, r.fail(`a lone surrogate (\ud800 to \udfff alone)`)
	}
	return utf8.AppendRune(out, unit), nil
}

// unit is the code unit of a \uXXXX escape at at, if one is there.
func (r *strictReader) unit(at int) (rune, bool) {
	if at+6 > len(r.text) || r.text[at] != '\\' || r.text[at+1] != 'u' {
		return 0, false
	}
	var unit rune
	for _, c := range r.text[at+2 : at+6] {
		var digit byte
		switch {
		case '0' <= c && c <= '9':
			digit = c - '0'
		case 'a' <= c && c <= 'f':
			digit = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			digit = c - 'A' + 10
		default:
			return 0, false
		}
		unit = unit<<4 | rune(digit)
	}
	return unit, true
}
