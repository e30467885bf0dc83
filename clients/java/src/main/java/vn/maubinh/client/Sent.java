package vn.maubinh.client;

/**
 * One call's values, its own or else the client's: what the generated operations send. Its
 * header methods are named as the generated calls name their parameters ({@code acceptLanguage},
 * {@code xModelVersion}, ...), so templates/operations.mustache passes each header by its name, and
 * a header the spec gains fails the build until it is named here.
 */
final class Sent {
    private final String language;
    private final String model;
    private final String requestId;
    private final String ifNoneMatch;
    private final long timeoutMillis;
    private final boolean idempotent;

    Sent(String language, String model, String requestId, String ifNoneMatch, long timeoutMillis, boolean idempotent) {
        this.language = language;
        this.model = model;
        this.requestId = requestId;
        this.ifNoneMatch = ifNoneMatch;
        this.timeoutMillis = timeoutMillis;
        this.idempotent = idempotent;
    }

    String acceptLanguage() {
        return language;
    }

    String xModelVersion() {
        return model;
    }

    String xRequestID() {
        return requestId;
    }

    String ifNoneMatch() {
        return ifNoneMatch;
    }

    long timeoutMillis() {
        return timeoutMillis;
    }

    boolean idempotent() {
        return idempotent;
    }
}
