package vn.maubinh.client;

import com.google.gson.JsonParseException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import okhttp3.OkHttpClient;
import vn.maubinh.client.api.ArrangementsApi;
import vn.maubinh.client.api.DealsApi;
import vn.maubinh.client.api.HandsApi;
import vn.maubinh.client.api.OperationsApi;
import vn.maubinh.client.api.PlaygroundApi;
import vn.maubinh.client.api.PracticeApi;
import vn.maubinh.client.api.SettlementsApi;
import vn.maubinh.client.api.UsageApi;
import vn.maubinh.client.api.VariantsApi;
import vn.maubinh.client.core.ApiClient;
import vn.maubinh.client.core.ApiException;
import vn.maubinh.client.core.ApiResponse;

/**
 * A client of maubinh-api: one method per operation of openapi.yaml, named by its operationId
 * ({@link #optimalArrangement}, {@link #settleTable}, ...), each taking the operation's path value
 * and body and, optionally, the call's own {@link CallOptions}, and handing back its {@link Answer}
 * (body, status, headers, texts) or throwing a {@link ProblemException} or a
 * {@link TransportException}; each has an {@code ...Async} form whose answer comes as a
 * {@link CompletableFuture}. Made by {@link #builder(String)}; safe to share between threads.
 *
 * <p>The generated APIs ({@link #hands()}, {@link #arrangements()}, ...) and {@link #send} remain for
 * programs written against them; their calls take the headers as positional strings.
 */
public final class MauBinhClient extends MauBinhOperations {
    private final Calls calls;
    private final ApiClient core;

    private MauBinhClient(Builder builder) {
        // A redirect the contract documents (308 of /playground/) is its answer, not a hop.
        OkHttpClient http = new OkHttpClient.Builder().followRedirects(false).build();
        calls = new Calls(http, builder);
        core = calls.core(calls.defaults(), null);
    }

    /** This client's version: the contract (openapi.yaml) it was generated from. */
    public static final String VERSION = "1.0.0";

    /**
     * Starts a client of the service at {@code baseUrl}, e.g. {@code http://127.0.0.1:8000}.
     *
     * @param baseUrl where the service answers
     * @return a builder with the defaults: no key, English problems, a 30 s timeout, 2 retries, 10 s longest wait
     */
    public static Builder builder(String baseUrl) {
        return new Builder(baseUrl);
    }

    /**
     * Calls one operation of the generated APIs and reads its answer: the body and headers of a 2xx,
     * a 3xx (a 304, the 308 of {@code /playground/}) as an answer with no body, a problem as a
     * {@link ProblemException}. The operation methods ({@link #settleTable}, ...) do this with typed
     * {@link CallOptions} in place of the generated calls' positional header strings.
     *
     * @param call a lambda calling a generated {@code ...WithHttpInfo} method on this thread
     * @param <T> the answer's type
     * @return the answer
     * @throws ProblemException the service answered a problem
     * @throws TransportException no answer came, or one that is not the service's
     */
    public <T> Answer<T> send(ApiCall<T> call) {
        Exchanges.Capture capture = new Exchanges.Capture();
        Exchanges.LAST.set(capture);
        try {
            ApiResponse<T> answer = call.call();
            return Calls.answer(answer.getStatusCode(), answer.getData(), answer.getHeaders(), capture);
        } catch (ApiException failed) {
            return Calls.failed(null, failed, capture, calls.defaults().timeoutMillis());
        } catch (JsonParseException unreadable) {
            throw Calls.unreadable(null, capture, unreadable);
        } finally {
            Exchanges.LAST.remove();
        }
    }

    @Override
    <T> Answer<T> call(String operation, CallOptions options, Calls.Sync<T> call) {
        return calls.send(operation, options, call);
    }

    @Override
    <T> CompletableFuture<Answer<T>> callAsync(String operation, CallOptions options, Calls.Async<T> call) {
        return calls.sendAsync(operation, options, call);
    }

    /** @return classify a chi, one or a batch */
    public HandsApi hands() {
        return new HandsApi(core);
    }

    /** @return validate, optimal, analysis and play, one or a batch */
    public ArrangementsApi arrangements() {
        return new ArrangementsApi(core);
    }

    /** @return deal drills */
    public PracticeApi practice() {
        return new PracticeApi(core);
    }

    /** @return settle a table or a batch, and the receipts' key set */
    public SettlementsApi settlements() {
        return new SettlementsApi(core);
    }

    /** @return the presets, a variant by name or fingerprint, the enumerations */
    public VariantsApi variants() {
        return new VariantsApi(core);
    }

    /** @return commit to a deal, then deal it (check it offline with {@link Deals#verify}) */
    public DealsApi deals() {
        return new DealsApi(core);
    }

    /** @return what the tenant has spent */
    public UsageApi usage() {
        return new UsageApi(core);
    }

    /** @return the playground page and its files */
    public PlaygroundApi playground() {
        return new PlaygroundApi(core);
    }

    /** @return health, readiness, the spec, metrics, the docs */
    public OperationsApi operations() {
        return new OperationsApi(core);
    }

    /** How to reach the service and how long to wait for it. */
    public static final class Builder {
        final String baseUrl;
        String apiKey;
        String language;
        String model;
        Supplier<String> requestIds;
        Duration timeout = Duration.ofSeconds(30);
        int retries = 2;
        Duration longestWait = Duration.ofSeconds(10);
        boolean retryIdempotent;

        private Builder(String baseUrl) {
            if (baseUrl == null || !baseUrl.matches("https?://.+")) {
                throw new IllegalArgumentException("baseUrl must be an http:// or https:// address, not " + baseUrl);
            }
            this.baseUrl = baseUrl;
        }

        /**
         * @param key the tenant's key, sent as {@code Authorization: Bearer} (none on an open deployment)
         * @return this builder
         */
        public Builder apiKey(String key) {
            this.apiKey = key;
            return this;
        }

        /**
         * @param language {@code "en"} (the default) or {@code "vi"}: the language of problems' texts
         *     (a call's {@link CallOptions.Builder#language} wins over it)
         * @return this builder
         */
        public Builder language(String language) {
            this.language = language;
            return this;
        }

        /**
         * @param version a model version an earlier answer named (X-Model-Version): every answer's figures come from it
         *     (a call's {@link CallOptions.Builder#model} wins over it)
         * @return this builder
         */
        public Builder model(String version) {
            this.model = version;
            return this;
        }

        /**
         * @param timeout the longest a call takes, its retries' waits included (default 30 s; a
         *     call's {@link CallOptions.Builder#timeout} wins over it)
         * @return this builder
         */
        public Builder timeout(Duration timeout) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("timeout must be positive");
            }
            this.timeout = timeout;
            return this;
        }

        /**
         * @param retries how many times a 429 or 503 is sent again after its Retry-After, and an
         *     idempotent call that got no answer is sent again (default 2; 0: never)
         * @return this builder
         */
        public Builder retries(int retries) {
            if (retries < 0) {
                throw new IllegalArgumentException("retries must be 0 or more");
            }
            this.retries = retries;
            return this;
        }

        /**
         * @param ids where the request id of a call that names none comes from ({@code X-Request-ID}),
         *     called once a call; null (the default): such calls send none and the service makes one
         * @return this builder
         */
        public Builder requestIds(Supplier<String> ids) {
            this.requestIds = ids;
            return this;
        }

        /**
         * @param idempotent whether a call that got no answer is sent again (default false: only a
         *     429 or 503, which did nothing, is); a call's {@link CallOptions.Builder#retryIdempotent} wins over it
         * @return this builder
         */
        public Builder retryIdempotent(boolean idempotent) {
            this.retryIdempotent = idempotent;
            return this;
        }

        /**
         * @param longestWait the longest Retry-After worth waiting for (default 10 s)
         * @return this builder
         */
        public Builder longestWait(Duration longestWait) {
            this.longestWait = longestWait;
            return this;
        }

        /** @return the client */
        public MauBinhClient build() {
            return new MauBinhClient(this);
        }
    }
}
