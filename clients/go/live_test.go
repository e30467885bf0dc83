package maubinh

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// The client against the running service (tests/client/test_go_client.py starts it and sets
// MAUBINH_URL and the keys); without it these tests are skipped, and that test fails on a skip.
func live(t *testing.T, key string, language string) *ClientWithResponses {
	t.Helper()
	url := os.Getenv("MAUBINH_URL")
	if url == "" {
		t.Skip("MAUBINH_URL is not set: no service to call")
	}
	client, err := New(Options{BaseURL: url, APIKey: os.Getenv(key), Language: language})
	if err != nil {
		t.Fatal(err)
	}
	return client
}

func call(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// Four hands of a fixed deal: a deck in order, dealt round by round.
func deal() [][]string {
	hands := make([][]string, 4)
	index := 0
	for _, rank := range "23456789TJQKA" {
		for _, suit := range "shdc" {
			hands[index%4] = append(hands[index%4], string(rank)+string(suit))
			index++
		}
	}
	return hands
}

func must[T any](t *testing.T, response interface{ StatusCode() int }, body []byte, http200 *T, err error) *T {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if http200 == nil {
		t.Fatalf("answer %d: %s", response.StatusCode(), body)
	}
	return http200
}

func TestATablesRoundAddsUpToTheLastDong(t *testing.T) {
	api := live(t, "MAUBINH_KEY", "")
	hands := deal()
	online := VariantSpec{}
	_ = online.FromPresetName(PresetNameOnline)
	optimal, err := api.OptimalArrangementWithResponse(call(t), nil, OptimalRequest{Cards: hands[0], Variant: &online})
	best := must(t, optimal, optimal.Body, optimal.JSON200, err)
	variant := VariantSpec{}
	if err := variant.FromVariant(best.Variant); err != nil { // the answer's variant, posted on as it came
		t.Fatal(err)
	}
	arrangements := []Arrangement{best.Best.Arrangement}
	for seat, level := range []Level{LevelClub, LevelExpert} {
		seed := seat
		played, err := api.PlayHandWithResponse(call(t), nil, PlayRequest{Cards: hands[seat+1], Level: level, Seed: &seed, Variant: &variant})
		arrangements = append(arrangements, must(t, played, played.Body, played.JSON200, err).Arrangement)
	}
	// The fourth seat sets its highest cards in front: binh lủng.
	fouled := Arrangement{Back: hands[3][:5], Middle: hands[3][5:10], Front: hands[3][10:]}
	arrangements = append(arrangements, fouled)
	checked, err := api.ValidateBatchWithResponse(call(t), nil, ValidateBatchRequest{Arrangements: arrangements, Variant: &variant})
	results := must(t, checked, checked.Body, checked.JSON200, err).Results
	if results[0].Fouled || !results[3].Fouled {
		t.Fatalf("fouls %v %v", results[0].Fouled, results[3].Fouled)
	}
	players := make([]PlayerInput, 4)
	for seat, arrangement := range arrangements {
		_ = players[seat].FromPlayedSeat(PlayedSeat{Id: PlayerId([]string{"an", "binh", "chi", "dung"}[seat]), Arrangement: arrangement})
	}
	table := SettlementRequest{Bet: "1000000", Players: players, Variant: &variant}
	settled, err := api.SettleTableWithResponse(call(t), nil, table)
	settlement := must(t, settled, settled.Body, settled.JSON200, err)
	total := new(big.Rat)
	for _, player := range settlement.Players {
		net, ok := new(big.Rat).SetString(player.Net)
		if !ok {
			t.Fatalf("net %q is not a decimal", player.Net)
		}
		total.Add(total, net)
	}
	for _, take := range []string{settlement.HouseTake.Rake, settlement.HouseTake.DrawFee} {
		amount, _ := new(big.Rat).SetString(take)
		total.Add(total, amount)
	}
	if total.Sign() != 0 {
		t.Fatalf("the players' nets and the house's take sum to %s, not 0", total.FloatString(2))
	}
	// The receipt holds offline, and not once the answer is changed.
	keys, err := api.ReceiptKeysWithResponse(call(t), nil)
	must(t, keys, keys.Body, keys.JSON200, err)
	request, _ := json.Marshal(table)
	if _, err := VerifyReceipt(request, settled.Body, keys.Body, true); err != nil {
		t.Fatal(err)
	}
	tampered := []byte(strings.Replace(string(settled.Body), `"bet":"1000000"`, `"bet":"1000001"`, 1))
	var refused *ReceiptError
	if _, err := VerifyReceipt(request, tampered, keys.Body, true); !errors.As(err, &refused) || refused.Reason != "answer_digest is not the answer's" {
		t.Fatalf("a changed answer: %v", err)
	}
	shown, err := api.ShowVariantWithResponse(call(t), *best.Variant.Fingerprint, nil)
	if must(t, shown, shown.Body, shown.JSON200, err).Fingerprint != *best.Variant.Fingerprint {
		t.Fatal("the variant is found again by its fingerprint")
	}
}

func TestABadCardIsAProblemWithItsPointerAndCodeInEitherLanguage(t *testing.T) {
	for _, language := range []string{"en", "vi"} {
		api := live(t, "MAUBINH_KEY", language)
		answer, err := api.ClassifyHandsWithResponse(call(t), nil, ClassifyRequest{Cards: []CardInput{"As", "Kd", "As"}})
		if err != nil {
			t.Fatal(err)
		}
		var problem *ProblemError
		if err := CheckAnswer(answer.HTTPResponse, answer.Body); !errors.As(err, &problem) || problem.Status != 422 {
			t.Fatalf("%s: %v", language, err)
		}
		if codes := problem.Codes(); len(codes) != 1 || codes[0] != ErrorCodeCardRepeated || (*problem.Problem.Errors)[0].Pointer != "/cards/2" {
			t.Fatalf("%s: %+v", language, problem.Problem.Errors)
		}
		if problem.Headers.RequestID == "" || problem.Headers.APIVersion == "" {
			t.Fatalf("%s: headers %+v", language, problem.Headers)
		}
	}
}

// A deal committed, dealt from two client seeds, checked offline as the platform's, and kept in a
// hand record whose file checks too.
func TestADealIsCheckedOfflineAndKeptInAHandRecord(t *testing.T) {
	api := live(t, "MAUBINH_KEY", "")
	committed, err := api.CommitDealWithResponse(call(t), nil)
	commitment := must(t, committed, committed.Body, committed.JSON200, err)
	dealt, err := api.DealCardsWithResponse(call(t), commitment.DealId, nil, DealRequest{ClientSeeds: []ClientSeed{"an-1", "binh-2"}, Seats: 2})
	deal := must(t, dealt, dealt.Body, dealt.JSON200, err)
	keys, err := api.ReceiptKeysWithResponse(call(t), nil)
	must(t, keys, keys.Body, keys.JSON200, err)
	if _, err := VerifyDealFor(committed.Body, dealt.Body, keys.Body, true, "platform"); err != nil {
		t.Fatal(err)
	}
	var refused *DealError
	if _, err := VerifyDealFor(committed.Body, dealt.Body, keys.Body, true, "tight"); !errors.As(err, &refused) || refused.Code != CodeTenant {
		t.Fatalf("another tenant's: %v", err)
	}
	changed := *deal
	changed.Deck = slices.Clone(deal.Deck)
	changed.Deck[0], changed.Deck[1] = deal.Deck[1], deal.Deck[0]
	swapped, _ := json.Marshal(changed)
	if _, err := VerifyDeal(committed.Body, swapped, keys.Body, true); !errors.As(err, &refused) || refused.Code != CodeDeck {
		t.Fatalf("a card changed: %v", err)
	}
	seats := []HandRecordSeat{{PlayerId: "an", Cards: deal.Hands[0]}, {PlayerId: "binh", Cards: deal.Hands[1]}}
	record, err := BuildHandRecord(HandRecordParts{TableID: "t-live", HandID: "h-1", Seats: seats, Commitment: committed.Body, Deal: dealt.Body})
	if err != nil {
		t.Fatal(err)
	}
	line, _ := HandRecordLine(record)
	head, _ := RecordDigest(line)
	chains, err := VerifyHandRecords(line, keys.Body, "platform", map[string]string{"t-live": head})
	if err != nil || len(chains) != 1 || !chains[0].FromTheStart || chains[0].Head != head {
		t.Fatalf("%+v %v", chains, err)
	}
}
