package maubinh

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Hand records (openapi.yaml's HandRecord; the reference is the Python client's hand_records.py):
// one hand at a table as a platform keeps it for recall and disputes, each naming the digest of its
// table's previous record, so that a changed record breaks the chain. A file of them is JSON
// Lines, one record a line, oldest first; several tables may interleave.

// RecordFormat is the format and version a record names in "record".
const RecordFormat = "maubinh-hand-record/1"

// The codes of a record's steps, in their order, after CodeNotStrictJSON (a line that does not
// read); a deal that does not hold is "deal." and its DealError's code (CodeDealFields...), a
// settlement whose receipt does not hold "settlement." and its ReceiptError's code; CodeHead is a
// table's newest record that is not the one published.
const (
	CodeRecordFields    = "record_fields"
	CodePrevious        = "previous"
	CodeNumber          = "number"
	CodeSeatCards       = "seat_cards"
	CodeDealSeats       = "deal_seats"
	CodeSettlementSeats = "settlement_seats"
	CodeHead            = "head"
)

// HandRecordError is the first record of a file that does not hold: Index is its place among the
// file's records (from 0, blank lines aside), HandID its hand_id (nil when it names none), Code the
// failing step's and Reason says it in words.
type HandRecordError struct {
	Index  int
	HandID *string
	Code   string
	Reason string
}

func (e *HandRecordError) Error() string {
	which := fmt.Sprintf("record %d", e.Index+1)
	if e.HandID != nil {
		which += " (hand " + *e.HandID + ")"
	}
	return "maubinh: " + which + " does not hold: " + e.Reason
}

func broken(code, reason string) *HandRecordError {
	return &HandRecordError{Code: code, Reason: reason}
}

// TableChain is one table's records in a file: the first and last numbers (as big as written),
// whether its chain starts at the table's first record (previous null), and the digest of its
// newest record, the head to publish.
type TableChain struct {
	TableID      string
	First        *big.Int
	Last         *big.Int
	FromTheStart bool
	Head         string
}

// HandRecordParts are what a hand record is built of. The answers are kept as their JSON texts as
// they came: the receipt's digests and the commitment's signature are of them, not of a type's
// reading.
type HandRecordParts struct {
	TableID string
	HandID  string
	// Seats, in the order dealt: each player's id, the 13 cards dealt and what the player set.
	Seats []HandRecordSeat
	// Previous is the table's record before this one (its text); nil starts the table's chain.
	Previous []byte
	// Commitment and Deal are the answers of POST /v1/deals and POST /v1/deals/{deal_id}, if the
	// service dealt the hand.
	Commitment, Deal []byte
	// Request and Answer are the settlement request sent and its answer, receipt and all, if the
	// table was settled.
	Request, Answer []byte
	// StartedAt is when the hand was dealt (the zero time: not known), kept in UTC to the second.
	StartedAt time.Time
}

// BuildHandRecord is the record of one hand, in its exact canonical form: number 1 and previous null
// when it starts its table's chain, else the previous record's number plus 1 and its RecordDigest.
func BuildHandRecord(parts HandRecordParts) ([]byte, error) {
	record := map[string]any{"record": RecordFormat, "table_id": parts.TableID, "hand_id": parts.HandID,
		"number": jsonNumber("1"), "previous": nil}
	if parts.Previous != nil {
		previous, err := readPart(parts.Previous, "the previous record")
		fields, _ := previous.(map[string]any)
		number, ok := integerOf(fields["number"])
		if err != nil || !ok {
			return nil, errors.New("maubinh: the previous record has no number")
		}
		record["number"] = jsonNumber(number.Add(number, big.NewInt(1)).String())
		record["previous"] = digestOf(previous)
	}
	if !parts.StartedAt.IsZero() {
		record["started_at"] = parts.StartedAt.UTC().Format("2006-01-02T15:04:05Z")
	}
	seats, _ := json.Marshal(parts.Seats) // the generated type: it marshals
	var err error
	if record["seats"], err = readPart(seats, "the seats"); err != nil {
		return nil, err
	}
	if err := addPair(record, "deal", "commitment", parts.Commitment, "deal", parts.Deal); err != nil {
		return nil, err
	}
	if err := addPair(record, "settlement", "request", parts.Request, "answer", parts.Answer); err != nil {
		return nil, err
	}
	return exactCanonical(record), nil
}

func readPart(text []byte, what string) (any, error) {
	value, err := readStrict(text)
	if err != nil {
		return nil, fmt.Errorf("maubinh: %s is not strict JSON: %w", what, err)
	}
	return value, nil
}

// addPair adds the member name, {first: ..., second: ...} read from the two texts, unless both are
// nil; one without the other is an error.
func addPair(record map[string]any, name, first string, one []byte, second string, other []byte) error {
	if one == nil && other == nil {
		return nil
	}
	if one == nil || other == nil {
		return fmt.Errorf("maubinh: a hand record keeps the %s and the %s, or neither", first, second)
	}
	oneValue, err := readPart(one, "the "+first)
	if err != nil {
		return err
	}
	otherValue, err := readPart(other, "the "+second)
	if err != nil {
		return err
	}
	record[name] = map[string]any{first: oneValue, second: otherValue}
	return nil
}

// RecordDigest is "sha256:" and the SHA-256 of a record's exact canonical form (the record read
// strictly from its text, a line of a file or as built): what its successor names in previous.
func RecordDigest(record []byte) (string, error) {
	value, err := readPart(record, "the record")
	if err != nil {
		return "", err
	}
	return digestOf(value), nil
}

// HandRecordLine is a record as one line of a JSON Lines file: its exact canonical form and a
// line feed.
func HandRecordLine(record []byte) ([]byte, error) {
	value, err := readPart(record, "the record")
	if err != nil {
		return nil, err
	}
	return append(exactCanonical(value), '\n'), nil
}

// VerifyHandRecords checks a JSON Lines file of hand records, oldest first, with the deployment's
// key set (the JSON of GET /.well-known/jwks.json; nil: none), record by record as the reference
// does: it reads, its link and number, its seats' cards, its deal's proof and that the deal gave
// the seats their cards, its settlement's receipt and that the settlement is of these seats. With a
// tenant (none: ""), every deal and receipt must be that tenant's; with heads (table id: digest),
// each such table's newest record must be the one published (checked in table id order). It
// returns each table's chain in the order the file first names it, or a *HandRecordError at the
// first record that does not hold.
func VerifyHandRecords(text, keys []byte, tenant string, heads map[string]string) ([]TableChain, error) {
	if keys == nil {
		keys = noKeys
	}
	records, err := readRecords(text)
	if err != nil {
		return nil, err
	}
	var chains []TableChain
	places := map[string]int{} // a table's place in chains
	for index, record := range records {
		fields, _ := record.(map[string]any)
		var chain *TableChain
		if recordReads(fields) {
			if place, ok := places[fields["table_id"].(string)]; ok {
				chain = &chains[place]
			}
		}
		if refused := checkRecord(fields, chain, keys, tenant); refused != nil {
			refused.Index, refused.HandID = index, textOrNil(fields["hand_id"])
			return nil, refused
		}
		number, _ := integerOf(fields["number"])
		if chain == nil {
			places[fields["table_id"].(string)] = len(chains)
			chains = append(chains, TableChain{TableID: fields["table_id"].(string), First: number,
				FromTheStart: fields["previous"] == nil})
			chain = &chains[len(chains)-1]
		}
		chain.Last, chain.Head = number, digestOf(record)
	}
	for _, tableID := range slices.Sorted(maps.Keys(heads)) {
		place, ok := places[tableID]
		if !ok || chains[place].Head != heads[tableID] {
			return nil, &HandRecordError{Index: newest(records, tableID), Code: CodeHead,
				Reason: "table " + tableID + "'s newest record is not the one published"}
		}
	}
	return chains, nil
}

// newest is the place of a table's newest record, or the file's end when it has none.
func newest(records []any, tableID string) int {
	for index := len(records) - 1; index >= 0; index-- {
		if records[index].(map[string]any)["table_id"] == tableID {
			return index
		}
	}
	return len(records)
}

// readRecords reads every line first (blank ones skipped): a line that is not strict JSON is
// refused at its place before any record is checked, as the reference does. Lines end at line
// feeds only: U+2028 and its kind (U+2029, U+0085, \v, \f, \x1c-\x1e) are characters a string may
// hold, never line ends. A line is blank when it holds JSON whitespace only (space, tab, CR, LF):
// the CR of a CR LF line end is a record line's trailing whitespace, which the strict reader takes.
func readRecords(text []byte) ([]any, error) {
	var records []any
	for _, line := range bytes.Split(text, []byte{'\n'}) {
		if len(bytes.Trim(line, " \t\r\n")) == 0 {
			continue
		}
		record, err := readStrict(line)
		if err != nil {
			return nil, &HandRecordError{Index: len(records), Code: CodeNotStrictJSON, Reason: "it is not strict JSON"}
		}
		records = append(records, record)
	}
	return records, nil
}

// checkRecord is one record's steps; chain is its table's so far (nil: none, or it does not read).
func checkRecord(record map[string]any, chain *TableChain, keys []byte, tenant string) *HandRecordError {
	if !recordReads(record) {
		return broken(CodeRecordFields, "its fields do not read as a "+RecordFormat)
	}
	number, _ := integerOf(record["number"])
	if chain != nil && record["previous"] != chain.Head {
		return broken(CodePrevious, "previous is not the digest of table "+record["table_id"].(string)+"'s record before it")
	}
	if chain != nil && number.Cmp(new(big.Int).Add(chain.Last, big.NewInt(1))) != 0 {
		return broken(CodeNumber, fmt.Sprintf("its number is %s, after %s", number, chain.Last))
	}
	if chain == nil && record["previous"] == nil && number.Cmp(big.NewInt(1)) != 0 {
		return broken(CodeNumber, "a chain's first record is number 1")
	}
	seats := record["seats"].([]any)
	if refused := checkCards(seats); refused != nil {
		return refused
	}
	if proof, ok := record["deal"].(map[string]any); ok {
		if refused := checkDealt(proof, seats, keys, tenant); refused != nil {
			return refused
		}
	}
	if settlement, ok := record["settlement"].(map[string]any); ok {
		return checkSettled(settlement, seats, keys, tenant)
	}
	return nil
}

func checkDealt(proof map[string]any, seats []any, keys []byte, tenant string) *HandRecordError {
	var refused *DealError
	if errors.As(verifyDealValues(proof["commitment"], proof["deal"], keys, true, tenant), &refused) {
		return broken("deal."+refused.Code, "its deal does not hold: "+refused.Reason)
	}
	dealt := make([][]string, len(seats))
	for i, seat := range seats {
		dealt[i] = texts(seat.(map[string]any)["cards"])
	}
	if !slices.EqualFunc(dealt, textLists(proof["deal"].(map[string]any)["hands"]), slices.Equal) {
		return broken(CodeDealSeats, "the seats' cards are not the deal's hands, seat by seat")
	}
	return nil
}

// checkSettled checks the settlement's receipt on the values read strictly, numbers exact: they
// digest as the texts stored did.
func checkSettled(settlement map[string]any, seats []any, keys []byte, tenant string) *HandRecordError {
	var refused *ReceiptError
	if _, err := verifyReceiptValues(settlement["request"], settlement["answer"], keys, true, tenant); errors.As(err, &refused) {
		return broken("settlement."+refused.Code, "its settlement's receipt does not hold: "+refused.Reason)
	}
	if !settlesTheSeats(settlement["request"], seats) {
		return broken(CodeSettlementSeats, "the settlement is not of these seats, their players and arrangements")
	}
	return nil
}

var (
	recordFields = []string{"record", "table_id", "hand_id", "number", "previous", "started_at", "deal", "seats", "settlement"}
	seatFields   = []string{"player_id", "cards", "arrangement", "declare_natural", "forfeit", "set_after_ms"}
	chiSizes     = []struct {
		name string
		size int
	}{{"back", 5}, {"middle", 5}, {"front", 3}}
)

// recordReads is whether a record's fields are all present and typed (the cards' own rules are
// checked after), and it has no other.
func recordReads(record map[string]any) bool {
	if record == nil || !namesOnly(record, recordFields) {
		return false
	}
	number, counted := integerOf(record["number"])
	previous, linked := record["previous"]
	seats, listed := record["seats"].([]any)
	return record["record"] == RecordFormat &&
		isName(record["table_id"]) && isName(record["hand_id"]) &&
		counted && number.Sign() > 0 &&
		linked && (previous == nil || textMatching(digestPattern)(previous)) &&
		absentOr(record, "started_at", textMatching(issuedAt)) &&
		absentOr(record, "deal", isPair("commitment", "deal")) &&
		absentOr(record, "settlement", isPair("request", "answer")) &&
		listed && 2 <= len(seats) && len(seats) <= 4 && all(seats, seatReads)
}

// namesOnly is whether every member's name is one of names.
func namesOnly(members map[string]any, names []string) bool {
	for name := range members {
		if !slices.Contains(names, name) {
			return false
		}
	}
	return true
}

func absentOr(members map[string]any, name string, fits func(any) bool) bool {
	value, present := members[name]
	return !present || fits(value)
}

// isName is a table's or a hand's id: 1 to 64 characters (code points, as Python counts them).
func isName(value any) bool {
	text, ok := value.(string)
	return ok && 1 <= utf8.RuneCountInString(text) && utf8.RuneCountInString(text) <= 64
}

func isPair(first, second string) func(any) bool {
	return func(value any) bool {
		members, ok := value.(map[string]any)
		_, one := members[first]
		_, other := members[second]
		return ok && len(members) == 2 && one && other
	}
}

func seatReads(value any) bool {
	seat, ok := value.(map[string]any)
	isBool := func(flag any) bool { _, ok := flag.(bool); return ok }
	timing := func(value any) bool { ms, ok := integerOf(value); return ok && ms.Sign() >= 0 }
	return ok && namesOnly(seat, seatFields) &&
		isText(seat["player_id"]) && cardsOf(seat["cards"], 13) &&
		absentOr(seat, "arrangement", arrangementReads) &&
		absentOr(seat, "declare_natural", isBool) && absentOr(seat, "forfeit", isBool) &&
		absentOr(seat, "set_after_ms", timing)
}

func arrangementReads(value any) bool {
	arrangement, ok := value.(map[string]any)
	if !ok || len(arrangement) != len(chiSizes) {
		return false
	}
	for _, chi := range chiSizes {
		if !cardsOf(arrangement[chi.name], chi.size) {
			return false
		}
	}
	return true
}

// arranged is a seat's arrangement's cards, back, middle then front.
func arranged(arrangement map[string]any) []string {
	var cards []string
	for _, chi := range chiSizes {
		cards = append(cards, texts(arrangement[chi.name])...)
	}
	return cards
}

// checkCards refuses a card dealt twice, and an arrangement not of the cards dealt to its seat.
func checkCards(seats []any) *HandRecordError {
	dealt := map[string]bool{}
	for _, seat := range seats {
		for _, card := range texts(seat.(map[string]any)["cards"]) {
			if dealt[card] {
				return broken(CodeSeatCards, "a card was dealt twice")
			}
			dealt[card] = true
		}
	}
	for place, seat := range seats {
		fields := seat.(map[string]any)
		if arrangement, ok := fields["arrangement"].(map[string]any); ok && !sameCards(arranged(arrangement), texts(fields["cards"])) {
			return broken(CodeSeatCards, fmt.Sprintf("seat %d's arrangement is not of the cards dealt to it", place+1))
		}
	}
	return nil
}

// sameCards is whether two lists hold the same cards, in any order.
func sameCards(one, other []string) bool {
	return slices.Equal(slices.Sorted(slices.Values(one)), slices.Sorted(slices.Values(other)))
}

// settlesTheSeats is whether the settlement request is of these seats: the same players in order,
// the same forfeits (a forfeit counts only when it is JSON true: 0, "", [], {} and "false" are not),
// and each arrangement sent the one kept (in any card notation).
func settlesTheSeats(request any, seats []any) bool {
	fields, _ := request.(map[string]any)
	players, ok := fields["players"].([]any)
	if !ok || len(players) != len(seats) {
		return false
	}
	for i, item := range players {
		player, ok := item.(map[string]any)
		seat := seats[i].(map[string]any)
		if !ok || player["id"] != seat["player_id"] || (player["forfeit"] == true) != (seat["forfeit"] == true) {
			return false
		}
		sent, kept := player["arrangement"], seat["arrangement"]
		if (sent == nil) != (kept == nil) || sent != nil && !sameArrangement(sent, kept.(map[string]any)) {
			return false
		}
	}
	return true
}

// sameArrangement is whether the arrangement sent is the one kept, chi by chi, in any order.
func sameArrangement(sent any, kept map[string]any) bool {
	chis, _ := sent.(map[string]any)
	for _, chi := range chiSizes {
		cards, ok := chis[chi.name].([]any)
		if !ok {
			return false
		}
		canonical := make([]string, len(cards))
		for i, card := range cards {
			if canonical[i], ok = canonicalCard(card); !ok {
				return false // no kept card is written so
			}
		}
		if !sameCards(canonical, texts(kept[chi.name])) {
			return false
		}
	}
	return true
}

var (
	cardRanks = map[string]string{"10": "T", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8",
		"9": "9", "T": "T", "J": "J", "Q": "Q", "K": "K", "A": "A"}
	cardSuits = map[rune]string{'s': "s", 'h': "h", 'd': "d", 'c': "c", '♠': "s", '♤': "s", '♥': "h", '♡': "h",
		'♦': "d", '♢': "d", '♣': "c", '♧': "c"}
)

// canonicalCard is a card in the service's notation (rank, "10" as "T", then suit), its symbols and
// case read.
func canonicalCard(value any) (string, bool) {
	text, _ := value.(string)
	runes := []rune(text)
	if len(runes) < 2 {
		return "", false
	}
	rank, ranked := cardRanks[strings.ToUpper(string(runes[:len(runes)-1]))]
	suit, suited := cardSuits[unicode.ToLower(runes[len(runes)-1])]
	return rank + suit, ranked && suited
}
