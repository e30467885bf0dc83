package vn.maubinh.client;

/**
 * An answer of the service: its body as the generated type, its status and its headers as values.
 *
 * @param <T> the body's type
 */
public final class Answer<T> {
    private final int status;
    private final T body;
    private final AnswerHeaders headers;
    private final String requestText;
    private final String text;

    Answer(int status, T body, AnswerHeaders headers, String requestText, String text) {
        this.status = status;
        this.body = body;
        this.headers = headers;
        this.requestText = requestText;
        this.text = text;
    }

    /** @return the HTTP status: 200, or 304 when an If-None-Match matched (then the body is null) */
    public int status() {
        return status;
    }

    /** @return the answer's body, null for a 304 */
    public T body() {
        return body;
    }

    /** @return the headers a caller acts on */
    public AnswerHeaders headers() {
        return headers;
    }

    /** @return the request's JSON text as sent (empty for a GET): keep it with a settlement's receipt */
    public String requestText() {
        return requestText;
    }

    /** @return the answer's JSON text as received, fields this client does not know included */
    public String text() {
        return text;
    }
}
