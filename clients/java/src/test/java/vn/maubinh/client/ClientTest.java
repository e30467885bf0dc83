package vn.maubinh.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import vn.maubinh.client.core.JSON;
import vn.maubinh.client.model.ClassifyRequest;
import vn.maubinh.client.model.ClassifyResult;
import vn.maubinh.client.model.ErrorCode;
import vn.maubinh.client.model.HandRecordSeat;
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
        assertEquals("no_receipt", none.code());
        ReceiptException text = assertThrows(ReceiptException.class, () -> Receipts.verify("{}", "not json", "{}", true));
        assertEquals("the answer is not strict JSON (a member named twice, a comment, NaN...)", text.reason());
        assertEquals(ReceiptException.Refusal.NOT_STRICT_JSON, text.refusal());
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

    private static JsonObject corpus(String name) throws IOException {
        return Corpus.read(name);
    }

    private static String text(JsonElement value) {
        return value == null || value.isJsonNull() ? null : value.getAsString();
    }

    /** Each case of a corpus judged: its id, the verdict found and the one expected, for those that differ. */
    private static void judgeEvery(JsonObject corpus, Function<JsonObject, String> judge, Function<JsonElement, String> expected) {
        List<String> misjudged = new ArrayList<>();
        int cases = 0;
        for (JsonElement element : corpus.getAsJsonArray("cases")) {
            JsonObject stored = element.getAsJsonObject();
            String verdict = judge.apply(stored);
            String wanted = expected.apply(stored.get("verdict"));
            if (!verdict.equals(wanted)) {
                misjudged.add(stored.get("id").getAsString() + ": " + verdict + ", not " + wanted);
            }
            cases++;
        }
        assertTrue(cases > 0, "the corpus has cases");
        assertEquals(Collections.emptyList(), misjudged, "cases judged otherwise than the corpus says");
    }

    private static String judge(JsonObject stored, String keys) {
        String tenant = stored.get("tenant").isJsonNull() ? null : stored.get("tenant").getAsString();
        try {
            Receipts.verify(stored.get("request").getAsString(), stored.get("answer").getAsString(), keys,
                    stored.get("require_signature").getAsBoolean(), tenant);
            return "holds";
        } catch (ReceiptException refused) {
            return refused.code(); // and nothing else: any other exception fails the test with its trace
        }
    }

    @Test
    void everyReceiptOfTheSharedCorpusIsJudgedAsTheServiceJudgesIt() throws IOException {
        JsonObject corpus = corpus("receipts.json");
        JsonObject keySets = corpus.getAsJsonObject("key_sets");
        judgeEvery(corpus, stored -> judge(stored, keySets.get(stored.get("keys").getAsString()).toString()), JsonElement::getAsString);
    }

    private static String judgeDeal(JsonObject stored, JsonObject keySets) {
        JsonElement keys = stored.get("keys").isJsonNull() ? null : keySets.get(stored.get("keys").getAsString());
        try {
            Deals.verify(stored.get("commitment").toString(), stored.get("deal").toString(), keys == null ? null : keys.toString(),
                    stored.get("require_signature").getAsBoolean(), text(stored.get("tenant")));
            return "holds";
        } catch (DealException refused) {
            return refused.code();
        }
    }

    @Test
    void everyDealOfTheSharedCorpusIsJudgedAsTheServiceJudgesIt() throws IOException {
        JsonObject corpus = corpus("deals.json");
        JsonObject keySets = corpus.getAsJsonObject("key_sets");
        judgeEvery(corpus, stored -> judgeDeal(stored, keySets), JsonElement::getAsString);
    }

    /** A case's file: each line (a genuine record by its index, or its own text) and a line feed. */
    private static String file(JsonObject stored, JsonArray records) {
        StringBuilder text = new StringBuilder();
        for (JsonElement line : stored.getAsJsonArray("lines")) {
            boolean genuine = line.getAsJsonPrimitive().isNumber();
            text.append(genuine ? records.get(line.getAsInt()).getAsString() : line.getAsString()).append('\n');
        }
        return text.toString();
    }

    private static String judgeRecords(JsonObject stored, JsonObject corpus) {
        JsonElement keys = stored.get("keys").isJsonNull() ? null : corpus.getAsJsonObject("key_sets").get(stored.get("keys").getAsString());
        Map<String, String> heads = null;
        if (!stored.get("heads").isJsonNull()) {
            heads = new LinkedHashMap<>();
            for (Map.Entry<String, JsonElement> head : stored.getAsJsonObject("heads").entrySet()) {
                heads.put(head.getKey(), head.getValue().getAsString());
            }
        }
        try {
            HandRecords.verify(file(stored, corpus.getAsJsonArray("records")), keys == null ? null : keys.toString(),
                    text(stored.get("tenant")), heads);
            return "holds";
        } catch (HandRecordException refused) {
            return refused.index() + " " + refused.code();
        }
    }

    @Test
    void everyFileOfHandRecordsOfTheSharedCorpusIsJudgedAsTheServiceJudgesIt() throws IOException {
        JsonObject corpus = corpus("hand_records.json");
        judgeEvery(corpus, stored -> judgeRecords(stored, corpus), verdict -> verdict.isJsonPrimitive() ? verdict.getAsString()
                : verdict.getAsJsonObject().get("index").getAsInt() + " " + verdict.getAsJsonObject().get("code").getAsString());
    }

    @Test
    void theGenuineRecordsAreBuiltAgainFromTheirPartsLineForLine() throws IOException, HandRecordException {
        JsonArray records = corpus("hand_records.json").getAsJsonArray("records");
        Map<String, Map<String, Object>> newest = new HashMap<>();
        for (JsonElement line : records) {
            Map<String, Object> stored = HandRecords.read(line.getAsString());
            String table = (String) stored.get("table_id");
            Map<String, Object> built = rebuilt(stored, newest.get(table));
            assertEquals(line.getAsString() + "\n", HandRecords.line(built), (String) stored.get("hand_id"));
            assertEquals(HandRecords.digest(stored), HandRecords.digest(built));
            newest.put(table, built);
        }
        List<HandRecords.TableChain> chains = HandRecords.verify(
                String.join("\r\n", strings(records)), corpus("hand_records.json").getAsJsonObject("key_sets").get("deployment").toString());
        assertEquals(Arrays.asList("t-1", "t-2"), Arrays.asList(chains.get(0).tableId(), chains.get(1).tableId()));
        assertEquals(BigInteger.valueOf(10), chains.get(0).last());
        assertTrue(chains.get(0).fromTheStart());
        assertEquals(HandRecords.digest(newest.get("t-1")), chains.get(0).head());
    }

    /** The verdict on a file of records: "holds", or the first record that does not hold and its code. */
    private static String judgeFile(String text, String keys) {
        try {
            HandRecords.verify(text, keys);
            return "holds";
        } catch (HandRecordException refused) {
            return refused.index() + " " + refused.code();
        }
    }

    @Test
    void aFileOfRecordsIsSplitAtLineFeedsOnlyAndOnlyJsonWhitespaceIsBlank() throws IOException {
        // The verdicts the reference gives: lines end at line feeds only (U+2028 and its kind are
        // characters), a line of space, tab, CR and LF only is skipped, every line read first.
        JsonObject corpus = corpus("hand_records.json");
        String genuine = corpus.getAsJsonArray("records").get(0).getAsString();
        String keys = corpus.getAsJsonObject("key_sets").get("deployment").toString();
        String[][] verdicts = {
            {"\n \t\r\n" + genuine + "\r\n \t\r\n", "holds"},
            {genuine, "holds"},
            {genuine + "\n\u00a0\n", "1 not_strict_json"},
            {genuine + "\n\u001f\n", "1 not_strict_json"},
            {genuine + "\n\u000b", "1 not_strict_json"},
            {genuine + "\u000c" + genuine, "0 not_strict_json"},
            {genuine + "\r" + genuine, "0 not_strict_json"},
            {genuine + "\u2028{}", "0 not_strict_json"},
            {genuine + "\u2029\n{}", "0 not_strict_json"},
            {genuine + "\u0085\n{}", "0 not_strict_json"},
            {genuine + "\n\u2028\n{}", "1 not_strict_json"},
            {genuine + "\n{}", "1 record_fields"},
            {genuine.replaceFirst("\"hand_id\":\"", "\"hand_id\":\"\u2028\u2029\u0085"), "holds"},
            {"{}\n" + genuine + "x", "1 not_strict_json"},
        };
        for (String[] verdict : verdicts) {
            assertEquals(verdict[1], judgeFile(verdict[0], keys), verdict[0].substring(0, Math.min(60, verdict[0].length())));
        }
    }

    @Test
    void aForfeitCountsOnlyWhenItIsJsonTrue() {
        List<Map<String, Object>> kept = Collections.singletonList(HandRecords.read("{\"player_id\":\"an\",\"forfeit\":false,\"cards\":[],"
                + "\"arrangement\":{\"back\":[\"As\",\"Ks\",\"Qs\",\"Js\",\"Ts\"],\"middle\":[\"2h\",\"3h\",\"4h\",\"5h\",\"6h\"],\"front\":[\"7d\",\"8d\",\"9d\"]}}"));
        String arrangement = "\"arrangement\":{\"back\":[\"10\u2660\",\"as\",\"K\u2664\",\"qS\",\"Js\"],"
                + "\"middle\":[\"6h\",\"5\u2665\",\"4\u2661\",\"3H\",\"2h\"],\"front\":[\"9d\",\"8\u2666\",\"7\u2662\"]}";
        String[][] verdicts = {
            {"0", "true"}, {"[]", "true"}, {"{}", "true"}, {"\"\"", "true"}, {"\"no\"", "true"}, {"\"true\"", "true"},
            {"{\"a\":1}", "true"}, {"1", "true"}, {"null", "true"}, {"false", "true"}, {"true", "false"},
        };
        for (String[] verdict : verdicts) {
            Map<String, Object> player = HandRecords.read("{\"id\":\"an\",\"forfeit\":" + verdict[0] + "," + arrangement + "}");
            Map<String, Object> request = Collections.singletonMap("players", Collections.singletonList(player));
            assertEquals(Boolean.valueOf(verdict[1]), RecordShape.settlesTheSeats(request, kept), verdict[0]);
        }
    }

    private static List<String> strings(JsonArray items) {
        List<String> strings = new ArrayList<>();
        items.forEach(item -> strings.add(item.getAsString()));
        return strings;
    }

    /** A stored record built again with the builder, from the texts and models a platform has. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> rebuilt(Map<String, Object> stored, Map<String, Object> previous) {
        Map<String, Object> deal = (Map<String, Object>) stored.get("deal");
        Map<String, Object> settlement = (Map<String, Object>) stored.get("settlement");
        HandRecords.Builder builder = HandRecords.builder((String) stored.get("table_id"), (String) stored.get("hand_id"), previous)
                .startedAt((String) stored.get("started_at"))
                .deal(CanonicalJson.write(deal.get("commitment")), CanonicalJson.write(deal.get("deal")))
                .settlement(CanonicalJson.write(settlement.get("request")), CanonicalJson.write(settlement.get("answer")));
        for (Object seat : (List<Object>) stored.get("seats")) {
            builder.seat(JSON.deserialize(CanonicalJson.write(seat), HandRecordSeat.class));
        }
        return builder.build();
    }

    @Test
    void theShuffleDealsTheDeckTheServiceDealtAndEachSeatItsThirteen() throws IOException {
        JsonObject genuine = corpus("deals.json").getAsJsonArray("cases").get(0).getAsJsonObject().getAsJsonObject("deal");
        List<String> seeds = strings(genuine.getAsJsonArray("client_seeds"));
        String hex = genuine.get("server_seed").getAsString();
        byte[] seed = new byte[hex.length() / 2];
        for (int index = 0; index < seed.length; index++) {
            seed[index] = (byte) Integer.parseInt(hex.substring(2 * index, 2 * index + 2), 16);
        }
        List<String> deck = Deals.shuffledDeck(seed, genuine.get("deal_id").getAsString(), seeds);
        assertEquals(strings(genuine.getAsJsonArray("deck")), deck);
        assertEquals(52, new HashSet<>(deck).size());
        List<List<String>> hands = Deals.dealtHands(deck, 4);
        assertEquals(deck.subList(39, 52), hands.get(3));
        assertEquals("2sAc", Deals.DECK.get(0) + Deals.DECK.get(51));
    }

    @Test
    void aNumberIsWrittenInTheServicesExactForm() {
        // Each literal with the form the service gives it (maubinh_api.infra.receipts.exact_canonical).
        String[][] forms = {
            {"0.03", "0.03"}, {"2.50", "2.5"}, {"1e-7", "1e-7"}, {"1e21", "1e+21"}, {"-0.0", "0"}, {"0e5", "0"},
            {"0.10000000000000000555", "0.10000000000000000555"}, {"10000000000000001", "10000000000000001"},
            {"9007199254740993", "9007199254740993"}, {"1E-400", "1e-400"}, {"0.1E-399", "1e-400"}, {"-1e-400", "-1e-400"},
            {"1e400", "1e+400"}, {"-1.5E+400", "-1.5e+400"}, {"1e-325", "1e-325"}, {"2.4703282292062328e-324", "2.4703282292062328e-324"},
            {"1.7976931348623159e308", "1.7976931348623159e+308"},
            {"1.00000000000000000001e-64", "0.000000000000000000000000000000000000000000000000000000000000000100000000000000000001"},
            {"1.00000000000000000001e-65", "1.00000000000000000001e-65"},
            {"1.00000000000000000001e64", "10000000000000000000100000000000000000000000000000000000000000000"},
            {"1.00000000000000000001e65", "1.00000000000000000001e+65"},
            {"123456789012345678901234567890e-100", "1.2345678901234567890123456789e-71"},
            {"-333333333333333333333333333333333333333333333333333333333333333333", "-333333333333333333333333333333333333333333333333333333333333333333"},
        };
        for (String[] form : forms) {
            assertEquals(form[1], CanonicalJson.number(new BigDecimal(form[0])), form[0]);
        }
    }

    @Test
    void theStrictReaderTakesRfc8259AndNothingMore() throws StrictJson.NotStrict {
        assertEquals("{\"a\":[1,\"\ud83d\ude00\u00e9\"],\"b\":null}",
                CanonicalJson.write(StrictJson.read(" {\"b\" : null, \"a\":[1.0, \"\\ud83d\\ude00\\u00E9\"]}\r\n")));
        String[] refused = {
            "", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "-", "+1", "[1] [2]", "\"\\ud800\\u0041\"", "\"\\udc00\"",
            "\"\ud800\"", "\"\\x41\"", "\"\\u00g1\"", "\"\t\"", "{\"a\":1,\"\\u0061\":2}", "tru", "nul", "\u00a0[]",
        };
        for (String text : refused) {
            assertThrows(StrictJson.NotStrict.class, () -> StrictJson.read(text), text);
        }
    }

    @Test
    void theStrictReaderNestsAtMost200DeepAndTakesAnExponentOfAtMostNineDigits() throws StrictJson.NotStrict {
        String deepest = String.join("", Collections.nCopies(200, "[")) + String.join("", Collections.nCopies(200, "]"));
        StrictJson.read(deepest);
        assertThrows(StrictJson.NotStrict.class, () -> StrictJson.read("[" + deepest + "]"));
        assertThrows(StrictJson.NotStrict.class, () -> StrictJson.read("{\"a\":" + deepest + "}"));
        assertEquals("\"[[[\"", CanonicalJson.write(StrictJson.read("\"[[[\"")));
        assertEquals("[1e+999999999,1e-999999999,100000,0]",
                CanonicalJson.write(StrictJson.read("[1e999999999, 1E-999999999, 1e0005, 0e000000000000999999999]")));
        for (String beyond : new String[] {"1e1000000000", "1e-1000000000", "-2.5E+0001000000000", "1e99999999999999999999"}) {
            assertThrows(StrictJson.NotStrict.class, () -> StrictJson.read(beyond), beyond);
        }
        assertEquals(BigInteger.valueOf(-12), StrictJson.read("-12"));
        assertEquals(new BigDecimal("1.20"), StrictJson.read("1.20"));
    }
}
