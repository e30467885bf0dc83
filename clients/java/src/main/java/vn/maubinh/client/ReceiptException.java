package vn.maubinh.client;

/**
 * A settlement's receipt that does not hold: {@link #code()} names the first step of the rule that
 * failed (docs/integrating.md, "Verifying a receipt"; the same codes in every client and in the
 * service), {@link #reason()} says it in words.
 */
public final class ReceiptException extends Exception {
    private static final long serialVersionUID = 1L;

    /** The steps of the rule, in their order, each with its code. */
    public enum Refusal {
        /** 1: the request or the answer is not strict JSON. */
        NOT_STRICT_JSON("not_strict_json"),
        /** 2: the answer has no {@code receipt} object. */
        NO_RECEIPT("no_receipt"),
        /** 3: a field of the receipt is missing or of another type or form. */
        RECEIPT_FIELDS("receipt_fields"),
        /** 4: {@code request_digest} is not the request's. */
        REQUEST_DIGEST("request_digest"),
        /** 5: {@code answer_digest} is not the answer's. */
        ANSWER_DIGEST("answer_digest"),
        /** 6: {@code id} is not made of the receipt's fields. */
        ID("id"),
        /** 7: it was not issued to the tenant expected. */
        TENANT("tenant"),
        /** 8: it is unsigned and a signature is required. */
        UNSIGNED("unsigned"),
        /** 9: the key set does not read. */
        KEY_SET("key_set"),
        /** 10: the key set has no key of the receipt's {@code key_id}. */
        UNKNOWN_KEY("unknown_key"),
        /** 11: that key is not an Ed25519 key. */
        KEY_TYPE("key_type"),
        /** 12: that key is not the one its id (an RFC 7638 thumbprint) names. */
        KEY_THUMBPRINT("key_thumbprint"),
        /** 13: a signature is not a compact JWS. */
        JWS_FORM("jws_form"),
        /** 14: a signature's header is not EdDSA, of its type, by the receipt's key. */
        JWS_HEADER("jws_header"),
        /** 15: a signature is not the key's. */
        JWS_SIGNATURE("jws_signature"),
        /** 16: a signature is of other fields. */
        JWS_PAYLOAD("jws_payload");

        private final String code;

        Refusal(String code) {
            this.code = code;
        }

        /** @return the step's code, e.g. {@code "answer_digest"} */
        public String code() {
            return code;
        }
    }

    private final Refusal refusal;
    private final String reason;

    ReceiptException(Refusal refusal, String reason) {
        super("the receipt does not hold: " + reason);
        this.refusal = refusal;
        this.reason = reason;
    }

    /** @return the step that failed */
    public Refusal refusal() {
        return refusal;
    }

    /** @return the failed step's code, e.g. {@code "answer_digest"}: the same in every client */
    public String code() {
        return refusal.code();
    }

    /** @return which part of the receipt failed, in words, e.g. {@code "answer_digest is not the answer's"} */
    public String reason() {
        return reason;
    }
}
