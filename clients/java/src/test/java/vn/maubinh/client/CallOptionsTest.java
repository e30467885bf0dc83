package vn.maubinh.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import vn.maubinh.client.core.JSON;
import vn.maubinh.client.model.ClassifyRequest;
import vn.maubinh.client.model.ClassifyResult;
import vn.maubinh.client.model.Settlement;
import vn.maubinh.client.model.SettlementRequest;

/**
 * A call's own {@link CallOptions} against the client's, each value both ways (the call's wins; the
 * client's is sent when the call is silent), a transport failure's message, and an asynchronous
 * call's receipt, against a stand-in service (the JDK's HTTP server) that keeps what it was sent.
 */
class CallOptionsTest {
    private static final String CLASSIFIED = "{\"cards\":[\"Kh\",\"Kd\",\"2c\"],\"category\":{\"key\":\"pair\","
            + "\"label\":{\"en\":\"Pair\",\"vi\":\"Đôi\"}},\"description\":{\"en\":\"Pair of Kings\",\"vi\":\"Đôi K\"},\"strength\":[1,13,2,0],"
            + "\"variant\":{\"preset\":\"classic\",\"overrides\":{},\"fingerprint\":\"sha256:00\"}}";

    private HttpServer server;
    /** The headers and body of each request, as the service got them: "Header-Name: value" lines. */
    private final List<String> got = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger requests = new AtomicInteger();
    /** The body the stand-in answers a request with, given its path and the body it got. */
    private volatile BiFunction<String, String, String> answer = (path, sent) -> CLASSIFIED;
    private volatile long delayMillis;
    /** Which requests (numbered from 1) the stand-in drops: their connection ends with no answer. */
    private volatile IntPredicate drop = n -> false;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        server.createContext("/", exchange -> {
            int number = requests.incrementAndGet();
            StringBuilder seen = new StringBuilder();
            for (String name : Arrays.asList("Accept-Language", "X-Model-Version", "X-Request-ID")) {
                seen.append(name).append(": ").append(exchange.getRequestHeaders().getFirst(name)).append('\n');
            }
            got.add(seen.toString());
            String sent = new String(readAll(exchange.getRequestBody()), StandardCharsets.UTF_8);
            if (drop.test(number)) {
                exchange.close(); // no status line: the connection ends with no answer
                return;
            }
            sleep(delayMillis);
            byte[] body = answer.apply(exchange.getRequestURI().getPath(), sent).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
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

    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        for (int read; (read = in.read(buffer)) > 0; ) {
            out.write(buffer, 0, read);
        }
        return out.toByteArray();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private MauBinhClient.Builder client() {
        return MauBinhClient.builder("http://127.0.0.1:" + server.getAddress().getPort()).apiKey("k");
    }

    private static ClassifyRequest chi() {
        return new ClassifyRequest().cards(Arrays.asList("Kh", "Kd", "2c"));
    }

    /** The value of header {@code name} the service got with request number {@code n} (from 1). */
    private String header(int n, String name) {
        for (String line : got.get(n - 1).split("\n")) {
            if (line.startsWith(name + ": ")) {
                return line.substring(name.length() + 2);
            }
        }
        throw new AssertionError(name);
    }

    @Test
    void noOperationMethodTakesTwoValuesOfOneTypeSoNoneCanBeSwapped() {
        // The generated optimalArrangementWithHttpInfo(request, language, model, requestId) took
        // three Strings: swapping two compiled. A swap of two values of different types does not
        // compile, and CallOptions names each of its values.
        List<String> swappable = new ArrayList<>();
        int operations = 0;
        for (Method method : MauBinhOperations.class.getDeclaredMethods()) {
            if (!Modifier.isPublic(method.getModifiers())) {
                continue;
            }
            operations++;
            List<Class<?>> types = Arrays.asList(method.getParameterTypes());
            if (new HashSet<>(types).size() != types.size()) {
                swappable.add(method.toString());
            }
        }
        assertTrue(operations >= 3 * 29, "operation methods: " + operations); // 29 operations, 3 forms each
        assertEquals(new ArrayList<String>(), swappable);
    }

    @Test
    void theCallsLanguageWinsAndTheClientsIsSentWhenTheCallNamesNone() {
        MauBinhClient api = client().language("en").build();
        api.classifyHands(chi(), CallOptions.builder().language("vi").build());
        api.classifyHands(chi());
        assertEquals("vi", header(1, "Accept-Language"));
        assertEquals("en", header(2, "Accept-Language"));
    }

    @Test
    void theCallsModelWinsAndTheClientsIsSentWhenTheCallNamesNone() {
        MauBinhClient api = client().model("model-client").build();
        api.classifyHands(chi(), CallOptions.builder().model("model-call").build());
        api.classifyHands(chi(), CallOptions.builder().language("vi").build());
        assertEquals("model-call", header(1, "X-Model-Version"));
        assertEquals("model-client", header(2, "X-Model-Version"));
        // A language and a model set together each go to their own header.
        api.classifyHands(chi(), CallOptions.builder().model("model-call").language("vi").build());
        assertEquals("vi", header(3, "Accept-Language"));
        assertEquals("model-call", header(3, "X-Model-Version"));
    }

    @Test
    void theCallsRequestIdWinsAndTheClientsSourceGivesOneWhenTheCallNamesNone() {
        AtomicInteger made = new AtomicInteger();
        MauBinhClient api = client().requestIds(() -> "client-" + made.incrementAndGet()).build();
        api.classifyHands(chi(), CallOptions.builder().requestId("call-7").build());
        api.classifyHands(chi());
        assertEquals("call-7", header(1, "X-Request-ID"));
        assertEquals("client-1", header(2, "X-Request-ID")); // the source is not asked for a call that names its own
        MauBinhClient none = client().build();
        none.classifyHands(chi());
        assertEquals("null", header(3, "X-Request-ID")); // none sent: the service makes one
    }

    @Test
    void theCallsTimeoutWinsOverTheClientsAndTheClientsHoldsWhenTheCallNamesNone() {
        // The stand-in answers after 1 s; the short timeout is 5 times shorter, the long one 5 times longer.
        delayMillis = 1000;
        Duration shortTime = Duration.ofMillis(200);
        Duration longTime = Duration.ofSeconds(5);
        TransportException cut = assertThrows(TransportException.class,
                () -> client().timeout(longTime).build().classifyHands(chi(), CallOptions.builder().timeout(shortTime).build()));
        assertTrue(cut.getMessage().contains("timed out (the call's timeout is 200 ms)"), cut.getMessage());
        TransportException clientCut = assertThrows(TransportException.class,
                () -> client().timeout(shortTime).build().classifyHands(chi()));
        assertTrue(clientCut.getMessage().contains("timeout is 200 ms"), clientCut.getMessage());
        Answer<ClassifyResult> waited = client().timeout(shortTime).build()
                .classifyHands(chi(), CallOptions.builder().timeout(longTime).build());
        assertEquals(200, waited.status());
    }

    @Test
    void anIdempotentCallIsSentAgainAfterNoAnswerAsTheCallOrElseTheClientSays() {
        // Every odd request's connection ends with no answer; the even one after it is answered.
        drop = n -> n % 2 == 1;
        Answer<ClassifyResult> again = client().build()
                .classifyHands(chi(), CallOptions.builder().retryIdempotent(true).build());
        assertEquals(200, again.status());
        assertEquals(2, requests.get());
        assertEquals(200, client().retryIdempotent(true).build().classifyHands(chi()).status());
        assertEquals(4, requests.get());
        TransportException once = assertThrows(TransportException.class, () -> client().retryIdempotent(true).build()
                .classifyHands(chi(), CallOptions.builder().retryIdempotent(false).build()));
        assertEquals(5, requests.get()); // sent once, not again
        assertTrue(once.getMessage().contains("no answer: the connection failed"), once.getMessage());
        drop = n -> true;
        assertThrows(TransportException.class, () -> client().build().classifyHands(chi()));
        assertEquals(6, requests.get()); // by default a call that got no answer is not sent again
    }

    @Test
    void aRefusedConnectionIsOneLineNamingTheOperationTheAddressAndTheCause() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            closed = socket.getLocalPort(); // free, and no one listens once it is closed
        }
        MauBinhClient api = MauBinhClient.builder("http://127.0.0.1:" + closed).build();
        TransportException refused = assertThrows(TransportException.class, () -> api.classifyHands(chi()));
        String message = refused.getMessage();
        assertFalse(message.contains("\n"), message);
        assertTrue(message.startsWith("classifyHands (POST http://127.0.0.1:" + closed + "/v1/hands/classify): no answer: "
                + "the connection was refused"), message);
        assertFalse(message.contains("HTTP response body"), message);
        assertEquals(0, refused.status());
        // The generated calls sent through send() say the same, without the operation's name.
        TransportException old = assertThrows(TransportException.class,
                () -> api.send(() -> api.hands().classifyHandsWithHttpInfo(chi(), null, null, null)));
        assertTrue(old.getMessage().startsWith("POST http://127.0.0.1:" + closed + "/v1/hands/classify: no answer: "
                + "the connection was refused"), old.getMessage());
    }

    /**
     * The genuine settlement's answer of the shared corpus with an unsigned receipt of {@code sent},
     * the request as the stand-in got it: its digests and id made by the rule's steps 4 to 6.
     */
    private static String receiptOf(String sent, String genuineAnswer) {
        try {
            Map<String, Object> answer = new LinkedHashMap<>(Receipts.object(StrictJson.read(genuineAnswer)));
            Map<String, Object> receipt = new LinkedHashMap<>(Receipts.object(answer.remove("receipt")));
            receipt.put("request_digest", Receipts.digest(StrictJson.read(sent)));
            receipt.put("answer_digest", Receipts.digest(answer));
            Map<String, Object> claims = new LinkedHashMap<>();
            for (String name : new String[] {"operation", "request_digest", "answer_digest", "fingerprints", "model", "release"}) {
                claims.put(name, receipt.get(name));
            }
            receipt.put("id", "rct-" + Receipts.hex(Receipts.sha256(CanonicalJson.utf8(claims))).substring(0, 32));
            receipt.put("key_id", null);
            receipt.put("signed", false);
            receipt.put("signature", null);
            receipt.remove("issued");
            answer.put("receipt", receipt);
            return CanonicalJson.write(answer);
        } catch (StrictJson.NotStrict unreadable) {
            throw new AssertionError(unreadable);
        }
    }

    @Test
    void anAsynchronousSettlementsReceiptIsCheckedOnTheTextsOfItsOwnExchange() throws Exception {
        JsonObject genuine = Corpus.read("receipts.json").getAsJsonArray("cases").get(0).getAsJsonObject();
        // The settlement is answered last, with a receipt of what the stand-in got: a classification
        // sent from the same thread meanwhile is answered at once.
        answer = (path, sent) -> {
            if (path.equals("/v1/settlements")) {
                sleep(500);
                return receiptOf(sent, genuine.get("answer").getAsString());
            }
            return CLASSIFIED;
        };
        MauBinhClient api = client().build();
        SettlementRequest settle = JSON.deserialize(genuine.get("request").getAsString(), SettlementRequest.class);
        CompletableFuture<Answer<Settlement>> settled = api.settleTableAsync(settle, CallOptions.NONE);
        sleep(100); // the settlement is sent first
        CompletableFuture<Answer<ClassifyResult>> classified = api.classifyHandsAsync(chi(), CallOptions.NONE);
        Answer<ClassifyResult> other = classified.get(5, TimeUnit.SECONDS);
        Answer<Settlement> answer = settled.get(5, TimeUnit.SECONDS);
        assertTrue(other.requestText().contains("\"Kd\""), other.requestText());
        assertTrue(answer.requestText().contains("\"bet\":\"100000\""), answer.requestText());
        assertEquals(answer.body().getReceipt().getId(), Receipts.verify(answer.requestText(), answer.text(), "{\"keys\":[]}", false).getId());
    }

    @Test
    void anAsynchronousCallsProblemOrFailureCompletesItsFutureExceptionally() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            closed = socket.getLocalPort();
        }
        MauBinhClient api = MauBinhClient.builder("http://127.0.0.1:" + closed).build();
        ExecutionException failed = assertThrows(ExecutionException.class,
                () -> api.classifyHandsAsync(chi(), CallOptions.NONE).get(5, TimeUnit.SECONDS));
        assertTrue(failed.getCause() instanceof TransportException, String.valueOf(failed.getCause()));
        assertTrue(failed.getCause().getMessage().contains("classifyHands (POST"), failed.getCause().getMessage());
    }
}
