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
 * Sends each request, again after a 429 or 503's Retry-After (every operation computes its answer
 * from the request alone and changes nothing, so each may be sent again; a retry costs what the
 * request cost), and keeps the texts of the last request and answer of this thread for
 * {@link Answer#requestText()} and {@link Answer#text()} (a receipt is checked on those texts).
 * A wait longer than the longest wait, or one that would end after the call's timeout, is not
 * begun: the refusal is the answer.
 */
final class Exchanges implements Interceptor {
    /** The texts of the last exchange on a thread: [request, answer]. */
    static final ThreadLocal<String[]> LAST = new ThreadLocal<>();

    private final int retries;
    private final long longestWaitMillis;
    private final long timeoutMillis;

    Exchanges(int retries, long longestWaitMillis, long timeoutMillis) {
        this.retries = retries;
        this.longestWaitMillis = longestWaitMillis;
        this.timeoutMillis = timeoutMillis;
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        long deadline = System.nanoTime() / 1_000_000 + timeoutMillis;
        Request request = chain.request();
        for (int attempt = 0; ; attempt++) {
            Response response = chain.proceed(request);
            Long seconds = AnswerHeaders.of(response.headers().toMultimap()).retryAfterSeconds();
            boolean refused = response.code() == 429 || response.code() == 503;
            if (!refused || attempt >= retries || seconds == null || !worthWaiting(seconds * 1000, deadline)) {
                return recorded(request, response);
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

    private static Response recorded(Request request, Response response) throws IOException {
        String sent = "";
        if (request.body() != null) {
            Buffer buffer = new Buffer();
            request.body().writeTo(buffer);
            sent = buffer.readString(StandardCharsets.UTF_8);
        }
        ResponseBody body = response.body();
        if (body == null) {
            LAST.set(new String[] {sent, ""});
            return response;
        }
        MediaType type = body.contentType();
        byte[] bytes = body.bytes();
        LAST.set(new String[] {sent, new String(bytes, StandardCharsets.UTF_8)});
        return response.newBuilder().body(ResponseBody.create(bytes, type)).build();
    }
}
