package maubinh

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"maps"
	"regexp"
	"strings"
	"time"
)

// The codes of the rule's steps (docs/integrating.md, "Verifying a receipt"), in their order: a
// ReceiptError's Code is that of the first step that fails, the same in every client.
const (
	CodeNotStrictJSON = "not_strict_json"
	CodeNoReceipt     = "no_receipt"
	CodeReceiptFields = "receipt_fields"
	CodeRequestDigest = "request_digest"
	CodeAnswerDigest  = "answer_digest"
	CodeID            = "id"
	CodeTenant        = "tenant"
	CodeUnsigned      = "unsigned"
	CodeKeySet        = "key_set"
	CodeUnknownKey    = "unknown_key"
	CodeKeyType       = "key_type"
	CodeKeyThumbprint = "key_thumbprint"
	CodeJWSForm       = "jws_form"
	CodeJWSHeader     = "jws_header"
	CodeJWSSignature  = "jws_signature"
	CodeJWSPayload    = "jws_payload"
)

// ReceiptError is a receipt that does not hold: Code is the failing step's (CodeAnswerDigest,
// ...), Reason says it in words.
type ReceiptError struct {
	Code   string
	Reason string
}

func (e *ReceiptError) Error() string { return "maubinh: the receipt does not hold: " + e.Reason }

func refuse(code, reason string) error { return &ReceiptError{Code: code, Reason: reason} }

const (
	receiptType = "maubinh-receipt+jws"
	issueType   = "maubinh-receipt-issue+jws"
)

// claimNames are the fields a receipt's id and signature are made of.
var claimNames = []string{"operation", "request_digest", "answer_digest", "fingerprints", "model", "release"}

// VerifyReceipt checks the receipt of a settlement's answer against the request body sent and the
// answer received (JSON texts as stored, in any key order) with the deployment's key set (the JSON
// of GET /.well-known/jwks.json), offline, and its issue (whose it is, when it was made) when it
// has one, following docs/integrating.md, "Verifying a receipt", step by step. It returns the
// receipt, or a *ReceiptError with the code of the first step that fails. requireSignature refuses
// an unsigned receipt; an accepted unsigned one's issue time, vouched for by nobody, is the zero
// time if no calendar has it.
func VerifyReceipt(request, answer, keys []byte, requireSignature bool) (*Receipt, error) {
	return VerifyReceiptFor(request, answer, keys, requireSignature, "")
}

// VerifyAnswer is VerifyReceipt of a settlement as the client handed it back: the request's
// exact bytes it sent and the answer's text it received, which it keeps in the Answer. keys is the
// key set's text (ReceiptKeys' Body).
func VerifyAnswer[T Settlement | SettlementBatchResult](answer *Answer[T], keys []byte, requireSignature bool) (*Receipt, error) {
	return VerifyReceiptFor(answer.RequestBody, answer.Body, keys, requireSignature, "")
}

// VerifyAnswerFor is VerifyAnswer that also refuses a receipt not issued to tenant.
func VerifyAnswerFor[T Settlement | SettlementBatchResult](answer *Answer[T], keys []byte, requireSignature bool, tenant string) (*Receipt, error) {
	return VerifyReceiptFor(answer.RequestBody, answer.Body, keys, requireSignature, tenant)
}

// VerifyReceiptFor is VerifyReceipt that also refuses a receipt not issued to tenant (none: "").
func VerifyReceiptFor(request, answer, keys []byte, requireSignature bool, tenant string) (*Receipt, error) {
	// From the texts, strictly: a lenient reader would keep the last of two members named alike,
	// so a forged one placed first would hide, and read numbers as doubles.
	requestValue, err := strictText(request, "the request")
	if err != nil {
		return nil, err
	}
	answerValue, err := strictText(answer, "the answer")
	if err != nil {
		return nil, err
	}
	return verifyReceiptValues(requestValue, answerValue, keys, requireSignature, tenant)
}

// verifyReceiptValues is every step but the first, on values readStrict read (numbers exact): a
// hand record's settlement is checked so, from the record read strictly.
func verifyReceiptValues(requestValue, answerValue any, keys []byte, requireSignature bool, tenant string) (*Receipt, error) {
	receipt, err := receiptOf(answerValue)
	if err != nil {
		return nil, err
	}
	if digestOf(requestValue) != receipt["request_digest"] {
		return nil, refuse(CodeRequestDigest, "request_digest is not the request's")
	}
	bare := maps.Clone(answerValue.(map[string]any))
	delete(bare, "receipt")
	if digestOf(bare) != receipt["answer_digest"] {
		return nil, refuse(CodeAnswerDigest, "answer_digest is not the answer's")
	}
	claims := map[string]any{}
	for _, name := range claimNames {
		claims[name] = receipt[name]
	}
	if "rct-"+sha256Hex(exactCanonical(claims))[:32] != receipt["id"] {
		return nil, refuse(CodeID, "id is not made of the receipt's fields")
	}
	if err := checkTenant(receipt, tenant); err != nil {
		return nil, err
	}
	if receipt["signature"] == nil {
		if requireSignature {
			return nil, refuse(CodeUnsigned, "it is unsigned")
		}
		return decodeReceipt(receipt), nil
	}
	if err := checkSignatures(receipt, claims, keys); err != nil {
		return nil, err
	}
	return decodeReceipt(receipt), nil
}

func strictText(text []byte, what string) (any, error) {
	value, err := readStrict(text)
	if err != nil {
		return nil, refuse(CodeNotStrictJSON, what+" is not strict JSON (a member named twice, a comment, NaN...)")
	}
	return value, nil
}

func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

func digestOf(value any) string { return "sha256:" + sha256Hex(exactCanonical(value)) }

var (
	receiptID     = regexp.MustCompile(`^rct-[0-9a-f]{32}$`)
	digestPattern = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)
	issuedAt      = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$`)
)

func isText(value any) bool { _, ok := value.(string); return ok }

func textOrNull(value any) bool { return value == nil || isText(value) }

func textMatching(pattern *regexp.Regexp) func(any) bool {
	return func(value any) bool { text, ok := value.(string); return ok && pattern.MatchString(text) }
}

func textList(value any) bool {
	items, ok := value.([]any)
	for _, item := range items {
		ok = ok && isText(item)
	}
	return ok
}

// receiptFields are the receipt's fields that must be present, each with the type it must have.
var receiptFields = []struct {
	name string
	fits func(any) bool
}{
	{"id", textMatching(receiptID)},
	{"operation", isText},
	{"request_digest", textMatching(digestPattern)},
	{"answer_digest", textMatching(digestPattern)},
	{"fingerprints", textList},
	{"model", isText},
	{"release", isText},
	{"key_id", textOrNull},
	{"signed", func(value any) bool { _, ok := value.(bool); return ok }},
	{"signature", textOrNull},
}

// receiptOf is the answer's receipt, its fields all present and typed (steps 2 and 3).
func receiptOf(answer any) (map[string]any, error) {
	fields, _ := answer.(map[string]any)
	receipt, ok := fields["receipt"].(map[string]any)
	if !ok {
		return nil, refuse(CodeNoReceipt, "the answer has no receipt")
	}
	var wrong []string
	for _, field := range receiptFields {
		if value, present := receipt[field.name]; !present || !field.fits(value) {
			wrong = append(wrong, field.name)
		}
	}
	if issued, present := receipt["issued"]; present && !issueReads(issued) {
		wrong = append(wrong, "issued")
	}
	if len(wrong) == 0 && signedApart(receipt) {
		wrong = append(wrong, "signed")
	}
	if len(wrong) > 0 {
		return nil, refuse(CodeReceiptFields, "its fields do not read: "+strings.Join(wrong, ", "))
	}
	return receipt, nil
}

// issueReads is whether an issue names a tenant, a time to the second in UTC and a signature or null
// (other members are ignored: they vouch for nothing).
func issueReads(value any) bool {
	issued, ok := value.(map[string]any)
	tenant, _ := issued["tenant"].(string)
	at, _ := issued["at"].(string)
	signature, signed := issued["signature"]
	return ok && tenant != "" && issuedAt.MatchString(at) && signed && textOrNull(signature)
}

// signedApart is whether the signing fields disagree: signed is whether there is a signature, a
// signature names its key, and an issue is signed exactly when the receipt is.
func signedApart(receipt map[string]any) bool {
	signed := receipt["signature"] != nil
	apart := receipt["signed"] != signed || (signed && receipt["key_id"] == nil)
	if issued, ok := receipt["issued"].(map[string]any); ok {
		apart = apart || (issued["signature"] != nil) != signed
	}
	return apart
}

func checkTenant(receipt map[string]any, tenant string) error {
	if tenant == "" {
		return nil
	}
	issued, ok := receipt["issued"].(map[string]any)
	if !ok {
		return refuse(CodeTenant, "it names no tenant")
	}
	if issued["tenant"] != tenant {
		return refuse(CodeTenant, "it was issued to "+issued["tenant"].(string))
	}
	return nil
}

// checkSignatures checks the receipt's signature, then its issue's (steps 9 to 16).
func checkSignatures(receipt, claims map[string]any, keys []byte) error {
	keyID := receipt["key_id"].(string) // step 3: a string when the receipt is signed
	public, err := receiptKey(keys, keyID)
	if err != nil {
		return err
	}
	signed := maps.Clone(claims)
	signed["id"] = receipt["id"]
	if err := checkJWS(receipt["signature"].(string), signed, keyID, public, receiptType, "the signature"); err != nil {
		return err
	}
	if issued, ok := receipt["issued"].(map[string]any); ok {
		issue := map[string]any{"at": issued["at"], "receipt": receipt["id"], "tenant": issued["tenant"]}
		return checkJWS(issued["signature"].(string), issue, keyID, public, issueType, "the issue's signature")
	}
	return nil
}

// receiptKey is the key keyID of the key set: an Ed25519 key whose RFC 7638 thumbprint is that id.
func receiptKey(keys []byte, keyID string) (ed25519.PublicKey, error) {
	set, err := readStrict(keys)
	members, _ := set.(map[string]any)
	list, ok := members["keys"].([]any)
	if err != nil || !ok {
		return nil, refuse(CodeKeySet, "the key set does not read")
	}
	var key map[string]any
	for _, item := range list {
		if named, ok := item.(map[string]any); ok && named["kid"] == keyID {
			key = named
			break
		}
	}
	if key == nil {
		return nil, refuse(CodeUnknownKey, "no key "+keyID+" in the key set")
	}
	x, _ := key["x"].(string)
	public, ok := base64url(x)
	if key["kty"] != "OKP" || key["crv"] != "Ed25519" || !ok || len(public) != ed25519.PublicKeySize {
		return nil, refuse(CodeKeyType, "key "+keyID+" is not an Ed25519 key")
	}
	if thumbprint(x) != keyID {
		// A foreign key under the deployment's id is not the deployment's.
		return nil, refuse(CodeKeyThumbprint, "key "+keyID+" is not the key its id names")
	}
	return public, nil
}

// thumbprint is an Ed25519 key's RFC 7638 thumbprint, base64url: the id the key set must name it by.
func thumbprint(x string) string {
	sum := sha256.Sum256(exactCanonical(map[string]any{"crv": "Ed25519", "kty": "OKP", "x": x}))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// checkJWS checks that token is a compact JWS, EdDSA, of type kind by keyID, of signed's form; what
// names it in a refusal.
func checkJWS(token string, signed map[string]any, keyID string, public ed25519.PublicKey, kind, what string) error {
	parts := strings.Split(token, ".")
	header, decoded, ok := jwsParts(parts)
	if !ok {
		return refuse(CodeJWSForm, what+" is not a compact JWS")
	}
	if header["alg"] != "EdDSA" || header["kid"] != keyID || header["typ"] != kind {
		return refuse(CodeJWSHeader, what+"'s header is not EdDSA, "+kind+", by key "+keyID)
	}
	if !ed25519.Verify(public, []byte(parts[0]+"."+parts[1]), decoded[2]) {
		return refuse(CodeJWSSignature, what+" is not the key's")
	}
	if !bytes.Equal(decoded[1], exactCanonical(signed)) {
		return refuse(CodeJWSPayload, what+" is of other fields")
	}
	return nil
}

// jwsParts decodes a compact JWS's three parts, the first a strict JSON object (step 13).
func jwsParts(parts []string) (map[string]any, [][]byte, bool) {
	if len(parts) != 3 {
		return nil, nil, false
	}
	decoded := make([][]byte, len(parts))
	for i, part := range parts {
		var ok bool
		if decoded[i], ok = base64url(part); !ok {
			return nil, nil, false
		}
	}
	value, err := readStrict(decoded[0])
	header, ok := value.(map[string]any)
	return header, decoded, err == nil && ok
}

// base64url decodes base64url without padding in its one written form: the decoder would take
// line breaks and, in a last character, bits no encoder writes (a second text of the same bytes).
func base64url(text string) ([]byte, bool) {
	for _, c := range []byte(text) {
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return nil, false
		}
	}
	data, err := base64.RawURLEncoding.DecodeString(text)
	if err != nil || len(text)%4 == 1 || base64.RawURLEncoding.EncodeToString(data) != text {
		return nil, false
	}
	return data, true
}

// decodeReceipt is the generated type of a receipt whose fields receiptOf checked.
func decodeReceipt(fields map[string]any) *Receipt {
	receipt := &Receipt{
		Id:            fields["id"].(string),
		Operation:     ReceiptOperation(fields["operation"].(string)),
		RequestDigest: fields["request_digest"].(string),
		AnswerDigest:  fields["answer_digest"].(string),
		Fingerprints:  []Fingerprint{},
		Model:         fields["model"].(string),
		Release:       fields["release"].(string),
		KeyId:         textOrNil(fields["key_id"]),
		Signed:        fields["signed"].(bool),
		Signature:     textOrNil(fields["signature"]),
	}
	for _, item := range fields["fingerprints"].([]any) {
		receipt.Fingerprints = append(receipt.Fingerprints, item.(string))
	}
	if issued, ok := fields["issued"].(map[string]any); ok {
		// Zero if no calendar has it: only an unsigned receipt's time can be so (nobody vouches for it).
		at, _ := time.Parse(time.RFC3339, issued["at"].(string))
		receipt.Issued = &ReceiptIssue{Tenant: issued["tenant"].(string), At: at, Signature: textOrNil(issued["signature"])}
	}
	return receipt
}

func textOrNil(value any) *string {
	if text, ok := value.(string); ok {
		return &text
	}
	return nil
}
