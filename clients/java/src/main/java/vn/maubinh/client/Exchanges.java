package vn.maubinh.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import okhttp3.Interceptor;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Buffer;

/**
 * Sends a call's request, again after a 429 or 503's Retry-After (the service did nothing with it,
 * so any request may be sent again; a retry costs what the request cost), and, when the call is
 * idempotent, again after a failure that left no answer. It keeps the call's request and answer
 * texts in its {@link Capture}, which the call's {@link Answer} then holds: a receipt is checked on
 * those texts, whichever thread the answer came on. A wait longer than the longest wait, or one that
 * would end after the call's timeout, is not begun: the refusal is the answer.
 */
final class Exchanges implements Interceptor {
    /** The capture of a call sent through {@link MauBinhClient#send}, on the thread that sends it. */
    static final ThreadLocal<Capture> LAST = new ThreadLocal<>();

    /** What one call sent and got: its method and URL, and the texts of its last exchange. */
    static final class Capture {
        volatile String method = "";
        volatile String url = "";
        volatile String request = "";
        volatile String answer = "";
    }

    private final int retries;
    private final long longestWaitMillis;
    private final long timeoutMillis;
    private final boolean idempotent;
    private final Capture capture;

    /**
     * @param capture where this call's texts go; null: the one {@link #LAST} holds on the sending thread
     */
    Exchanges(int retries, long longestWaitMillis, long timeoutMillis, boolean idempotent, Capture capture) {
        this.retries = retries;
        this.longestWaitMillis = longestWaitMillis;
        this.timeoutMillis = timeoutMillis;
        this.idempotent = idempotent;
        this.capture = capture;
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        long deadline = System.nanoTime() / 1_000_000 + timeoutMillis;
        Request request = chain.request();
        Capture into = capture != null ? capture : LAST.get();
        if (into != null) {
            into.method = request.method();
            into.url = request.url().toString();
            into.request = text(request);
        }
        for (int attempt = 0; ; attempt++) {
            Response response;
            try {
                response = chain.proceed(request);
            } catch (IOException unanswered) {
                // Whether the service acted on it is unknown: sent again only if that does no harm.
                if (!idempotent || attempt >= retries || chain.call().isCanceled() || !worthWaiting(0, deadline)) {
                    throw unanswered;
                }
                continue;
            }
            Long seconds = AnswerHeaders.of(response.headers().toMultimap()).retryAfterSeconds();
            boolean refused = response.code() == 429 || response.code() == 503;
            if (!refused || attempt >= retries || seconds == null || !worthWaiting(seconds * 1000, deadline)) {
                return recorded(response, into);
            }
            response.close();
            try {
                Thread.sleep(seconds * 1000);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for Retry-After", interrupted);
            }
        }
    }

    private boolean worthWaiting(long waitMillis, long deadline) {
        return waitMillis <= longestWaitMillis && System.nanoTime() / 1_000_000 + waitMillis < deadline;
    }

    private static String text(Request request) throws IOException {
        if (request.body() == null) {
            return "";
        }
        Buffer buffer = new Buffer();
        request.body().writeTo(buffer);
        return buffer.readString(StandardCharsets.UTF_8);
    }

    private static Response recorded(Response response, Capture into) throws IOException {
        ResponseBody body = response.body();
        if (into == null) {
            return response;
        }
        if (body == null) {
            into.answer = "";
            return response;
        }
        MediaType type = body.contentType();
        byte[] bytes = body.bytes();
        into.answer = new String(bytes, StandardCharsets.UTF_8);
        return response.newBuilder().body(ResponseBody.create(bytes, type)).build();
    }
}
