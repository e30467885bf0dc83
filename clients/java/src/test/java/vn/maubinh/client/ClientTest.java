package vn.maubinh.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import vn.maubinh.client.model.ClassifyRequest;
import vn.maubinh.client.model.ClassifyResult;
import vn.maubinh.client.model.ErrorCode;
import vn.maubinh.client.model.Problem;

/** The hand-written face against a stand-in service (the JDK's HTTP server) that answers what each test queues. */
class ClientTest {
    private static final String PROBLEM = "{\"type\":\"urn:maubinh:problem:invalid-content\",\"title\":\"Invalid content\","
            + "\"status\":422,\"detail\":\"/cards/2: the card As is dealt twice\",\"errors\":[{\"pointer\":\"/cards/2\","
            + "\"code\":\"card_repeated\",\"detail\":\"the card As is dealt twice\"}]}";
    private static final String CLASSIFIED = "{\"cards\":[\"Kh\",\"Kd\",\"2c\"],\"category\":{\"key\":\"pair\","
            + "\"label\":{\"en\":\"Pair\",\"vi\":\"Đôi\"}},\"description\":{\"en\":\"Pair of Kings\",\"vi\":\"Đôi K\"},\"strength\":[1,13,2,0],"
            + "\"variant\":{\"preset\":\"classic\",\"overrides\":{},\"fingerprint\":\"sha256:00\"}}";

    /** One queued answer: status, headers, body. */
    static final class Queued {
        final int status;
        final Map<String, String> headers;
        final String body;

        Queued(int status, Map<String, String> headers, String body) {
            this.status = status;
            this.headers = headers;
            this.body = body;
        }
    }

    private HttpServer server;
    private final Deque<Queued> answers = new ArrayDeque<>();
    private final AtomicInteger requests = new AtomicInteger();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            requests.incrementAndGet();
            Queued next;
            synchronized (answers) {
                next = answers.size() > 1 ? answers.poll() : answers.peek();
            }
            byte[] body = next.body.getBytes(StandardCharsets.UTF_8);
            for (Map.Entry<String, String> header : next.headers.entrySet()) {
                exchange.getResponseHeaders().add(header.getKey(), header.getValue());
            }
            exchange.sendResponseHeaders(next.status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void queue(int status, String body, String... headers) {
        Map<String, String> map = new HashMap<>();
        map.put("Content-Type", status >= 400 ? "application/problem+json" : "application/json");
        for (int index = 0; index + 1 < headers.length; index += 2) {
            map.put(headers[index], headers[index + 1]);
        }
        answers.add(new Queued(status, map, body));
    }

    private MauBinhClient client(Duration timeout) {
        return MauBinhClient.builder("http://127.0.0.1:" + server.getAddress().getPort()).apiKey("k").timeout(timeout).build();
    }

    private static ClassifyRequest chi() {
        return new ClassifyRequest().cards(Arrays.asList("Kh", "Kd", "2c"));
    }

    private static Answer<ClassifyResult> classify(MauBinhClient api) {
        return api.send(() -> api.hands().classifyHandsWithHttpInfo(chi(), null, null, null));
    }

    @Test
    void aProblemIsATypedExceptionWithItsCodesAndHeaders() {
        queue(422, PROBLEM, "X-Request-ID", "req-1", "X-API-Version", "1.0.0", "Content-Language", "en");
        ProblemException problem = assertThrows(ProblemException.class, () -> classify(client(Duration.ofSeconds(5))));
        assertEquals(422, problem.status());
        assertEquals(Problem.TypeEnum.URN_MAUBINH_PROBLEM_INVALID_CONTENT, problem.type());
        assertEquals(Collections.singletonList(ErrorCode.CARD_REPEATED), problem.codes());
        assertEquals("/cards/2", problem.errors().get(0).getPointer());
        assertEquals("req-1", problem.headers().requestId());
        assertEquals("1.0.0", problem.headers().apiVersion());
        assertEquals("en", problem.headers().contentLanguage());
    }

    @Test
    void aTypeACodeAndAFieldOfALaterReleaseReadAsUnknownNotAsAFailure() {
        String later = PROBLEM.replace("invalid-content", "some-later-kind").replace("card_repeated", "some_later_code")
                .replace("\"status\":422,", "\"status\":422,\"hint\":{\"since\":\"1.1.0\"},");
        queue(422, later);
        ProblemException problem = assertThrows(ProblemException.class, () -> classify(client(Duration.ofSeconds(5))));
        assertEquals(Problem.TypeEnum.UNKNOWN_DEFAULT_OPEN_API, problem.type());
        assertEquals(Collections.singletonList(ErrorCode.UNKNOWN_DEFAULT_OPEN_API), problem.codes());
        queue(200, CLASSIFIED.replace("\"key\":\"pair\"", "\"key\":\"some_later_category\"").replace("\"cards\":", "\"later\":1,\"cards\":"));
        answers.poll();
        Answer<ClassifyResult> answer = classify(client(Duration.ofSeconds(5)));
        assertEquals("Pair of Kings", answer.body().getDescription().getEn());
        assertTrue(answer.text().contains("\"later\":1"), "the answer's text keeps what the types do not name");
        assertEquals(vn.maubinh.client.model.Category.UNKNOWN_DEFAULT_OPEN_API, answer.body().getCategory().getKey());
    }

    @Test
    void aRetryAfterWithinTheTimeoutIsWaitedForThenTheAnswerComes() {
        queue(429, PROBLEM.replace("422", "429"), "Retry-After", "1");
        queue(200, CLASSIFIED, "X-Model-Version", "model-0123456789abcdef");
        long started = System.nanoTime();
        Answer<ClassifyResult> answer = classify(client(Duration.ofSeconds(5)));
        assertTrue(System.nanoTime() - started >= 900_000_000L, "waited for Retry-After");
        assertEquals(2, requests.get());
        assertEquals(200, answer.status());
        assertEquals("model-0123456789abcdef", answer.headers().modelVersion());
        assertTrue(answer.requestText().contains("\"Kd\""), "the request's text as sent");
    }

    @Test
    void aWaitThatWouldOutlastTheTimeoutIsNotBegunTheRefusalIsTheAnswer() {
        queue(429, PROBLEM.replace("422", "429").replace("invalid-content", "too-many-requests"), "Retry-After", "5");
        long started = System.nanoTime();
        ProblemException refused = assertThrows(ProblemException.class, () -> classify(client(Duration.ofSeconds(2))));
        assertTrue(System.nanoTime() - started < 1_500_000_000L, "thrown at once");
        assertEquals(429, refused.status());
        assertEquals(Long.valueOf(5), refused.headers().retryAfterSeconds());
        assertEquals(1, requests.get());
    }

    @Test
    void theRateLimitWindowsAndADeprecationReadAsValues() {
        Map<String, List<String>> headers = new HashMap<>();
        headers.put("RateLimit-Policy", Collections.singletonList("\"100000-per-1-minute\";q=100000;w=60"));
        headers.put("RateLimit", Collections.singletonList("\"100000-per-1-minute\";r=99998;t=59"));
        headers.put("Deprecation", Collections.singletonList("@1796342400"));
        AnswerHeaders read = AnswerHeaders.of(headers);
        RateLimitWindow window = read.rateLimits().get(0);
        assertEquals("100000-per-1-minute", window.name());
        assertEquals(100000, window.quota());
        assertEquals(60, window.window());
        assertEquals(99998, window.remaining());
        assertEquals(59, window.reset());
        assertEquals("@1796342400", read.deprecation());
        assertNull(read.sunset());
        assertNull(read.retryAfterSeconds());
    }

    @Test
    void aBaseUrlThatIsNoAddressIsRefusedAtOnce() {
        assertThrows(IllegalArgumentException.class, () -> MauBinhClient.builder("127.0.0.1:8000"));
        assertThrows(IllegalArgumentException.class, () -> MauBinhClient.builder("http://x").retries(-1));
    }

    @Test
    void aReceiptOfNoJsonOrNoReceiptIsRefusedByName() {
        ReceiptException none = assertThrows(ReceiptException.class, () -> Receipts.verify("{}", "{\"bet\":\"1\"}", "{\"keys\":[]}", true));
        assertEquals("the answer has no receipt", none.reason());
        ReceiptException text = assertThrows(ReceiptException.class, () -> Receipts.verify("{}", "not json", "{}", true));
        assertEquals("the answer is not strict JSON (a member named twice, a comment, NaN...)", text.reason());
    }

    @Test
    void aMemberNamedTwiceACommentOrSingleQuotesAreRefusedBeforeAnythingIsRead() {
        // A forged "net" placed before the genuine one: Gson would keep the genuine, and the digest hold.
        String[] answers = {
            "{\"net\":\"9999.00\",\"net\":\"10.00\",\"receipt\":{}}",
            "{/* a comment */\"receipt\":{}}",
            "{'receipt':{}}",
            "[NaN]",
        };
        for (String answer : answers) {
            ReceiptException refused = assertThrows(ReceiptException.class, () -> Receipts.verify("{}", answer, "{}", true));
            assertEquals("the answer is not strict JSON (a member named twice, a comment, NaN...)", refused.reason(), answer);
        }
        ReceiptException request = assertThrows(
                ReceiptException.class, () -> Receipts.verify("{\"bet\":\"1\",\"bet\":\"10\"}", "{}", "{}", true));
        assertEquals("the request is not strict JSON (a member named twice, a comment, NaN...)", request.reason());
    }
}
