package maubinh

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

type recordCorpus struct {
	KeySets map[string]json.RawMessage `json:"key_sets"`
	Records []string                   `json:"records"`
	Cases   []struct {
		ID      string            `json:"id"`
		Lines   []json.RawMessage `json:"lines"`
		Keys    *string           `json:"keys"`
		Tenant  *string           `json:"tenant"`
		Heads   map[string]string `json:"heads"`
		Verdict json.RawMessage   `json:"verdict"`
	} `json:"cases"`
}

// fileOf is a case's file as stored: each line a genuine record's (by its place) or its own text,
// each ending with a line feed.
func fileOf(t *testing.T, lines []json.RawMessage, genuine []string) []byte {
	t.Helper()
	var file strings.Builder
	for _, line := range lines {
		var place int
		var text string
		if json.Unmarshal(line, &place) == nil {
			text = genuine[place]
		} else if err := json.Unmarshal(line, &text); err != nil {
			t.Fatalf("a line neither a place nor a text: %s", line)
		}
		file.WriteString(text + "\n")
	}
	return []byte(file.String())
}

// The shared corpus (tests/conformance/hand_records.json): files of hand records, genuine and
// changed, each with the verdict every verifier must give (the first record that does not hold and
// its code). Offline, it runs in test_go_client.py's `go test ./...` under make test.
func TestTheCorpusOfHandRecordsIsJudgedAsTheReferenceDoes(t *testing.T) {
	corpus := readCorpus[recordCorpus](t, "hand_records.json")
	if len(corpus.Cases) == 0 {
		t.Fatal("the corpus has no case")
	}
	for _, c := range corpus.Cases {
		var keys []byte // a case without a key set: none
		if c.Keys != nil {
			keys = corpus.KeySets[*c.Keys]
		}
		found := map[string]any{}
		verdict := "holds"
		if _, err := VerifyHandRecords(fileOf(t, c.Lines, corpus.Records), keys, orNone(c.Tenant), c.Heads); err != nil {
			var refused *HandRecordError
			if !errors.As(err, &refused) {
				t.Fatalf("%s: %v", c.ID, err)
			}
			found = map[string]any{"index": refused.Index, "code": refused.Code}
			verdict = refused.Error()
		}
		var want any
		_ = json.Unmarshal(c.Verdict, &want)
		if wanted, ok := want.(map[string]any); ok {
			if found["index"] != int(wanted["index"].(float64)) || found["code"] != wanted["code"] {
				t.Errorf("%s: %s, the reference says %s", c.ID, verdict, c.Verdict)
			}
		} else if verdict != want {
			t.Errorf("%s: %s, the reference says %s", c.ID, verdict, c.Verdict)
		}
	}
}

// partsOf is what a genuine record was built of, as a platform has them: the answers' texts and the
// seats in the generated type.
func partsOf(t *testing.T, line string, previous []byte) HandRecordParts {
	t.Helper()
	var record struct {
		TableID    string           `json:"table_id"`
		HandID     string           `json:"hand_id"`
		StartedAt  time.Time        `json:"started_at"`
		Seats      []HandRecordSeat `json:"seats"`
		Deal       struct{ Commitment, Deal json.RawMessage }
		Settlement struct{ Request, Answer json.RawMessage }
	}
	if err := json.Unmarshal([]byte(line), &record); err != nil {
		t.Fatal(err)
	}
	return HandRecordParts{TableID: record.TableID, HandID: record.HandID, Seats: record.Seats, Previous: previous,
		Commitment: record.Deal.Commitment, Deal: record.Deal.Deal, Request: record.Settlement.Request,
		Answer: record.Settlement.Answer, StartedAt: record.StartedAt}
}

// The reference's records, built again from their parts: the same lines, chained alike.
func TestAHandRecordIsBuiltAsTheReferenceBuildsIt(t *testing.T) {
	corpus := readCorpus[recordCorpus](t, "hand_records.json")
	var built strings.Builder
	newest := map[string][]byte{} // a table's newest record
	for i, line := range corpus.Records {
		parts := partsOf(t, line, nil)
		parts.Previous = newest[parts.TableID]
		record, err := BuildHandRecord(parts)
		if err != nil {
			t.Fatal(err)
		}
		written, err := HandRecordLine(record)
		if err != nil || string(written) != line+"\n" {
			t.Fatalf("record %d: %s, not %s (%v)", i, written, line, err)
		}
		newest[parts.TableID] = record
		built.Write(written)
	}
	heads := map[string]string{}
	for table, record := range newest {
		heads[table], _ = RecordDigest(record)
	}
	chains, err := VerifyHandRecords([]byte(built.String()), corpus.KeySets["deployment"], "platform-a", heads)
	if err != nil || len(chains) != 2 || chains[0].TableID != "t-1" || chains[0].Last.Int64() != 10 || !chains[1].FromTheStart {
		t.Fatalf("%+v %v", chains, err)
	}
}

// Lines split at line feeds only, a line of JSON whitespace only (space, tab, CR, LF) skipped, every
// line read before any record is checked: the verdicts the reference gives (index, code; -1: it holds).
func TestARecordFileIsReadAsTheReferenceReadsIt(t *testing.T) {
	corpus := readCorpus[recordCorpus](t, "hand_records.json")
	genuine := corpus.Records[0]
	type verdict struct {
		index int
		code  string
	}
	for text, want := range map[string]verdict{
		"\n \t\r\n" + genuine + "\r\n \t\r\n": {-1, ""},
		genuine:                               {-1, ""},
		genuine + "\n\u00a0\n":                {1, CodeNotStrictJSON},
		genuine + "\n\x1f\n":                  {1, CodeNotStrictJSON},
		genuine + "\n\v":                      {1, CodeNotStrictJSON},
		genuine + "\x0c" + genuine:            {0, CodeNotStrictJSON},
		genuine + "\r" + genuine:              {0, CodeNotStrictJSON},
		genuine + "\u2028{}":                  {0, CodeNotStrictJSON},
		genuine + "\u2029\n{}":                {0, CodeNotStrictJSON},
		genuine + "\u0085\n{}":                {0, CodeNotStrictJSON},
		genuine + "\n\u2028\n{}":              {1, CodeNotStrictJSON},
		genuine + "\n{}":                      {1, CodeRecordFields},
		strings.Replace(genuine, `"hand_id":"`, `"hand_id":"\u2028\u2029\u0085`, 1): {-1, ""},
		"{}\n" + genuine + "x": {1, CodeNotStrictJSON},
	} {
		found := verdict{-1, ""}
		if _, err := VerifyHandRecords([]byte(text), corpus.KeySets["deployment"], "", nil); err != nil {
			var refused *HandRecordError
			if !errors.As(err, &refused) {
				t.Fatal(err)
			}
			found = verdict{refused.Index, refused.Code}
		}
		if found != want {
			t.Errorf("%.60q: %v, not %v", text, found, want)
		}
	}
}

func TestASettlementSentInAnyCardNotationIsOfTheSeatsKept(t *testing.T) {
	kept := []any{map[string]any{"player_id": "an", "forfeit": false, "arrangement": map[string]any{
		"back": []any{"As", "Ks", "Qs", "Js", "Ts"}, "middle": []any{"2h", "3h", "4h", "5h", "6h"}, "front": []any{"7d", "8d", "9d"}}}}
	for sent, holds := range map[string]bool{
		`{"id":"an","forfeit":0,"arrangement":{"back":["10♠","as","K♤","qS","Js"],"middle":["6h","5♥","4♡","3H","2h"],"front":["9d","8♦","7♢"]}}`:      true,
		`{"id":"an","forfeit":[],"arrangement":{"back":["As","Ks","Qs","Js","1s"],"middle":["6h","5h","4h","3h","2h"],"front":["9d","8d","7d"]}}`:      false,
		`{"id":"an","forfeit":"no","arrangement":{"back":["As","Ks","Qs","Js","Ts"],"middle":["6h","5h","4h","3h","2h"],"front":["9d","8d","7d"]}}`:    true,
		`{"id":"an","forfeit":"true","arrangement":{"back":["As","Ks","Qs","Js","Ts"],"middle":["6h","5h","4h","3h","2h"],"front":["9d","8d","7d"]}}`:  true,
		`{"id":"an","forfeit":{"a":1},"arrangement":{"back":["As","Ks","Qs","Js","Ts"],"middle":["6h","5h","4h","3h","2h"],"front":["9d","8d","7d"]}}`: true,
		`{"id":"an","forfeit":true,"arrangement":{"back":["As","Ks","Qs","Js","Ts"],"middle":["6h","5h","4h","3h","2h"],"front":["9d","8d","7d"]}}`:    false,
		`{"id":"an","forfeit":false}`: false,
		`{"id":"bình"}`:               false,
	} {
		player, _ := readStrict([]byte(sent))
		if settlesTheSeats(map[string]any{"players": []any{player}}, kept) != holds {
			t.Errorf("%s: not %v", sent, holds)
		}
	}
}
