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
// of GET /.well-known/jwks.json), offline, and its issue (whose it is, when it was made) when it
// has one. It returns the receipt, or a *ReceiptError naming what does not hold. requireSignature
// refuses an unsigned receipt.
func VerifyReceipt(request, answer, keys []byte, requireSignature bool) (*Receipt, error) {
	return VerifyReceiptFor(request, answer, keys, requireSignature, "")
}

// VerifyReceiptFor is VerifyReceipt that also refuses a receipt not issued to tenant (none: "").
func VerifyReceiptFor(request, answer, keys []byte, requireSignature bool, tenant string) (*Receipt, error) {
	// Strict JSON first (RFC 8785's reader: a member named twice, a comment or NaN is refused): the
	// map below keeps the last of two members of one name, so a forged one placed first would hide.
	if _, err := canonical(answer); err != nil {
		return nil, fail("the answer is not strict JSON (a member named twice, a comment, NaN...)")
	}
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
	// Whose and when (from 1.1; a receipt made before has no issue), read as sent: its time's text.
	var issued *struct {
		Tenant    *string `json:"tenant"`
		At        *string `json:"at"`
		Signature *string `json:"signature"`
	}
	if raw, ok := claims["issued"]; ok {
		if json.Unmarshal(raw, &issued) != nil || issued == nil || issued.Tenant == nil || issued.At == nil {
			return nil, fail("its issue does not read")
		}
	}
	if tenant != "" && issued == nil {
		return nil, fail("it names no tenant")
	}
	if tenant != "" && *issued.Tenant != tenant {
		return nil, fail("it was issued to " + *issued.Tenant)
	}
	if receipt.Signature == nil {
		if requireSignature {
			return nil, fail("it is unsigned")
		}
		return &receipt, nil
	}
	signed["id"] = claims["id"]
	if err := verifySigned(*receipt.Signature, signed, receipt.KeyId, keys, "the signature"); err != nil {
		return nil, err
	}
	if issued != nil {
		if issued.Signature == nil {
			return nil, fail("its issue is unsigned")
		}
		issue := map[string]any{"at": *issued.At, "receipt": receipt.Id, "tenant": *issued.Tenant}
		if err := verifySigned(*issued.Signature, issue, receipt.KeyId, keys, "the issue's signature"); err != nil {
			return nil, err
		}
	}
	return &receipt, nil
}

// verifySigned checks that token is an EdDSA JWS of value's RFC 8785 form by the key keyID of keys.
func verifySigned(token string, value any, keyID *string, keys []byte, what string) error {
	payload, err := json.Marshal(value)
	if err == nil {
		payload, err = canonical(payload)
	}
	if err != nil {
		return fail("the receipt's fields have no canonical form")
	}
	if err := verifyJWS(token, payload, keyID, keys); err != nil {
		var failed *ReceiptError
		if errors.As(err, &failed) && what != "the signature" {
			return fail(strings.Replace(failed.Reason, "the signature", what, 1))
		}
		return err
	}
	return nil
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
		if thumbprint(string(key.Crv), string(key.Kty), key.X) != key.Kid {
			return fail(fmt.Sprintf("key %s is not the key its id names", key.Kid))
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

// thumbprint is an Ed25519 key's RFC 7638 thumbprint, base64url: the id the key set must name it by
// (a foreign key under the deployment's id is not the deployment's).
func thumbprint(crv, kty, x string) string {
	members, _ := json.Marshal(map[string]string{"crv": crv, "kty": kty, "x": x}) // names in order, as RFC 7638 wants
	sum := sha256.Sum256(members)
	return base64.RawURLEncoding.EncodeToString(sum[:])
}
