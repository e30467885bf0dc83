package vn.maubinh.client;

/**
 * The first record of a file of hand records that does not hold: {@link #index()} (from 0, blank
 * lines not counted), {@link #handId()} (null when unreadable), the failing step's {@link #code()}
 * and {@link #reason()} (docs/integrating.md, "Hand records": {@code not_strict_json},
 * {@code record_fields}, {@code previous}, {@code number}, {@code seat_cards}, {@code deal.} and
 * the deal's code, {@code deal_seats}, {@code settlement.} and the receipt's code,
 * {@code settlement_seats}, {@code head}). The codes are the same in every client.
 */
public final class HandRecordException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int index;
    private final String handId;
    private final String code;
    private final String reason;

    HandRecordException(int index, String handId, String code, String reason) {
        super("record " + (index + 1) + (handId == null ? "" : " (hand " + handId + ")") + " does not hold: " + reason);
        this.index = index;
        this.handId = handId;
        this.code = code;
        this.reason = reason;
    }

    /** @return the record's place in the file, from 0 (blank lines not counted) */
    public int index() {
        return index;
    }

    /** @return its {@code hand_id}, or null when it has none that reads */
    public String handId() {
        return handId;
    }

    /** @return the failed step's code, e.g. {@code "previous"} or {@code "settlement.answer_digest"} */
    public String code() {
        return code;
    }

    /** @return what failed, in words */
    public String reason() {
        return reason;
    }
}
