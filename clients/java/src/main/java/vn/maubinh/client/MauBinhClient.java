package vn.maubinh.client;

import com.google.gson.JsonParseException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
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
import vn.maubinh.client.model.Problem;

/**
 * A client of maubinh-api. Its operations are the generated APIs ({@link #hands()},
 * {@link #arrangements()}, {@link #settlements()}, ...), one method per operation of openapi.yaml;
 * {@link #send} calls one and hands back its {@link Answer} (body, status, headers, texts) or
 * throws a {@link ProblemException}. Made by {@link #builder(String)}; safe to share between
 * threads.
 */
public final class MauBinhClient {
    private final ApiClient core;

    private MauBinhClient(Builder builder) {
        OkHttpClient http = new OkHttpClient.Builder()
                .callTimeout(builder.timeout.toMillis(), TimeUnit.MILLISECONDS)
                .connectTimeout(Math.min(builder.timeout.toMillis(), 10_000), TimeUnit.MILLISECONDS)
                .readTimeout(builder.timeout.toMillis(), TimeUnit.MILLISECONDS)
                .writeTimeout(builder.timeout.toMillis(), TimeUnit.MILLISECONDS)
                // A redirect the contract documents (308 of /playground/) is its answer, not a hop.
                .followRedirects(false)
                .addInterceptor(new Exchanges(builder.retries, builder.longestWait.toMillis(), builder.timeout.toMillis()))
                .build();
        core = new ApiClient(http);
        core.setBasePath(builder.baseUrl.replaceAll("/+$", ""));
        core.setUserAgent("maubinh-client-java/" + VERSION);
        if (builder.apiKey != null) {
            core.addDefaultHeader("Authorization", "Bearer " + builder.apiKey);
        }
        if (builder.language != null) {
            core.addDefaultHeader("Accept-Language", builder.language);
        }
        if (builder.model != null) {
            core.addDefaultHeader("X-Model-Version", builder.model);
        }
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
     * Calls one operation and reads its answer: the body and headers of a 2xx, a 3xx (a 304, the
     * 308 of {@code /playground/}) as an answer with no body, a problem as a {@link ProblemException}.
     *
     * @param call a lambda calling a generated {@code ...WithHttpInfo} method
     * @param <T> the answer's type
     * @return the answer
     * @throws ProblemException the service answered a problem
     * @throws TransportException no answer came, or one that is not the service's
     */
    public <T> Answer<T> send(ApiCall<T> call) {
        Exchanges.LAST.remove();
        try {
            ApiResponse<T> answer = call.call();
            return new Answer<>(answer.getStatusCode(), answer.getData(), AnswerHeaders.of(answer.getHeaders()),
                    texts()[0], texts()[1]);
        } catch (ApiException failed) {
            AnswerHeaders headers = AnswerHeaders.of(failed.getResponseHeaders());
            if (failed.getCode() / 100 == 3) {
                // 304 (unchanged) and a documented redirect: an answer with no body; Location in its headers.
                return new Answer<>(failed.getCode(), null, headers, texts()[0], "");
            }
            throw problem(failed, headers);
        } catch (JsonParseException unreadable) {
            throw new TransportException("the answer does not read as this client's types", 200, unreadable);
        }
    }

    private static String[] texts() {
        String[] last = Exchanges.LAST.get();
        return last == null ? new String[] {"", ""} : last;
    }

    private RuntimeException problem(ApiException failed, AnswerHeaders headers) {
        if (failed.getCode() == 0) {
            return new TransportException("no answer: " + failed.getMessage(), 0, failed);
        }
        Problem problem;
        try {
            problem = core.getJSON().deserialize(failed.getResponseBody(), Problem.class);
        } catch (RuntimeException unreadable) {
            problem = null;
        }
        if (problem == null || problem.getTitle() == null) {
            return new TransportException("answer " + failed.getCode() + " is not a problem document", failed.getCode(), failed);
        }
        return new ProblemException(failed.getCode(), problem, headers);
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
        private final String baseUrl;
        private String apiKey;
        private String language;
        private String model;
        private Duration timeout = Duration.ofSeconds(30);
        private int retries = 2;
        private Duration longestWait = Duration.ofSeconds(10);

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
         * @return this builder
         */
        public Builder language(String language) {
            this.language = language;
            return this;
        }

        /**
         * @param version a model version an earlier answer named (X-Model-Version): every answer's figures come from it
         * @return this builder
         */
        public Builder model(String version) {
            this.model = version;
            return this;
        }

        /**
         * @param timeout the longest a call takes, its retries' waits included (default 30 s)
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
         * @param retries how many times a 429 or 503 is sent again after its Retry-After (default 2; 0: never)
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
