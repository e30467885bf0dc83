package vn.maubinh.client;

import java.time.Duration;

/**
 * What one call sends and how long it waits, given to an operation of {@link MauBinhClient}
 * ({@code api.optimalArrangement(request, options)}). Each value is named by its builder's method,
 * so two of them cannot be swapped: {@code .language("vi").model("model-...")} says which is which,
 * where the generated calls' trailing {@code String} parameters did not. A value the call leaves
 * unset is the client's ({@link MauBinhClient.Builder}); a value it sets wins over the client's.
 * Immutable, so one can be shared between calls and threads.
 */
public final class CallOptions {
    /** No value of the call's own: every value is the client's. */
    public static final CallOptions NONE = builder().build();

    private final String language;
    private final String model;
    private final String requestId;
    private final String ifNoneMatch;
    private final Duration timeout;
    private final Boolean retryIdempotent;

    private CallOptions(Builder builder) {
        this.language = builder.language;
        this.model = builder.model;
        this.requestId = builder.requestId;
        this.ifNoneMatch = builder.ifNoneMatch;
        this.timeout = builder.timeout;
        this.retryIdempotent = builder.retryIdempotent;
    }

    /** @return a builder with no value set */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the language of the answer's texts ({@code Accept-Language}), or null: the client's */
    public String language() {
        return language;
    }

    /** @return the model version pinned ({@code X-Model-Version}), or null: the client's */
    public String model() {
        return model;
    }

    /** @return the request id sent ({@code X-Request-ID}), or null: the client's source of ids, or none */
    public String requestId() {
        return requestId;
    }

    /** @return the ETag of an answer kept ({@code If-None-Match}), or null */
    public String ifNoneMatch() {
        return ifNoneMatch;
    }

    /** @return the longest the call takes, retries included, or null: the client's */
    public Duration timeout() {
        return timeout;
    }

    /** @return whether a call that got no answer may be sent again, or null: the client's */
    public Boolean retryIdempotent() {
        return retryIdempotent;
    }

    /** Sets a call's own values; each setter names its value. */
    public static final class Builder {
        private String language;
        private String model;
        private String requestId;
        private String ifNoneMatch;
        private Duration timeout;
        private Boolean retryIdempotent;

        private Builder() {}

        /**
         * @param language {@code "en"} or {@code "vi"}: the language of this answer's texts and problems
         * @return this builder
         */
        public Builder language(String language) {
            this.language = language;
            return this;
        }

        /**
         * @param version a model version an earlier answer named ({@code X-Model-Version}): this answer's figures come from it
         * @return this builder
         */
        public Builder model(String version) {
            this.model = version;
            return this;
        }

        /**
         * @param requestId the id the service logs and answers with ({@code X-Request-ID}), to trace this call
         * @return this builder
         */
        public Builder requestId(String requestId) {
            this.requestId = requestId;
            return this;
        }

        /**
         * @param etag the ETag of an answer kept: a 304 with no body if it is still the answer
         *     (sent by the operations that take {@code If-None-Match} only)
         * @return this builder
         */
        public Builder ifNoneMatch(String etag) {
            this.ifNoneMatch = etag;
            return this;
        }

        /**
         * @param timeout the longest this call takes, its retries' waits included
         * @return this builder
         */
        public Builder timeout(Duration timeout) {
            if (timeout == null || timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("timeout must be positive");
            }
            this.timeout = timeout;
            return this;
        }

        /**
         * @param idempotent true: sending this request twice does no harm, so a call that got no
         *     answer (the connection dropped, the read timed out) is sent again, within the client's
         *     retries and the timeout; false: only a 429 or 503, which did nothing, is sent again
         * @return this builder
         */
        public Builder retryIdempotent(boolean idempotent) {
            this.retryIdempotent = idempotent;
            return this;
        }

        /** @return the options */
        public CallOptions build() {
            return new CallOptions(this);
        }
    }
}
