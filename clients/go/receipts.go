package maubinh

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/gowebpki/jcs"
)

// ReceiptError is a receipt that does not hold; Reason says which part failed.
type ReceiptError struct{ Reason string }

func (e *ReceiptError) Error() string { return "maubinh: the receipt does not hold: " + e.Reason }

func fail(reason string) error { return &ReceiptError{Reason: reason} }

// canonical is the RFC 8785 form of a JSON text.
func canonical(text []byte) ([]byte, error) {
	return jcs.Transform(text)
}

func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

func digestOf(value any) (string, error) {
	text, err := json.Marshal(value)
	if err != nil {
		return "", err
	}
	form, err := canonical(text)
	if err != nil {
		return "", err
	}
	return "sha256:" + sha256Hex(form), nil
}

// claimNames are the fields a receipt's id and signature are made of, in their order.
var claimNames = []string{"operation", "request_digest", "answer_digest", "fingerprints", "model", "release"}

// VerifyReceipt checks the receipt of a settlement's answer against the request body sent and the
// answer received (JSON texts as stored, in any key order) with the deployment's key set (the JSON
// of GET /.well-known/jwks.json), offline. It returns the receipt, or a *ReceiptError naming what
// does not hold. requireSignature refuses an unsigned receipt.
func VerifyReceipt(request, answer, keys []byte, requireSignature bool) (*Receipt, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(answer, &fields); err != nil {
		return nil, fail("the answer is not a JSON object")
	}
	raw, ok := fields["receipt"]
	if !ok {
		return nil, fail("the answer has no receipt")
	}
	receipt := Receipt{}
	var claims map[string]json.RawMessage
	if json.Unmarshal(raw, &receipt) != nil || json.Unmarshal(raw, &claims) != nil {
		return nil, fail("the receipt does not read")
	}
	requestForm, err := canonical(request)
	if err != nil || "sha256:"+sha256Hex(requestForm) != receipt.RequestDigest {
		return nil, fail("request_digest is not the request's")
	}
	delete(fields, "receipt")
	if found, err := digestOf(fields); err != nil || found != receipt.AnswerDigest {
		return nil, fail("answer_digest is not the answer's")
	}
	signed := map[string]json.RawMessage{}
	for _, name := range claimNames {
		signed[name] = claims[name]
	}
	form, err := digestOf(signed)
	if err != nil || "rct-"+strings.TrimPrefix(form, "sha256:")[:32] != receipt.Id {
		return nil, fail("id is not made of the receipt's fields")
	}
	if receipt.Signature == nil {
		if requireSignature {
			return nil, fail("it is unsigned")
		}
		return &receipt, nil
	}
	signed["id"] = claims["id"]
	payload, err := json.Marshal(signed)
	if err == nil {
		payload, err = canonical(payload)
	}
	if err != nil {
		return nil, fail("the receipt's fields have no canonical form")
	}
	if err := verifyJWS(*receipt.Signature, payload, receipt.KeyId, keys); err != nil {
		return nil, err
	}
	return &receipt, nil
}

func verifyJWS(token string, payload []byte, keyID *string, keys []byte) error {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return fail("the signature is not a compact JWS")
	}
	var header struct {
		Alg string `json:"alg"`
		Kid string `json:"kid"`
	}
	headerText, errHeader := base64.RawURLEncoding.DecodeString(parts[0])
	body, errBody := base64.RawURLEncoding.DecodeString(parts[1])
	signature, errSignature := base64.RawURLEncoding.DecodeString(parts[2])
	if errors.Join(errHeader, errBody, errSignature) != nil || json.Unmarshal(headerText, &header) != nil {
		return fail("the signature is not a compact JWS")
	}
	if header.Alg != "EdDSA" || keyID == nil || header.Kid != *keyID {
		return fail("the signature is of other fields")
	}
	set := ReceiptKeys{}
	if json.Unmarshal(keys, &set) != nil {
		return fail("the key set does not read")
	}
	for _, key := range set.Keys {
		if key.Kid != header.Kid {
			continue
		}
		public, err := base64.RawURLEncoding.DecodeString(key.X)
		if err != nil || len(public) != ed25519.PublicKeySize {
			return fail(fmt.Sprintf("key %s is not an Ed25519 key", key.Kid))
		}
		if !ed25519.Verify(public, []byte(parts[0]+"."+parts[1]), signature) {
			return fail("the signature is not the key's")
		}
		if string(body) != string(payload) {
			return fail("the signature is of other fields")
		}
		return nil
	}
	return fail("no key " + header.Kid + " in the key set")
}
