package vn.maubinh.client;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a hand record's fields must be, and whether a settlement request is of its seats: the shape
 * {@link HandRecords#verify} checks each record against before it follows the chain.
 */
final class RecordShape {
    private static final Pattern DIGEST = Pattern.compile("sha256:[0-9a-f]{64}");
    private static final Pattern AT = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z");
    static final String[] CHI = {"back", "middle", "front"};
    private static final int[] CHI_SIZES = {5, 5, 3};
    private static final Set<String> CHIS = new HashSet<>(Arrays.asList(CHI));
    private static final Set<String> SEAT_FIELDS = new HashSet<>(Arrays.asList(
            "player_id", "cards", "arrangement", "declare_natural", "forfeit", "set_after_ms"));
    private static final Set<String> RECORD_FIELDS = new HashSet<>(Arrays.asList(
            "record", "table_id", "hand_id", "number", "previous", "started_at", "deal", "seats", "settlement"));
    /**
     * The longest integer literal an integer field takes: the reference reader (Python's) reads a
     * longer one as a decimal, which no integer field takes. Kept so that every client judges alike.
     */
    private static final int LONGEST_INTEGER = 1000;
    private static final Map<String, String> RANKS = new HashMap<>();
    private static final Map<String, String> SUITS = new HashMap<>();

    static {
        RANKS.put("10", "T");
        for (char rank : "23456789TJQKA".toCharArray()) {
            RANKS.put(String.valueOf(rank), String.valueOf(rank));
        }
        String[] suits = {"s", "s", "h", "h", "d", "d", "c", "c",
            "\u2660", "s", "\u2664", "s", "\u2665", "h", "\u2661", "h", "\u2666", "d", "\u2662", "d", "\u2663", "c", "\u2667", "c"};
        for (int index = 0; index < suits.length; index += 2) {
            SUITS.put(suits[index], suits[index + 1]);
        }
    }

    private RecordShape() {}

    // ------------------------------------------------------------------ what a record's fields must be

    static boolean reads(Map<String, Object> record) {
        if (record == null || !RECORD_FIELDS.containsAll(record.keySet())) {
            return false;
        }
        Object number = record.get("number");
        Object previous = record.get("previous");
        Object seats = record.get("seats");
        return HandRecords.RECORD_FORMAT.equals(record.get("record"))
                && name(record.get("table_id"))
                && name(record.get("hand_id"))
                && integer(number) && ((BigInteger) number).signum() > 0
                && record.containsKey("previous") && (previous == null || text(previous, DIGEST))
                && (!record.containsKey("started_at") || text(record.get("started_at"), AT))
                && (!record.containsKey("deal") || pair(record.get("deal"), "commitment", "deal"))
                && (!record.containsKey("settlement") || pair(record.get("settlement"), "request", "answer"))
                && seats instanceof List && ((List<?>) seats).size() >= 2 && ((List<?>) seats).size() <= 4
                && ((List<?>) seats).stream().allMatch(RecordShape::seatReads);
    }

    private static boolean seatReads(Object value) {
        Map<String, Object> seat = Receipts.object(value);
        if (seat == null || !SEAT_FIELDS.containsAll(seat.keySet())) {
            return false;
        }
        Object timing = seat.get("set_after_ms");
        return seat.get("player_id") instanceof String
                && Deals.cards(seat.get("cards"), 13)
                && (!seat.containsKey("arrangement") || arrangementReads(seat.get("arrangement")))
                && flag(seat, "declare_natural") && flag(seat, "forfeit")
                && (!seat.containsKey("set_after_ms") || integer(timing) && ((BigInteger) timing).signum() >= 0);
    }

    private static boolean arrangementReads(Object value) {
        Map<String, Object> arrangement = Receipts.object(value);
        if (arrangement == null || !arrangement.keySet().equals(CHIS)) {
            return false;
        }
        for (int chi = 0; chi < CHI.length; chi++) {
            if (!Deals.cards(arrangement.get(CHI[chi]), CHI_SIZES[chi])) {
                return false;
            }
        }
        return true;
    }

    private static boolean name(Object value) {
        if (!(value instanceof String)) {
            return false;
        }
        int length = ((String) value).codePointCount(0, ((String) value).length());
        return length >= 1 && length <= 64;
    }

    private static boolean integer(Object value) {
        return value instanceof BigInteger && value.toString().length() <= LONGEST_INTEGER;
    }

    private static boolean text(Object value, Pattern form) {
        return value instanceof String && form.matcher((String) value).matches();
    }

    private static boolean pair(Object value, String first, String second) {
        Map<String, Object> members = Receipts.object(value);
        return members != null && members.keySet().equals(new HashSet<>(Arrays.asList(first, second)));
    }

    private static boolean flag(Map<String, Object> seat, String name) {
        return !seat.containsKey(name) || seat.get(name) instanceof Boolean;
    }

    @SuppressWarnings("unchecked") // the record reads: its seats are objects
    static List<Map<String, Object>> seats(Map<String, Object> record) {
        return (List<Map<String, Object>>) record.get("seats");
    }

    /**
     * Whether the settlement request is of these seats: their players, forfeits (a forfeit counts
     * only when it is JSON true: 0, "", [], {} and "false" are not) and arrangements.
     */
    static boolean settlesTheSeats(Object request, List<Map<String, Object>> seats) {
        Map<String, Object> sent = Receipts.object(request);
        Object players = sent == null ? null : sent.get("players");
        if (!(players instanceof List) || ((List<?>) players).size() != seats.size()) {
            return false;
        }
        for (int place = 0; place < seats.size(); place++) {
            Map<String, Object> player = Receipts.object(((List<?>) players).get(place));
            Map<String, Object> seat = seats.get(place);
            if (player == null || !seat.get("player_id").equals(player.get("id"))) {
                return false;
            }
            if (Boolean.TRUE.equals(player.get("forfeit")) != Boolean.TRUE.equals(seat.get("forfeit"))) {
                return false;
            }
            Object arrangement = player.get("arrangement");
            Object kept = seat.get("arrangement");
            if ((arrangement == null) != (kept == null)) {
                return false;
            }
            if (arrangement != null && !sameArrangement(arrangement, Receipts.object(kept))) {
                return false;
            }
        }
        return true;
    }

    /** Whether the arrangement sent is the one kept, chi by chi, in any order and card notation. */
    private static boolean sameArrangement(Object sent, Map<String, Object> kept) {
        Map<String, Object> chis = Receipts.object(sent);
        if (chis == null) {
            return false;
        }
        for (String chi : CHI) {
            if (!(chis.get(chi) instanceof List)) {
                return false;
            }
            List<String> cards = new ArrayList<>();
            for (Object card : (List<?>) chis.get(chi)) {
                String read = canonicalCard(card);
                if (read == null) {
                    return false; // no card kept is other than in the service's notation
                }
                cards.add(read);
            }
            if (!sorted(cards).equals(sorted(strings(kept.get(chi))))) {
                return false;
            }
        }
        return true;
    }

    /** A card in the service's notation (rank, {@code 10} as {@code T}, then suit; symbols and case read), or null. */
    private static String canonicalCard(Object value) {
        if (!(value instanceof String) || ((String) value).codePointCount(0, ((String) value).length()) < 2) {
            return null;
        }
        String card = (String) value;
        int suitAt = card.offsetByCodePoints(card.length(), -1);
        String rank = RANKS.get(card.substring(0, suitAt).toUpperCase(Locale.ROOT));
        String suit = SUITS.get(card.substring(suitAt).toLowerCase(Locale.ROOT));
        return rank == null || suit == null ? null : rank + suit;
    }

    static List<String> strings(Object list) {
        List<String> strings = new ArrayList<>();
        for (Object item : (List<?>) list) {
            strings.add((String) item);
        }
        return strings;
    }

    static List<String> sorted(List<String> cards) {
        List<String> copy = new ArrayList<>(cards);
        Collections.sort(copy);
        return copy;
    }
}
