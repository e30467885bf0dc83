package vn.maubinh.client;

import com.google.gson.JsonParseException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import okhttp3.OkHttpClient;
import vn.maubinh.client.core.ApiCallback;
import vn.maubinh.client.core.ApiClient;
import vn.maubinh.client.core.ApiException;
import vn.maubinh.client.core.ApiResponse;
import vn.maubinh.client.model.Problem;

/**
 * How {@link MauBinhClient} sends one call: the call's own values or else the client's
 * ({@link Sent}), a core of the generated client for that call alone (its timeout, its retries, its
 * {@link Exchanges.Capture}: the texts its answer keeps, on whichever thread it comes), and the
 * answer read as an {@link Answer}, a {@link ProblemException} or a one-line
 * {@link TransportException}.
 */
final class Calls {
    /** A generated operation called on a core, with the call's values. */
    @FunctionalInterface
    interface Sync<T> {
        ApiResponse<T> call(ApiClient core, Sent sent) throws ApiException;
    }

    /** A generated operation's asynchronous form called on a core, with the call's values. */
    @FunctionalInterface
    interface Async<T> {
        okhttp3.Call call(ApiClient core, Sent sent, ApiCallback<T> callback) throws ApiException;
    }

    private final OkHttpClient http;
    private final String baseUrl;
    private final String apiKey;
    private final String language;
    private final String model;
    private final Supplier<String> requestIds;
    private final long timeoutMillis;
    private final int retries;
    private final long longestWaitMillis;
    private final boolean idempotent;

    Calls(OkHttpClient http, MauBinhClient.Builder builder) {
        this.http = http;
        this.baseUrl = builder.baseUrl.replaceAll("/+$", "");
        this.apiKey = builder.apiKey;
        this.language = builder.language;
        this.model = builder.model;
        this.requestIds = builder.requestIds;
        this.timeoutMillis = builder.timeout.toMillis();
        this.retries = builder.retries;
        this.longestWaitMillis = builder.longestWait.toMillis();
        this.idempotent = builder.retryIdempotent;
    }

    /** The client's values: those of a call that sets none. */
    Sent defaults() {
        return new Sent(language, model, null, null, timeoutMillis, idempotent);
    }

    /** Each of the call's values that it sets, else the client's. */
    Sent resolve(CallOptions options) {
        CallOptions own = options == null ? CallOptions.NONE : options;
        String requestId = own.requestId() != null ? own.requestId() : requestIds == null ? null : requestIds.get();
        return new Sent(
                own.language() != null ? own.language() : language,
                own.model() != null ? own.model() : model,
                requestId,
                own.ifNoneMatch(),
                own.timeout() != null ? own.timeout().toMillis() : timeoutMillis,
                own.retryIdempotent() != null ? own.retryIdempotent() : idempotent);
    }

    /** A core that sends with {@code sent}'s timeout and retries, its texts into {@code capture}. */
    ApiClient core(Sent sent, Exchanges.Capture capture) {
        long timeout = sent.timeoutMillis();
        OkHttpClient own = http.newBuilder()
                .callTimeout(timeout, TimeUnit.MILLISECONDS)
                .connectTimeout(Math.min(timeout, 10_000), TimeUnit.MILLISECONDS)
                .readTimeout(timeout, TimeUnit.MILLISECONDS)
                .writeTimeout(timeout, TimeUnit.MILLISECONDS)
                .addInterceptor(new Exchanges(retries, longestWaitMillis, timeout, sent.idempotent(), capture))
                .build();
        ApiClient core = new ApiClient(own);
        core.setBasePath(baseUrl);
        core.setUserAgent("maubinh-client-java/" + MauBinhClient.VERSION);
        if (apiKey != null) {
            core.addDefaultHeader("Authorization", "Bearer " + apiKey);
        }
        // Sent by the operations that name no such parameter too, as a client-wide header always was.
        if (sent.acceptLanguage() != null) {
            core.addDefaultHeader("Accept-Language", sent.acceptLanguage());
        }
        if (sent.xModelVersion() != null) {
            core.addDefaultHeader("X-Model-Version", sent.xModelVersion());
        }
        return core;
    }

    <T> Answer<T> send(String operation, CallOptions options, Sync<T> call) {
        Sent sent = resolve(options);
        Exchanges.Capture capture = new Exchanges.Capture();
        try {
            ApiResponse<T> answer = call.call(core(sent, capture), sent);
            return answer(answer.getStatusCode(), answer.getData(), answer.getHeaders(), capture);
        } catch (ApiException failed) {
            return failed(operation, failed, capture, sent.timeoutMillis());
        } catch (JsonParseException | IllegalArgumentException unreadable) {
            if (capture.url.isEmpty()) {
                throw unreadable; // never sent: the request could not be made (a header with a line break)
            }
            throw unreadable(operation, capture, unreadable);
        }
    }

    <T> CompletableFuture<Answer<T>> sendAsync(String operation, CallOptions options, Async<T> call) {
        Sent sent = resolve(options);
        Exchanges.Capture capture = new Exchanges.Capture();
        CompletableFuture<Answer<T>> future = new CompletableFuture<>();
        ApiCallback<T> callback = new ApiCallback<T>() {
            @Override
            public void onSuccess(T result, int status, Map<String, List<String>> headers) {
                future.complete(answer(status, result, headers, capture));
            }

            @Override
            public void onFailure(ApiException failed, int status, Map<String, List<String>> headers) {
                try {
                    Throwable cause = failed.getCause();
                    if (status / 100 == 2 && (cause instanceof JsonParseException || cause instanceof IllegalArgumentException)) {
                        throw unreadable(operation, capture, cause);
                    }
                    future.complete(Calls.<T>failed(operation, failed, capture, sent.timeoutMillis()));
                } catch (RuntimeException thrown) {
                    future.completeExceptionally(thrown);
                }
            }

            @Override
            public void onUploadProgress(long bytesWritten, long contentLength, boolean done) {}

            @Override
            public void onDownloadProgress(long bytesRead, long contentLength, boolean done) {}
        };
        try {
            call.call(core(sent, capture), sent, callback);
        } catch (ApiException | RuntimeException failed) {
            future.completeExceptionally(failed instanceof ApiException
                    ? transport(operation, (ApiException) failed, capture, sent.timeoutMillis()) : failed);
        }
        return future;
    }

    static <T> Answer<T> answer(int status, T body, Map<String, List<String>> headers, Exchanges.Capture capture) {
        return new Answer<>(status, body, AnswerHeaders.of(headers), capture.request, capture.answer);
    }

    /**
     * A call's failure read: a 3xx (a 304, the 308 of {@code /playground/}) is an answer with no
     * body, a problem a {@link ProblemException}, anything else a {@link TransportException}.
     */
    static <T> Answer<T> failed(String operation, ApiException failed, Exchanges.Capture capture, long timeoutMillis) {
        AnswerHeaders headers = AnswerHeaders.of(failed.getResponseHeaders());
        if (failed.getCode() / 100 == 3) {
            // 304 (unchanged) and a documented redirect: an answer with no body; Location in its headers.
            return new Answer<>(failed.getCode(), null, headers, capture.request, "");
        }
        if (failed.getCode() == 0) {
            throw transport(operation, failed, capture, timeoutMillis);
        }
        Problem problem;
        try {
            problem = vn.maubinh.client.core.JSON.deserialize(failed.getResponseBody(), Problem.class);
        } catch (RuntimeException unreadable) {
            problem = null;
        }
        if (problem == null || problem.getTitle() == null) {
            throw new TransportException(
                    call(operation, capture) + ": answer " + failed.getCode() + " is not a problem document", failed.getCode(), failed);
        }
        throw new ProblemException(failed.getCode(), problem, headers);
    }

    static TransportException unreadable(String operation, Exchanges.Capture capture, Throwable cause) {
        return new TransportException(call(operation, capture) + ": the answer does not read as this client's types ("
                + oneLine(cause.getMessage()) + ")", 200, cause);
    }

    /** No answer: one line naming the call, where it went and why, e.g. "the connection was refused". */
    static TransportException transport(String operation, ApiException failed, Exchanges.Capture capture, long timeoutMillis) {
        Throwable cause = failed.getCause() != null ? failed.getCause() : failed;
        return new TransportException(call(operation, capture) + ": no answer: " + why(cause, timeoutMillis), 0, cause);
    }

    /** "optimalArrangement (POST http://host/v1/optimal)", or the method and URL alone. */
    private static String call(String operation, Exchanges.Capture capture) {
        String where = capture.url.isEmpty() ? "" : capture.method + " " + capture.url;
        if (operation == null) {
            return where.isEmpty() ? "the call" : where;
        }
        return where.isEmpty() ? operation : operation + " (" + where + ")";
    }

    private static String why(Throwable cause, long timeoutMillis) {
        if (cause instanceof ConnectException) {
            return "the connection was refused (" + oneLine(cause.getMessage()) + ")";
        }
        if (cause instanceof UnknownHostException) {
            return "the host is not known (" + oneLine(cause.getMessage()) + ")";
        }
        if (cause instanceof SocketTimeoutException || cause instanceof InterruptedIOException) {
            return "it timed out (the call's timeout is " + timeoutMillis + " ms)";
        }
        if (cause instanceof IOException) {
            return "the connection failed (" + cause.getClass().getSimpleName() + ": " + oneLine(cause.getMessage()) + ")";
        }
        return cause.getClass().getSimpleName() + ": " + oneLine(cause.getMessage());
    }

    private static String oneLine(String text) {
        return text == null ? "no message" : text.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
    }
}
