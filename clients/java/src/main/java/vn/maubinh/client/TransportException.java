package vn.maubinh.client;

/**
 * A request that got no answer of the service: the connection failed, the timeout passed, or what
 * came back was not one of its answers (say, a proxy's page).
 */
public final class TransportException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;

    TransportException(String message, int status, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    /** @return the HTTP status of what came back, or 0 when nothing did */
    public int status() {
        return status;
    }
}
