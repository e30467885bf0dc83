package maubinh

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"testing"
)

type dealCase struct {
	ID               string          `json:"id"`
	Commitment       json.RawMessage `json:"commitment"`
	Deal             json.RawMessage `json:"deal"`
	Keys             string          `json:"keys"`
	Tenant           *string         `json:"tenant"`
	RequireSignature bool            `json:"require_signature"`
	Verdict          string          `json:"verdict"`
}

type dealCorpus struct {
	KeySets map[string]json.RawMessage `json:"key_sets"`
	Cases   []dealCase                 `json:"cases"`
}

func readCorpus[C any](t *testing.T, name string) C {
	t.Helper()
	text, err := os.ReadFile("../../tests/conformance/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var corpus C
	if err := json.Unmarshal(text, &corpus); err != nil {
		t.Fatalf("%s does not read: %v", name, err)
	}
	return corpus
}

func orNone(tenant *string) string {
	if tenant == nil {
		return ""
	}
	return *tenant
}

// The shared corpus (tests/conformance/deals.json): deals as a platform keeps them, genuine and
// forged, each with the verdict every verifier must give. It needs no service, so it runs in
// test_go_client.py's `go test ./...` under make test.
func TestTheCorpusOfDealsIsJudgedAsTheReferenceDoes(t *testing.T) {
	corpus := readCorpus[dealCorpus](t, "deals.json")
	if len(corpus.Cases) == 0 {
		t.Fatal("the corpus has no case")
	}
	for _, c := range corpus.Cases {
		keys, ok := corpus.KeySets[c.Keys]
		if !ok {
			t.Fatalf("%s: no key set %s", c.ID, c.Keys)
		}
		verdict, reason := "holds", ""
		if _, err := VerifyDealFor(c.Commitment, c.Deal, keys, c.RequireSignature, orNone(c.Tenant)); err != nil {
			var refused *DealError
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

func TestTheSeedsDealTheDeckShownAndEachSeatItsThirteen(t *testing.T) {
	genuine := readCorpus[dealCorpus](t, "deals.json").Cases[0]
	var deal Deal
	if err := json.Unmarshal(genuine.Deal, &deal); err != nil {
		t.Fatal(err)
	}
	seed, _ := hex.DecodeString(deal.ServerSeed)
	deck := ShuffledDeck(seed, deal.DealId, deal.ClientSeeds)
	if !slices.Equal(deck, deal.Deck) {
		t.Fatalf("%v, not %v", deck, deal.Deck)
	}
	if !slices.EqualFunc(DealtHands(deck, deal.Seats), deal.Hands, slices.Equal) {
		t.Fatal("the hands are not the deck's, 13 a seat")
	}
	if other := ShuffledDeck(seed, deal.DealId, append(deal.ClientSeeds, "one-more")); slices.Equal(other, deck) {
		t.Fatal("another client seed deals the same deck")
	}
	checked, err := VerifyDeal(genuine.Commitment, genuine.Deal, readCorpus[dealCorpus](t, "deals.json").KeySets["deployment"], true)
	if err != nil || checked.DealId != deal.DealId || checked.Seats != deal.Seats {
		t.Fatalf("%v %v", checked, err)
	}
}

func TestADealWithoutKeysOrNotStrictJSONIsRefusedWithItsCode(t *testing.T) {
	genuine := readCorpus[dealCorpus](t, "deals.json").Cases[0]
	for code, verify := range map[string]func() error{
		CodeUnknownKey: func() error { _, err := VerifyDeal(genuine.Commitment, genuine.Deal, nil, true); return err },
		CodeKeySet: func() error {
			_, err := VerifyDeal(genuine.Commitment, genuine.Deal, []byte(`{"keys":{}}`), true)
			return err
		},
		CodeDealFields: func() error {
			_, err := VerifyDeal(genuine.Commitment, []byte(`{"seats":2,"seats":3}`), nil, true)
			return err
		},
	} {
		var refused *DealError
		if err := verify(); !errors.As(err, &refused) || refused.Code != code {
			t.Errorf("%s: %v", code, err)
		}
	}
}
