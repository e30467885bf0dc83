package vn.maubinh.client;

/**
 * A deal that does not hold: {@link #code()} names the first step of the check that failed
 * (docs/integrating.md, "Deals anyone can check": {@code deal_fields}, {@code tenant},
 * {@code deal_id}, {@code shuffle}, {@code server_seed}, {@code deck}, {@code hands},
 * {@code unsigned}, then the commitment's key and signature, with the receipt's codes from
 * {@code key_set} to {@code jws_payload}); {@link #reason()} says it in words. The codes are the
 * same in every client.
 */
public final class DealException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String code;
    private final String reason;

    DealException(String code, String reason) {
        super("the deal does not hold: " + reason);
        this.code = code;
        this.reason = reason;
    }

    /** @return the failed step's code, e.g. {@code "server_seed"}: the same in every client */
    public String code() {
        return code;
    }

    /** @return what failed, in words, e.g. {@code "the seeds deal another deck"} */
    public String reason() {
        return reason;
    }
}
