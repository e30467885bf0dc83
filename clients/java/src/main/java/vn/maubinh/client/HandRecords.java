package vn.maubinh.client;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import vn.maubinh.client.core.JSON;
import vn.maubinh.client.model.Deal;
import vn.maubinh.client.model.DealCommitment;
import vn.maubinh.client.model.HandRecordSeat;
import vn.maubinh.client.model.Settlement;

/**
 * Hand records, built and checked offline: one hand at a table as a platform keeps it for recall
 * and disputes (openapi.yaml's {@code HandRecord}; docs/integrating.md, "Hand records"), each naming
 * the digest of its table's previous record, so that a changed record breaks the chain. A file of
 * them is JSON Lines, one record a line ({@link #line}), oldest first.
 *
 * <p>A record is a JSON value as {@link #read} reads it: a {@code Map<String, Object>} of
 * {@code List}, {@code String}, {@code BigInteger}, {@code BigDecimal}, {@code Boolean} and null,
 * never through a model (a model would rewrite a time or a number, and change the digest).
 *
 * <p>{@link #verify} follows the rule every client and {@code python -m maubinh_api.batch verify}
 * follow, record by record, with the same codes ({@link HandRecordException#code()}).
 */
public final class HandRecords {
    /** The format and version a record names in {@code record}. */
    public static final String RECORD_FORMAT = "maubinh-hand-record/1";

    private static final String NO_KEYS = "{\"keys\":[]}";

    private HandRecords() {}

    /** One table's records in a file: its first and last numbers, whether its chain starts at the
     * table's first record, and the digest of its newest record (the head to publish). */
    public static final class TableChain {
        private final String tableId;
        private final BigInteger first;
        private final BigInteger last;
        private final boolean fromTheStart;
        private final String head;

        TableChain(String tableId, BigInteger first, BigInteger last, boolean fromTheStart, String head) {
            this.tableId = tableId;
            this.first = first;
            this.last = last;
            this.fromTheStart = fromTheStart;
            this.head = head;
        }

        /** @return the table's id */
        public String tableId() {
            return tableId;
        }

        /** @return the number of the table's first record in the file */
        public BigInteger first() {
            return first;
        }

        /** @return the number of the table's last record in the file */
        public BigInteger last() {
            return last;
        }

        /** @return whether the first of them starts the table's chain ({@code previous} null) */
        public boolean fromTheStart() {
            return fromTheStart;
        }

        /** @return the digest of the table's newest record: the head to publish */
        public String head() {
            return head;
        }

        @Override
        public String toString() {
            return "TableChain{" + tableId + ", " + first + " to " + last + (fromTheStart ? " from the start" : "") + ", head " + head + "}";
        }
    }

    /**
     * A record to build, of one hand at a table.
     *
     * @param tableId the platform's id of the table
     * @param handId the platform's id of the hand
     * @param previous the table's record before (null: this one starts the table's chain, number 1)
     * @return the builder: add the seats in the order dealt, the deal's proof and the settlement
     */
    public static Builder builder(String tableId, String handId, Map<String, ?> previous) {
        return new Builder(tableId, handId, previous);
    }

    /** A record's parts, each added by name; {@link #build()} makes the record. */
    public static final class Builder {
        private final String tableId;
        private final String handId;
        private final Map<String, ?> previous;
        private final List<Object> seats = new ArrayList<>();
        private String startedAt;
        private Map<String, Object> deal;
        private Map<String, Object> settlement;

        private Builder(String tableId, String handId, Map<String, ?> previous) {
            this.tableId = tableId;
            this.handId = handId;
            this.previous = previous;
        }

        /** @param at when the hand was dealt, UTC to the second ({@code 2026-12-06T12:00:00Z}) @return this */
        public Builder startedAt(String at) {
            startedAt = at;
            return this;
        }

        /**
         * The deal's proof, the two answers as they came.
         *
         * @param commitmentText the JSON of {@code POST /v1/deals}'s answer
         * @param dealText the JSON of {@code POST /v1/deals/{deal_id}}'s answer
         * @return this
         */
        public Builder deal(String commitmentText, String dealText) {
            deal = new LinkedHashMap<>();
            deal.put("commitment", object(commitmentText));
            deal.put("deal", object(dealText));
            return this;
        }

        /** @param commitment {@code POST /v1/deals}'s answer @param dealt {@code POST /v1/deals/{deal_id}}'s @return this */
        public Builder deal(Answer<DealCommitment> commitment, Answer<Deal> dealt) {
            return deal(commitment.text(), dealt.text());
        }

        /** @param seat the next seat in the order dealt: its player, cards, and what the player set @return this */
        public Builder seat(HandRecordSeat seat) {
            seats.add(object(JSON.serialize(seat)));
            return this;
        }

        /**
         * The settlement, as sent and as answered (its receipt in the answer).
         *
         * @param requestText the request's JSON as sent ({@link Answer#requestText()})
         * @param answerText the answer's JSON as received ({@link Answer#text()})
         * @return this
         */
        public Builder settlement(String requestText, String answerText) {
            settlement = new LinkedHashMap<>();
            settlement.put("request", strict(requestText, "the request"));
            settlement.put("answer", object(answerText));
            return this;
        }

        /** @param settled {@code POST /v1/settlements}'s answer, its request's text in it @return this */
        public Builder settlement(Answer<Settlement> settled) {
            return settlement(settled.requestText(), settled.text());
        }

        /** @return the record, its number and {@code previous} from the previous record */
        public Map<String, Object> build() {
            Map<String, Object> record = new LinkedHashMap<>();
            record.put("record", RECORD_FORMAT);
            record.put("table_id", tableId);
            record.put("hand_id", handId);
            record.put("number", previous == null ? BigInteger.ONE : new BigInteger(String.valueOf(previous.get("number"))).add(BigInteger.ONE));
            record.put("previous", previous == null ? null : digest(previous));
            if (startedAt != null) {
                record.put("started_at", startedAt);
            }
            if (deal != null) {
                record.put("deal", deal);
            }
            record.put("seats", new ArrayList<>(seats));
            if (settlement != null) {
                record.put("settlement", settlement);
            }
            return record;
        }
    }

    /**
     * @param record a record
     * @return {@code sha256:} and the SHA-256 of its exact canonical form: what its successor names
     */
    public static String digest(Map<String, ?> record) {
        return Receipts.digest(record);
    }

    /**
     * @param record a record
     * @return its line of a JSON Lines file: its exact canonical form and a newline
     */
    public static String line(Map<String, ?> record) {
        return CanonicalJson.write(record) + "\n";
    }

    /**
     * @param line a record's line
     * @return the record, read strictly, numbers exact
     * @throws IllegalArgumentException it is not strict JSON, or not an object
     */
    public static Map<String, Object> read(String line) {
        return object(line);
    }

    /**
     * Checks a file of records with the deployment's key set.
     *
     * @param text the file's text (JSON Lines, oldest first)
     * @param keysText the deployment's key set, the JSON of GET /.well-known/jwks.json (null: none)
     * @return each table's chain, tables in the order first seen
     * @throws HandRecordException at the first record that does not hold
     */
    public static List<TableChain> verify(String text, String keysText) throws HandRecordException {
        return verify(text, keysText, null, null);
    }

    /**
     * Checks a file of records with the deployment's key set, that every deal and receipt is
     * {@code tenant}'s, and that each table's newest record is the one published.
     *
     * @param text the file's text (JSON Lines, oldest first)
     * @param keysText the deployment's key set, the JSON of GET /.well-known/jwks.json (null: none)
     * @param tenant the tenant every deal and receipt must be of; null: any tenant's
     * @param heads table id to the digest of its newest record, as published; null: none
     * @return each table's chain, tables in the order first seen
     * @throws HandRecordException at the first record that does not hold
     */
    public static List<TableChain> verify(String text, String keysText, String tenant, Map<String, String> heads)
            throws HandRecordException {
        List<Object> records = readAll(text);
        Map<String, TableChain> chains = new LinkedHashMap<>();
        for (int index = 0; index < records.size(); index++) {
            Map<String, Object> record = Receipts.object(records.get(index));
            boolean reads = RecordShape.reads(record);
            try {
                checkOne(record, reads, reads ? chains.get(record.get("table_id")) : null, keysText, tenant);
            } catch (Broken broken) {
                Object handId = record == null ? null : record.get("hand_id");
                throw new HandRecordException(index, handId instanceof String ? (String) handId : null, broken.code, broken.reason);
            }
            String tableId = (String) record.get("table_id");
            TableChain chain = chains.get(tableId);
            BigInteger number = (BigInteger) record.get("number");
            chains.put(tableId, new TableChain(tableId, chain != null ? chain.first : number, number,
                    chain != null ? chain.fromTheStart : record.get("previous") == null, digest(record)));
        }
        checkHeads(records, chains, heads);
        return new ArrayList<>(chains.values());
    }

    /** A step that failed, for {@link #verify} to name with its record. */
    private static final class Broken extends Exception {
        private static final long serialVersionUID = 1L;
        private final String code;
        private final String reason;

        Broken(String code, String reason) {
            super(reason);
            this.code = code;
            this.reason = reason;
        }
    }

    /** Every record of the file, read before any is checked (blank lines skipped). */
    private static List<Object> readAll(String text) throws HandRecordException {
        List<Object> records = new ArrayList<>();
        for (String line : lines(Objects.requireNonNull(text, "text"))) {
            if (blank(line)) {
                continue;
            }
            try {
                records.add(StrictJson.read(line));
            } catch (StrictJson.NotStrict refused) {
                throw new HandRecordException(records.size(), null, "not_strict_json", "it is not strict JSON");
            }
        }
        return records;
    }

    /**
     * The text's lines: split at line feeds only, as the reference splits them. U+2028 and its kind
     * (U+2029, U+0085, \u000b, \u000c, \u001c-\u001e) are characters a string may hold, never line
     * ends; a final line feed leaves a last line empty, skipped as blank.
     */
    private static List<String> lines(String text) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', start)) {
            lines.add(text.substring(start, at));
            start = at + 1;
        }
        lines.add(text.substring(start));
        return lines;
    }

    /**
     * Whether a line holds JSON whitespace only (space, tab, CR, LF): the CR of a CR LF line end is
     * a record line's trailing whitespace, which the strict reader takes; a line of U+00A0 is read,
     * and is not strict JSON.
     */
    private static boolean blank(String line) {
        return line.chars().allMatch(c -> c == ' ' || c == '\t' || c == '\r' || c == '\n');
    }

    private static void checkOne(Map<String, Object> record, boolean reads, TableChain chain, String keysText, String tenant)
            throws Broken {
        if (!reads) {
            throw new Broken("record_fields", "its fields do not read as a " + RECORD_FORMAT);
        }
        if (chain != null && !chain.head.equals(record.get("previous"))) {
            throw new Broken("previous", "previous is not the digest of table " + record.get("table_id") + "'s record before it");
        }
        BigInteger number = (BigInteger) record.get("number");
        if (chain != null && !number.equals(chain.last.add(BigInteger.ONE))) {
            throw new Broken("number", "its number is " + number + ", after " + chain.last);
        }
        if (chain == null && record.get("previous") == null && !number.equals(BigInteger.ONE)) {
            throw new Broken("number", "a chain's first record is number 1");
        }
        List<Map<String, Object>> seats = RecordShape.seats(record);
        checkCards(seats);
        if (record.containsKey("deal")) {
            checkDealt(Receipts.object(record.get("deal")), seats, keysText, tenant);
        }
        if (record.containsKey("settlement")) {
            checkSettled(Receipts.object(record.get("settlement")), seats, keysText, tenant);
        }
    }

    private static void checkDealt(Map<String, Object> proof, List<Map<String, Object>> seats, String keysText, String tenant)
            throws Broken {
        Map<String, Object> dealt;
        try {
            dealt = Deals.verified(proof.get("commitment"), proof.get("deal"), keysText, tenant, true);
        } catch (DealException refused) {
            throw new Broken("deal." + refused.code(), "its deal does not hold: " + refused.reason());
        }
        List<Object> cards = new ArrayList<>();
        for (Map<String, Object> seat : seats) {
            cards.add(seat.get("cards"));
        }
        if (!cards.equals(dealt.get("hands"))) {
            throw new Broken("deal_seats", "the seats' cards are not the deal's hands, seat by seat");
        }
    }

    private static void checkSettled(
            Map<String, Object> settlement, List<Map<String, Object>> seats, String keysText, String tenant) throws Broken {
        try {
            // The record was read strictly, numbers exact: the values digest as the texts stored did.
            Receipts.verified(settlement.get("request"), settlement.get("answer"), keysText == null ? NO_KEYS : keysText, true, tenant);
        } catch (ReceiptException refused) {
            throw new Broken("settlement." + refused.code(), "its settlement's receipt does not hold: " + refused.reason());
        }
        if (!RecordShape.settlesTheSeats(settlement.get("request"), seats)) {
            throw new Broken("settlement_seats", "the settlement is not of these seats, their players and arrangements");
        }
    }

    private static void checkHeads(List<Object> records, Map<String, TableChain> chains, Map<String, String> heads)
            throws HandRecordException {
        if (heads == null) {
            return;
        }
        // In table id order by code point, as every client checks them (the first failing one is named).
        List<Map.Entry<String, String>> published = new ArrayList<Map.Entry<String, String>>(heads.entrySet());
        Collections.sort(published, new Comparator<Map.Entry<String, String>>() {
            @Override
            public int compare(Map.Entry<String, String> one, Map.Entry<String, String> other) {
                return byCodePoint(one.getKey(), other.getKey());
            }
        });
        for (Map.Entry<String, String> head : published) {
            TableChain chain = chains.get(head.getKey());
            if (chain == null || !chain.head.equals(head.getValue())) {
                int last = records.size();
                for (int index = 0; index < records.size(); index++) {
                    if (head.getKey().equals(Receipts.object(records.get(index)).get("table_id"))) {
                        last = index;
                    }
                }
                throw new HandRecordException(last, null, "head", "table " + head.getKey() + "'s newest record is not the one published");
            }
        }
    }

    /** Compares two texts by their code points (String.compareTo's UTF-16 order differs above U+FFFF). */
    static int byCodePoint(String one, String other) {
        int left = 0;
        int right = 0;
        while (left < one.length() && right < other.length()) {
            int a = one.codePointAt(left);
            int b = other.codePointAt(right);
            if (a != b) {
                return a < b ? -1 : 1;
            }
            left += Character.charCount(a);
            right += Character.charCount(b);
        }
        return Integer.compare(one.length() - left, other.length() - right);
    }

    private static void checkCards(List<Map<String, Object>> seats) throws Broken {
        List<Object> dealt = new ArrayList<>();
        for (Map<String, Object> seat : seats) {
            dealt.addAll((List<?>) seat.get("cards"));
        }
        if (new HashSet<>(dealt).size() != dealt.size()) {
            throw new Broken("seat_cards", "a card was dealt twice");
        }
        for (int place = 0; place < seats.size(); place++) {
            Map<String, Object> seat = seats.get(place);
            if (seat.containsKey("arrangement")) {
                Map<String, Object> arrangement = Receipts.object(seat.get("arrangement"));
                List<String> arranged = new ArrayList<>();
                for (String chi : RecordShape.CHI) {
                    arranged.addAll(RecordShape.strings(arrangement.get(chi)));
                }
                if (!RecordShape.sorted(arranged).equals(RecordShape.sorted(RecordShape.strings(seat.get("cards"))))) {
                    throw new Broken("seat_cards", "seat " + (place + 1) + "'s arrangement is not of the cards dealt to it");
                }
            }
        }
    }

    private static Map<String, Object> object(String text) {
        Map<String, Object> value = Receipts.object(strict(text, "the text"));
        if (value == null) {
            throw new IllegalArgumentException("the text is not a JSON object");
        }
        return value;
    }

    private static Object strict(String text, String what) {
        try {
            return StrictJson.read(text);
        } catch (StrictJson.NotStrict refused) {
            throw new IllegalArgumentException(what + " is not strict JSON: " + refused.getMessage(), refused);
        }
    }
}
