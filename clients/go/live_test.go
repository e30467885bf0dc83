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
func live(t *testing.T, key string, language string) *API {
	t.Helper()
	url := os.Getenv("MAUBINH_URL")
	if url == "" {
		t.Skip("MAUBINH_URL is not set: no service to call")
	}
	client, err := Connect(Options{BaseURL: url, APIKey: os.Getenv(key), Language: language})
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

// Four hands of a fixed deal, none of them a natural. The fourth, set as dealt here, fouls: its
// back (A T 9 7 2, no pair) is weaker than its middle (a pair of fours): binh lủng.
func deal() [][]string {
	return [][]string{
		{"As", "Ad", "Kc", "Kd", "7h", "9s", "9h", "8c", "5d", "3c", "Qs", "Jh", "2s"},
		{"Ks", "Kh", "Qd", "Qc", "Jd", "Js", "Tc", "Th", "8s", "8h", "6c", "4d", "2d"},
		{"2h", "3s", "3h", "4s", "5s", "6s", "7d", "8d", "9c", "Ts", "Jc", "Qh", "Ac"},
		{"Ah", "Td", "9d", "7s", "2c", "4h", "4c", "5h", "6h", "3d", "5c", "6d", "7c"},
	}
}

func fatal(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// The players' nets and the house's rake and draw fees sum to exactly 0.
func addsUp(t *testing.T, settlement Settlement) {
	t.Helper()
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
}

// The round a platform plays, each call in one step: the seats' arrangements (optimal, two bots,
// one fouled), checked, one graded, settled at 1,000,000 to the last đồng, the receipt verified
// from what the client handed back alone.
func TestATablesRoundAddsUpToTheLastDong(t *testing.T) {
	api := live(t, "MAUBINH_KEY", "")
	hands := deal()
	best, err := api.OptimalArrangement(call(t), OptimalRequest{Cards: hands[0], Variant: Ptr(Preset(PresetNameOnline))})
	fatal(t, err)
	variant := Rules(best.Value.Variant) // the answer's variant, posted on as it came
	arrangements := []Arrangement{best.Value.Best.Arrangement}
	for seat, level := range []Level{LevelClub, LevelExpert} {
		played, err := api.PlayHand(call(t), PlayRequest{Cards: hands[seat+1], Level: level, Seed: Ptr(seat), Variant: &variant})
		fatal(t, err)
		arrangements = append(arrangements, played.Value.Arrangement)
	}
	fouled := Arrangement{Back: hands[3][:5], Middle: hands[3][5:10], Front: hands[3][10:]}
	arrangements = append(arrangements, fouled)
	checked, err := api.ValidateBatch(call(t), ValidateBatchRequest{Arrangements: arrangements, Variant: &variant})
	fatal(t, err)
	if results := checked.Value.Results; results[0].Fouled || !results[3].Fouled || results[3].Reasons[0].Key != FoulCodeBackWeakerThanMiddle {
		t.Fatalf("fouls %+v", checked.Value.Results)
	}
	graded, err := api.AnalyseArrangement(call(t), AnalysisRequest{Arrangement: fouled, Variant: &variant})
	fatal(t, err)
	if !graded.Value.Fouled || graded.Value.Verdict.Key != VerdictKeyFoul {
		t.Fatalf("the fouled seat graded %v %v", graded.Value.Fouled, graded.Value.Verdict)
	}
	names := []PlayerId{"an", "binh", "chi", "dung"}
	players := []PlayerInput{}
	for seat, arrangement := range arrangements {
		players = append(players, Played(names[seat], arrangement))
	}
	settled, err := api.SettleTable(call(t), SettlementRequest{Bet: "1000000", Players: players, Variant: &variant})
	fatal(t, err)
	addsUp(t, settled.Value)
	// The receipt holds offline from the answer as the client handed it back, and not once the
	// answer is changed.
	keys, err := api.ReceiptKeys(call(t))
	fatal(t, err)
	if _, err := VerifyAnswerFor(settled, keys.Body, true, "platform"); err != nil {
		t.Fatal(err)
	}
	tampered := *settled
	tampered.Body = []byte(strings.Replace(string(settled.Body), `"bet":"1000000"`, `"bet":"1000001"`, 1))
	var refused *ReceiptError
	if _, err := VerifyAnswer(&tampered, keys.Body, true); !errors.As(err, &refused) || refused.Code != CodeAnswerDigest {
		t.Fatalf("a changed answer: %v", err)
	}
	shown, err := api.ShowVariant(call(t), *best.Value.Variant.Fingerprint)
	fatal(t, err)
	if shown.Value.Fingerprint != *best.Value.Variant.Fingerprint {
		t.Fatal("the variant is found again by its fingerprint")
	}
}

// A call pinned to the model an earlier answer named is answered from it, whatever the client's.
func TestACallPinnedToAModelIsAnsweredFromIt(t *testing.T) {
	api := live(t, "MAUBINH_KEY", "")
	variants, err := api.ListVariants(call(t))
	fatal(t, err)
	pinned := variants.Value.Models[len(variants.Value.Models)-1] // the oldest the deployment keeps
	played, err := api.PlayHand(call(t), PlayRequest{Cards: deal()[0], Level: LevelClub, Seed: Ptr(0)}, Model(pinned))
	fatal(t, err)
	if played.Headers.ModelVersion != pinned {
		t.Fatalf("pinned %q, answered from %q", pinned, played.Headers.ModelVersion)
	}
	_, err = api.PlayHand(call(t), PlayRequest{Cards: deal()[0], Level: LevelClub}, Model("model-not-kept"))
	var problem *ProblemError
	if !errors.As(err, &problem) || problem.Status != 400 || problem.Problem.Type != ProblemTypeUrnMaubinhProblemUnknownModel {
		t.Fatalf("a model the deployment does not keep: %v", err)
	}
}

func TestABadCardIsAProblemWithItsPointerAndCodeInEitherLanguage(t *testing.T) {
	titles := map[string]string{}
	for _, language := range []string{"en", "vi"} {
		// The client speaks English; the call's own language wins.
		api := live(t, "MAUBINH_KEY", "en")
		answer, err := api.ClassifyHands(call(t), ClassifyRequest{Cards: []CardInput{"As", "Kd", "As"}}, Language(language))
		var problem *ProblemError
		if answer != nil || !errors.As(err, &problem) || problem.Status != 422 {
			t.Fatalf("%s: %v", language, err)
		}
		if codes := problem.Codes(); len(codes) != 1 || codes[0] != ErrorCodeCardRepeated || (*problem.Problem.Errors)[0].Pointer != "/cards/2" {
			t.Fatalf("%s: %+v", language, problem.Problem.Errors)
		}
		if problem.Headers.RequestID == "" || problem.Headers.APIVersion == "" || problem.Headers.ContentLanguage != language {
			t.Fatalf("%s: headers %+v", language, problem.Headers)
		}
		titles[language] = problem.Problem.Title
	}
	if titles["en"] == titles["vi"] {
		t.Fatalf("the same title in both languages: %q", titles["en"])
	}
}

// A deal committed, dealt from two client seeds, checked offline as the platform's, and kept in a
// hand record whose file checks too.
func TestADealIsCheckedOfflineAndKeptInAHandRecord(t *testing.T) {
	api := live(t, "MAUBINH_KEY", "")
	committed, err := api.CommitDeal(call(t))
	fatal(t, err)
	dealt, err := api.DealCards(call(t), committed.Value.DealId, DealRequest{ClientSeeds: []ClientSeed{"an-1", "binh-2"}, Seats: 2})
	fatal(t, err)
	deal := &dealt.Value
	keys, err := api.ReceiptKeys(call(t))
	fatal(t, err)
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
