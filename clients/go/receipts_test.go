package maubinh

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
)

// The shared corpus (tests/conformance/receipts.json): receipts as a platform stores them, genuine
// and forged, each with the verdict every verifier must give. It needs no service, so it runs in
// test_go_client.py's `go test ./...` under make test.
func TestTheCorpusOfReceiptsIsJudgedAsTheReferenceDoes(t *testing.T) {
	text, err := os.ReadFile("../../tests/conformance/receipts.json")
	if err != nil {
		t.Fatal(err)
	}
	var corpus struct {
		KeySets map[string]json.RawMessage `json:"key_sets"`
		Cases   []struct {
			ID               string  `json:"id"`
			Request          string  `json:"request"`
			Answer           string  `json:"answer"`
			Keys             string  `json:"keys"`
			Tenant           *string `json:"tenant"`
			RequireSignature bool    `json:"require_signature"`
			Verdict          string  `json:"verdict"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(text, &corpus); err != nil || len(corpus.Cases) == 0 {
		t.Fatalf("the corpus does not read: %v", err)
	}
	for _, c := range corpus.Cases {
		tenant := ""
		if c.Tenant != nil {
			tenant = *c.Tenant
		}
		keys, ok := corpus.KeySets[c.Keys]
		if !ok {
			t.Fatalf("%s: no key set %s", c.ID, c.Keys)
		}
		verdict, reason := "holds", ""
		if _, err := VerifyReceiptFor([]byte(c.Request), []byte(c.Answer), keys, c.RequireSignature, tenant); err != nil {
			var refused *ReceiptError
			if !errors.As(err, &refused) {
				t.Fatalf("%s: %v", c.ID, err)
			}
			verdict, reason = refused.Code, refused.Reason
		}
		if verdict != c.Verdict {
			t.Errorf("%s: %s (%s), the reference says %s", c.ID, verdict, reason, c.Verdict)
		}
	}
}

// Each written as the reference (maubinh_api/infra/receipts.py, exact_canonical) writes it.
func TestANumberIsWrittenInItsExactCanonicalForm(t *testing.T) {
	for _, number := range []struct{ literal, written string }{
		{"0.10000000000000000555", "0.10000000000000000555"},
		{"10000000000000001", "10000000000000001"},
		{"9007199254740993", "9007199254740993"},
		{"1e-400", "1e-400"},
		{"-1e-400", "-1e-400"},
		{"0.1E-399", "1e-400"},
		{"1E+400", "1e+400"},
		{"1.5e400", "1.5e+400"},
		{"-1.23e+70", "-1.23e+70"},
		{"1e999999999", "1e+999999999"},
		{"-12.5e-000999999999", "-1.25e-999999998"},
		{"1e0005", "100000"},
		{"-0.0", "0"},
		{"-0", "0"},
		{"0e5", "0"},
		{"2.50", "2.5"},
		{"1.0", "1"},
		{"0.1e1", "1"},
		{"1E0", "1"},
		{"0.03", "0.03"},
		{"4.35", "4.35"},
		{"10", "10"},
		{"1e-7", "1e-7"},
		{"1e-6", "0.000001"},
		{"1e-5", "0.00001"},
		{"123.456e-10", "1.23456e-8"},
		{"1e21", "1e+21"},
		{"123456789012345678901", "123456789012345678901"},
		{"1.7976931348623157e308", "1.7976931348623157e+308"},
		{"1.8e308", "1.8e+308"},
		{"-5e-324", "-5e-324"},
		{"2e-324", "2e-324"},
		{"1e-323", "1e-323"},
		{"1e64", "1e+64"},
		{"9.99e64", "9.99e+64"},
		{"100e63", "1e+65"},
		{"0.5e66", "5e+65"},
		{"5e-64", "5e-64"},
		{"1e-65", "1e-65"},
		{"12.34e-66", "1.234e-65"},
		{"123e-70", "1.23e-68"},
		{"0.000000000000000000000000000000000000000000000000000000000000000000001", "1e-69"},
		{"12345678901234567890123456789012345678901234567890123456789012345678.9e10", "1.23456789012345678901234567890123456789012345678901234567890123456789e+77"},
		{"1234567890123456789012345678901234567890123456789012345678901234567891", "1234567890123456789012345678901234567890123456789012345678901234567891"},
		{"1.00000000000000000001e60", "1000000000000000000010000000000000000000000000000000000000000"},
		{"0.10000000000000000555e-50", "0.0000000000000000000000000000000000000000000000000010000000000000000555"},
	} {
		if written := string(exactCanonical(jsonNumber(number.literal))); written != number.written {
			t.Errorf("%s written %s, not %s", number.literal, written, number.written)
		}
	}
}

func TestOnlyStrictJSONIsRead(t *testing.T) {
	for _, text := range []string{
		``, ` `, `{"a":1,"a":2}`, `{"a":1,"\u0061":2}`, `{"a":1,}`, `[1,]`, `[1 2]`, `{'a':1}`, `{"a" 1}`,
		`NaN`, `-Infinity`, `[01]`, `-`, `1.`, `.5`, `1e`, `1e+`, `+1`, "\ufeff{}", `{} {}`, `{}x`, `nul`,
		`/* c */{}`, `{"a":1}// c`, "\"a\nb\"", "\"a\tb\"", `"\ud800"`, `"\udc00\ud800"`, `"\ud800\u0041"`,
		`{"\ud800":1}`, `"\x"`, `"\u12G4"`, `"abc`, "\"\xff\"", "\"\xed\xa0\x80\"", `tru`, `True`,
		strings.Repeat("[", 201) + strings.Repeat("]", 201), strings.Repeat(`{"a":`, 201) + "1" + strings.Repeat("}", 201),
		`1e1000000000`, `1E-1000000000`, `1e+0001000000000`, `1.5e99999999999999999999`,
	} {
		if value, err := readStrict([]byte(text)); err == nil {
			t.Errorf("%q read as %v", text, value)
		}
	}
	for text, form := range map[string]string{
		` {"b" : [true, false, null, "\ud83d\ude00\u00e9\/\u0000\u001f\""], "a": -0.0 , "\u00e9":{}, "\ud83d\ude00":0, "\uffff":0} `: `{"a":0,"b":[true,false,null,"😀é/\u0000\u001f\""],"é":{},"😀":0,"￿":0}`,
		`"\u2028\u007f"`: "\"\u2028\u007f\"",
		strings.Repeat("[", 200) + strings.Repeat("]", 200):    strings.Repeat("[", 200) + strings.Repeat("]", 200),
		`[1e999999999, 1e-999999999, 1E+000999999999, 1e0005]`: `[1e+999999999,1e-999999999,1e+999999999,100000]`,
	} {
		value, err := readStrict([]byte(text))
		if err != nil || string(exactCanonical(value)) != form {
			t.Errorf("%q: %v, %s", text, err, exactCanonical(value))
		}
	}
}

func TestBase64urlHasOneWrittenForm(t *testing.T) {
	for text, holds := range map[string]bool{"": true, "AQ": true, "AQI": true, "AQID": true, "AR": false, "AQ==": false,
		"A": false, "AQ\n": false, "A+": false, "A/": false, "_-8": true} {
		if _, ok := base64url(text); ok != holds {
			t.Errorf("%q: %v", text, ok)
		}
	}
}
