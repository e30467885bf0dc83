package vn.maubinh.client;

/** A settlement's receipt that does not hold; {@link #reason()} says which part failed. */
public final class ReceiptException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String reason;

    ReceiptException(String reason) {
        super("the receipt does not hold: " + reason);
        this.reason = reason;
    }

    /** @return which part of the receipt failed, e.g. {@code "answer_digest is not the answer's"} */
    public String reason() {
        return reason;
    }
}
