package maubinh

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Deals anyone can check (docs/integrating.md; the reference is the Python client's deals.py): the
// seed the service revealed is the one it committed to before the client seeds were known, the
// seeds deal the deck shown, and the commitment is the deployment's. Nothing is asked of the service.

// The codes of a deal's steps, in their order; then CodeTenant, CodeUnsigned and the receipt rule's
// key and JWS codes (CodeKeySet ... CodeJWSPayload) for the commitment's signature.
const (
	CodeDealFields = "deal_fields"
	CodeDealID     = "deal_id"
	CodeShuffle    = "shuffle"
	CodeServerSeed = "server_seed"
	CodeDeck       = "deck"
	CodeHands      = "hands"
)

// Shuffle is the shuffle this client knows; a later one gets another name.
const Shuffle = "hmac-sha256-fisher-yates-1"

const commitmentType = "maubinh-deal-commitment+jws"

// committedNames are the commitment's fields its signature is of.
var committedNames = []string{"at", "deal_id", "server_seed_hash", "shuffle", "tenant"}

// noKeys is the key set of a deployment that has none (keys nil): every signature's key is unknown.
var noKeys = []byte(`{"keys":[]}`)

// DealError is a deal that does not hold: Code is the failing step's (CodeServerSeed, CodeDeck,
// ...), Reason says it in words.
type DealError struct {
	Code   string
	Reason string
}

func (e *DealError) Error() string { return "maubinh: the deal does not hold: " + e.Reason }

func refuseDeal(code, reason string) error { return &DealError{Code: code, Reason: reason} }

// ShuffledDeck is the deck the seeds deal: Fisher-Yates from the last place down, each index drawn
// by rejection (no index likelier than another) from HMAC-SHA256 keyed by the server seed's 32
// bytes, read as big-endian 32-bit words.
func ShuffledDeck(serverSeed []byte, dealID string, clientSeeds []string) []Card {
	deck := make([]Card, 0, 52)
	for _, rank := range "23456789TJQKA" {
		for _, suit := range "shdc" {
			deck = append(deck, string(rank)+string(suit))
		}
	}
	next := shuffleWords(serverSeed, dealID, clientSeeds)
	for place := len(deck) - 1; place > 0; place-- {
		span := uint64(place + 1)
		limit := 1<<32 - (1<<32)%span
		word := next()
		for word >= limit {
			word = next()
		}
		other := word % span
		deck[place], deck[other] = deck[other], deck[place]
	}
	return deck
}

// shuffleWords yields the words of the blocks 0, 1, 2...: each the HMAC of "maubinh-deal-1", the deal
// id and each client seed, one a line, then the block's number in decimal.
func shuffleWords(serverSeed []byte, dealID string, clientSeeds []string) func() uint64 {
	prefix := []byte(strings.Join(append([]string{"maubinh-deal-1", dealID}, clientSeeds...), "\n") + "\n")
	var digest []byte
	block := 0
	return func() uint64 {
		if len(digest) == 0 {
			mac := hmac.New(sha256.New, serverSeed)
			mac.Write(strconv.AppendInt(slices.Clip(prefix), int64(block), 10))
			digest, block = mac.Sum(nil), block+1
		}
		word := binary.BigEndian.Uint32(digest)
		digest = digest[4:]
		return uint64(word)
	}
}

// DealtHands are the deck's hands: seat k (from 0) gets the cards 13k to 13k+12.
func DealtHands(deck []Card, seats int) [][]Card {
	hands := make([][]Card, seats)
	for seat := range hands {
		hands[seat] = slices.Clone(deck[min(13*seat, len(deck)):min(13*seat+13, len(deck))])
	}
	return hands
}

// VerifyDeal checks a deal (the answer of POST /v1/deals/{deal_id}) against its commitment (that of
// POST /v1/deals), both JSON texts as they came, with the deployment's key set (the JSON of GET
// /.well-known/jwks.json; nil: none), offline, as docs/integrating.md says, step by step. It returns
// the deal, or a *DealError with the code of the first step that fails. requireSignature refuses an
// unsigned commitment.
func VerifyDeal(commitment, deal, keys []byte, requireSignature bool) (*Deal, error) {
	return VerifyDealFor(commitment, deal, keys, requireSignature, "")
}

// VerifyDealFor is VerifyDeal that also refuses a deal not committed for tenant (none: "").
func VerifyDealFor(commitment, deal, keys []byte, requireSignature bool, tenant string) (*Deal, error) {
	commitmentValue, commitmentErr := readStrict(commitment)
	dealValue, dealErr := readStrict(deal)
	if commitmentErr != nil || dealErr != nil {
		return nil, refuseDeal(CodeDealFields, "the commitment or the deal is not strict JSON")
	}
	if err := verifyDealValues(commitmentValue, dealValue, keys, requireSignature, tenant); err != nil {
		return nil, err
	}
	var dealt Deal
	if err := json.Unmarshal(deal, &dealt); err != nil { // its fields checked: it reads
		return nil, err
	}
	return &dealt, nil
}

// verifyDealValues checks a deal read by readStrict: VerifyDealFor's steps, and a hand record's deal.
func verifyDealValues(commitmentValue, dealValue any, keys []byte, requireSignature bool, tenant string) error {
	commitment, _ := commitmentValue.(map[string]any)
	deal, _ := dealValue.(map[string]any)
	if !commitmentReads(commitment) || !dealReads(deal) {
		return refuseDeal(CodeDealFields, "the commitment or the deal does not read")
	}
	if tenant != "" && commitment["tenant"] != tenant {
		return refuseDeal(CodeTenant, "it was committed for "+commitment["tenant"].(string))
	}
	if deal["deal_id"] != commitment["deal_id"] {
		return refuseDeal(CodeDealID, "the deal is "+deal["deal_id"].(string)+", the commitment "+commitment["deal_id"].(string))
	}
	if commitment["shuffle"] != Shuffle || deal["shuffle"] != Shuffle {
		return refuseDeal(CodeShuffle, "the shuffle is not "+Shuffle)
	}
	seed, _ := hex.DecodeString(deal["server_seed"].(string)) // 64 hexadecimal digits: dealReads
	if "sha256:"+sha256Hex(seed) != commitment["server_seed_hash"] || deal["server_seed_hash"] != commitment["server_seed_hash"] {
		return refuseDeal(CodeServerSeed, "the server seed revealed is not the one committed to")
	}
	deck := ShuffledDeck(seed, deal["deal_id"].(string), texts(deal["client_seeds"]))
	if !slices.Equal(deck, texts(deal["deck"])) {
		return refuseDeal(CodeDeck, "the seeds deal another deck")
	}
	seats, _ := integerOf(deal["seats"])
	if !slices.EqualFunc(DealtHands(deck, int(seats.Int64())), textLists(deal["hands"]), slices.Equal) {
		return refuseDeal(CodeHands, "the hands are not the deck's, 13 a seat in order")
	}
	if commitment["signature"] == nil {
		if requireSignature {
			return refuseDeal(CodeUnsigned, "the commitment is unsigned")
		}
		return nil
	}
	return checkCommitmentSignature(commitment, keys)
}

// checkCommitmentSignature is the receipt rule's key lookup and JWS check, with its codes.
func checkCommitmentSignature(commitment map[string]any, keys []byte) error {
	if keys == nil {
		keys = noKeys
	}
	committed := map[string]any{}
	for _, name := range committedNames {
		committed[name] = commitment[name]
	}
	keyID := commitment["key_id"].(string) // a string when the commitment is signed: commitmentReads
	public, err := receiptKey(keys, keyID)
	if err == nil {
		err = checkJWS(commitment["signature"].(string), committed, keyID, public, commitmentType, "its signature")
	}
	var refused *ReceiptError
	if errors.As(err, &refused) {
		return refuseDeal(refused.Code, refused.Reason)
	}
	return err
}

var (
	dealIDPattern     = regexp.MustCompile(`^deal-[0-9a-f]{8}-[0-9a-f]{32}$`)
	clientSeedPattern = regexp.MustCompile(`^[\x21-\x7e]{1,128}$`)
	hexSeedPattern    = regexp.MustCompile(`^[0-9a-f]{64}$`)
	cardPattern       = regexp.MustCompile(`^[2-9TJQKA][shdc]$`)
)

// commitmentReads is whether a commitment's fields are all present and typed, and its signing
// fields agree (signed is whether there is a signature, and a signature names its key).
func commitmentReads(commitment map[string]any) bool {
	keyID, keyNamed := commitment["key_id"]
	signature, signatureNamed := commitment["signature"]
	signed, isBool := commitment["signed"].(bool)
	tenant, _ := commitment["tenant"].(string)
	return textMatching(dealIDPattern)(commitment["deal_id"]) &&
		isText(commitment["shuffle"]) &&
		textMatching(digestPattern)(commitment["server_seed_hash"]) &&
		tenant != "" &&
		textMatching(issuedAt)(commitment["at"]) &&
		keyNamed && textOrNull(keyID) &&
		signatureNamed && textOrNull(signature) &&
		isBool && signed == (signature != nil) &&
		(signature == nil || keyID != nil)
}

// dealReads is whether a deal's fields are all present and typed (2 to 4 seats, 1 to 8 client seeds).
func dealReads(deal map[string]any) bool {
	seeds, listed := deal["client_seeds"].([]any)
	seats, counted := integerOf(deal["seats"])
	hands, handed := deal["hands"].([]any)
	return textMatching(dealIDPattern)(deal["deal_id"]) &&
		isText(deal["shuffle"]) &&
		textMatching(hexSeedPattern)(deal["server_seed"]) &&
		textMatching(digestPattern)(deal["server_seed_hash"]) &&
		listed && 1 <= len(seeds) && len(seeds) <= 8 && all(seeds, textMatching(clientSeedPattern)) &&
		counted && seats.Cmp(big.NewInt(2)) >= 0 && seats.Cmp(big.NewInt(4)) <= 0 &&
		cardsOf(deal["deck"], 52) &&
		handed && all(hands, func(hand any) bool { return cardsOf(hand, 13) })
}

// integerOf is a number written as an integer, as the reference reads one: an int has no fraction
// and no exponent, and at most 1,000 characters (Python reads a longer one as a Decimal).
func integerOf(value any) (*big.Int, bool) {
	literal, ok := value.(jsonNumber)
	if !ok || len(literal) > 1000 || strings.ContainsAny(string(literal), ".eE") {
		return nil, false
	}
	return new(big.Int).SetString(string(literal), 10)
}

// cardsOf is whether value is a list of count cards in the service's notation.
func cardsOf(value any, count int) bool {
	cards, ok := value.([]any)
	return ok && len(cards) == count && all(cards, textMatching(cardPattern))
}

func all(items []any, fits func(any) bool) bool {
	for _, item := range items {
		if !fits(item) {
			return false
		}
	}
	return true
}

// texts is a list of texts a reads check has passed.
func texts(value any) []string {
	items, _ := value.([]any)
	out := make([]string, len(items))
	for i, item := range items {
		out[i], _ = item.(string)
	}
	return out
}

func textLists(value any) [][]string {
	items, _ := value.([]any)
	out := make([][]string, len(items))
	for i, item := range items {
		out[i] = texts(item)
	}
	return out
}
