package maubinh

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/gowebpki/jcs"
)

// The exact canonical form (docs/integrating.md, "Verifying a receipt"): RFC 8785 (JCS), but a
// number is written as JCS writes its double only when that text's exact value is the number's;
// else as its exact value. The service digests a request so, whatever numbers a platform sent.

// exactCanonical is the exact canonical form of a value readStrict read.
func exactCanonical(value any) []byte {
	return appendCanonical(nil, value)
}

func appendCanonical(out []byte, value any) []byte {
	switch v := value.(type) {
	case nil:
		return append(out, "null"...)
	case bool:
		return strconv.AppendBool(out, v)
	case string:
		return appendString(out, v)
	case jsonNumber:
		return append(out, exactNumber(string(v))...)
	case []any:
		out = append(out, '[')
		for i, item := range v {
			if i > 0 {
				out = append(out, ',')
			}
			out = appendCanonical(out, item)
		}
		return append(out, ']')
	case map[string]any:
		return appendObject(out, v)
	}
	panic(fmt.Sprintf("maubinh: %T is not a JSON value", value))
}

// appendObject writes the members sorted by their names' UTF-16 code units, as RFC 8785 wants.
func appendObject(out []byte, members map[string]any) []byte {
	names := make([]string, 0, len(members))
	for name := range members {
		names = append(names, name)
	}
	slices.SortFunc(names, func(a, b string) int {
		return slices.Compare(utf16.Encode([]rune(a)), utf16.Encode([]rune(b)))
	})
	out = append(out, '{')
	for i, name := range names {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(appendString(out, name), ':')
		out = appendCanonical(out, members[name])
	}
	return append(out, '}')
}

var shortEscapes = map[byte]string{'"': `\"`, '\\': `\\`, '\b': `\b`, '\f': `\f`, '\n': `\n`, '\r': `\r`, '\t': `\t`}

// appendString escapes as RFC 8785 does: the short escapes, other controls as \u00xx, the rest as is.
func appendString(out []byte, text string) []byte {
	out = append(out, '"')
	for i := 0; i < len(text); i++ {
		c := text[i]
		if short, ok := shortEscapes[c]; ok {
			out = append(out, short...)
		} else if c < 0x20 {
			out = fmt.Appendf(out, `\u%04x`, c)
		} else {
			out = append(out, c)
		}
	}
	return append(out, '"')
}

// exactNumber writes a number literal in the exact canonical form.
func exactNumber(literal string) string {
	// ParseFloat rounds correctly; out of range it gives ±Inf (no double: the exact form) or 0.
	if double, _ := strconv.ParseFloat(literal, 64); !math.IsInf(double, 0) {
		if written, err := jcs.NumberToJSON(double); err == nil && sameValue(written, literal) {
			return written
		}
	}
	return parseDecimal(literal).exact()
}

// decimal is a number's exact value: digits × 10^exponent, the digits without leading or trailing
// zeros ("" for zero). readStrict bounds an exponent as written to 999,999,999 either way, so the
// exponent, shifted by the digits, holds in an int64.
type decimal struct {
	negative bool
	digits   string
	exponent int64
}

// parseDecimal reads a JSON number literal (readStrict has checked its grammar and its exponent).
func parseDecimal(literal string) decimal {
	d := decimal{negative: strings.HasPrefix(literal, "-")}
	mantissa := strings.TrimPrefix(literal, "-")
	if at := strings.IndexAny(mantissa, "eE"); at >= 0 {
		d.exponent, _ = strconv.ParseInt(mantissa[at+1:], 10, 64) // a sign, then digits: ParseInt takes both
		mantissa = mantissa[:at]
	}
	whole, fraction, _ := strings.Cut(mantissa, ".")
	digits := strings.TrimLeft(whole+fraction, "0")
	d.digits = strings.TrimRight(digits, "0")
	d.exponent += int64(len(digits) - len(d.digits) - len(fraction))
	return d
}

// sameValue is whether two number literals have the same exact value (0 and -0.0 alike).
func sameValue(a, b string) bool {
	x, y := parseDecimal(a), parseDecimal(b)
	if x.digits == "" || y.digits == "" {
		return x.digits == y.digits
	}
	return x == y
}

// exact writes the value as Python writes the Decimal the reference holds: plain digits when its
// first digit's place (Decimal's adjusted()) is within -64..64, else str(Decimal) in lower case,
// which is plain digits too for an integer of that many digits, else "1.5e+400".
func (d decimal) exact() string {
	if d.digits == "" {
		return "0"
	}
	sign := ""
	if d.negative {
		sign = "-"
	}
	adjusted := d.exponent + int64(len(d.digits)-1)
	if -64 <= adjusted && adjusted <= 64 || adjusted > 0 && d.exponent <= 0 {
		return sign + plainDigits(d.digits, int(d.exponent)) // |exponent| <= 64 + digits here
	}
	mantissa := d.digits[:1]
	if len(d.digits) > 1 {
		mantissa += "." + d.digits[1:]
	}
	return sign + mantissa + fmt.Sprintf("e%+d", adjusted)
}

// plainDigits writes digits × 10^exponent with no exponent.
func plainDigits(digits string, exponent int) string {
	if exponent >= 0 {
		return digits + strings.Repeat("0", exponent)
	}
	point := len(digits) + exponent
	if point > 0 {
		return digits[:point] + "." + digits[point:]
	}
	return "0." + strings.Repeat("0", -point) + digits
}
