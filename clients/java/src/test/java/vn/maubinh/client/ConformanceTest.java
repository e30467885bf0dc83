package vn.maubinh.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import vn.maubinh.client.core.JSON;

/**
 * The conformance scenario (tests/conformance/scenario.json in the repository), as this client
 * plays it: every step sent through the generated types, what must hold checked on the answer as
 * those types read it (written back as JSON), a line per step passed written to MAUBINH_REPORT.
 * The round is played again through MAUBINH_FUTURE_URL, a proxy whose answers carry what no 1.0
 * client knows. tests/client/test_conformance.py starts the service and the proxy, and holds the
 * report against the scenario.
 */
class ConformanceTest {
    private static final JSON TYPES = new JSON();

    /** One step's request, resolved: its body as JSON text, its path value and its headers. */
    static final class Input {
        String body;
        String path;
        final Map<String, String> headers = new HashMap<>();

        <T> T body(Class<T> type) {
            return TYPES.deserialize(body, type);
        }

        String header(String name) {
            return headers.get(name);
        }
    }

    @FunctionalInterface
    interface Operation {
        Answer<?> send(MauBinhClient client, Input in);
    }

    /**
     * The client's method of an operation, found by its operationId: the one that takes the call's
     * {@link CallOptions} last, given the step's path value (its one {@code String} parameter: an
     * operation has one path parameter at most) and its body as the method's body type, and the
     * step's If-None-Match as the call's option. No table of operations to keep: an operation the
     * spec gains is played as soon as the client is generated again.
     */
    static Operation operationNamed(String name) {
        for (Method call : MauBinhClient.class.getMethods()) {
            Class<?>[] types = call.getParameterTypes();
            if (call.getName().equals(name) && types.length > 0 && types[types.length - 1] == CallOptions.class) {
                return (c, in) -> invoke(call, c, arguments(types, in));
            }
        }
        return null;
    }

    private static Object[] arguments(Class<?>[] types, Input in) {
        Object[] values = new Object[types.length];
        for (int i = 0; i + 1 < types.length; i++) {
            values[i] = types[i] == String.class ? in.path : in.body(types[i]);
        }
        values[types.length - 1] = CallOptions.builder().ifNoneMatch(in.header("If-None-Match")).build();
        return values;
    }

    private static Answer<?> invoke(Method call, MauBinhClient client, Object[] arguments) {
        try {
            return (Answer<?>) call.invoke(client, arguments);
        } catch (InvocationTargetException thrown) {
            Throwable cause = thrown.getCause();
            throw cause instanceof RuntimeException ? (RuntimeException) cause : new IllegalStateException(cause);
        } catch (IllegalAccessException failed) {
            throw new IllegalStateException(failed);
        }
    }

    /** An answer as this client read it. */
    static final class Observation {
        int status;
        AnswerHeaders headers;
        JsonElement body = JsonNull.INSTANCE;
        String text = "";
        String request = "";
        double seconds;

        String header(String name) {
            switch (name) {
                case "etag": return headers.etag();
                case "retry-after": return headers.retryAfterSeconds() == null ? null : String.valueOf(headers.retryAfterSeconds());
                case "x-model-version": return headers.modelVersion();
                case "x-api-version": return headers.apiVersion();
                case "x-request-id": return headers.requestId();
                case "deprecation": return headers.deprecation();
                case "sunset": return headers.sunset();
                case "content-language": return headers.contentLanguage();
                default: return headers.get(name);
            }
        }
    }

    static JsonElement pointer(JsonElement document, String path) {
        JsonElement value = document;
        if (path.isEmpty()) {
            return value;
        }
        for (String raw : path.substring(1).split("/", -1)) {
            String token = raw.replace("~1", "/").replace("~0", "~");
            if (value.isJsonArray() && token.matches("[0-9]+") && Integer.parseInt(token) < value.getAsJsonArray().size()) {
                value = value.getAsJsonArray().get(Integer.parseInt(token));
            } else if (value.isJsonObject() && value.getAsJsonObject().has(token)) {
                value = value.getAsJsonObject().get(token);
            } else {
                throw new AssertionError("nothing at " + path);
            }
        }
        return value;
    }

    static JsonArray expand(JsonElement document, String path) {
        JsonArray found = new JsonArray();
        int star = path.indexOf("/*");
        if (star < 0) {
            found.add(pointer(document, path));
            return found;
        }
        String rest = path.substring(star + 2);
        for (JsonElement item : pointer(document, path.substring(0, star)).getAsJsonArray()) {
            found.addAll(rest.isEmpty() ? single(item) : expand(item, rest));
        }
        return found;
    }

    private static JsonArray single(JsonElement item) {
        JsonArray one = new JsonArray();
        one.add(item);
        return one;
    }

    static JsonElement without(JsonElement value, JsonElement drop) {
        if (!value.isJsonObject() || drop == null) {
            return value;
        }
        JsonObject copy = value.getAsJsonObject().deepCopy();
        for (JsonElement name : drop.getAsJsonArray()) {
            copy.remove(name.getAsString());
        }
        return copy;
    }

    /** One pass over the steps: what each step answered, for the steps after it to refer to. */
    static final class Run {
        final JsonObject scenario;
        final Map<String, Observation> seen = new HashMap<>();

        Run(JsonObject scenario) {
            this.scenario = scenario;
        }

        JsonElement resolve(JsonElement value) {
            if (value.isJsonArray()) {
                JsonArray out = new JsonArray();
                for (JsonElement item : value.getAsJsonArray()) {
                    out.add(resolve(item));
                }
                return out;
            }
            if (!value.isJsonObject()) {
                return value;
            }
            JsonObject node = value.getAsJsonObject();
            if (node.has("$from")) {
                Observation from = seen.get(node.get("$from").getAsString());
                assertNotNull(from, "no step " + node.get("$from") + " before");
                if (node.has("header")) {
                    return new JsonPrimitive(from.header(node.get("header").getAsString()));
                }
                return pointer(from.body, node.has("pointer") ? node.get("pointer").getAsString() : "");
            }
            JsonObject out = new JsonObject();
            for (Map.Entry<String, JsonElement> member : node.entrySet()) {
                out.add(member.getKey(), resolve(member.getValue()));
            }
            return out;
        }

        String text(JsonElement value) {
            return resolve(value).getAsString();
        }

        MauBinhClient client(JsonObject options, String base) {
            String key = options.has("key") ? options.get("key").getAsString() : "platform";
            MauBinhClient.Builder builder = MauBinhClient.builder(base)
                    .apiKey(scenario.getAsJsonObject("keys").get(key).getAsString())
                    .timeout(Duration.ofSeconds(30));
            if (options.has("language")) {
                builder.language(options.get("language").getAsString());
            }
            if (options.has("retries")) {
                builder.retries(options.get("retries").getAsInt());
            }
            if (options.has("model")) {
                builder.model(text(options.get("model")));
            }
            return builder.build();
        }

        Observation send(JsonObject step, String base) {
            JsonObject options = step.has("client") ? step.getAsJsonObject("client") : new JsonObject();
            MauBinhClient client = client(options, base);
            Input in = new Input();
            if (step.has("body")) {
                in.body = resolve(step.get("body")).toString();
            }
            if (step.has("path")) {
                for (Map.Entry<String, JsonElement> member : step.getAsJsonObject("path").entrySet()) {
                    in.path = text(member.getValue());
                }
            }
            if (step.has("headers")) {
                for (Map.Entry<String, JsonElement> member : step.getAsJsonObject("headers").entrySet()) {
                    in.headers.put(member.getKey(), text(member.getValue()));
                }
            }
            Operation operation = operationNamed(step.get("operation").getAsString());
            assertNotNull(operation, "no operation " + step.get("operation"));
            int attempts = step.has("at_most") ? step.get("at_most").getAsInt() : 1;
            Observation seen = null;
            for (int attempt = 0; attempt < attempts; attempt++) {
                seen = observe(client, operation, in);
                if (!step.has("repeat_until_status") || seen.status == step.get("repeat_until_status").getAsInt()) {
                    break;
                }
            }
            return seen;
        }

        void check(JsonObject step, Observation seen) {
            String id = step.get("id").getAsString();
            JsonObject e = step.getAsJsonObject("expect");
            assertEquals(e.get("status").getAsInt(), seen.status, id + ": " + seen.text);
            for (Map.Entry<String, JsonElement> equal : members(e, "equal")) {
                assertEquals(equal.getValue(), pointer(seen.body, equal.getKey()), id + ": " + equal.getKey());
            }
            for (JsonElement path : list(e, "present")) {
                assertTrue(!pointer(seen.body, path.getAsString()).isJsonNull(), id + ": nothing at " + path);
            }
            for (Map.Entry<String, JsonElement> length : members(e, "length")) {
                assertEquals(length.getValue().getAsInt(), pointer(seen.body, length.getKey()).getAsJsonArray().size(), id + ": " + length.getKey());
            }
            for (JsonElement same : list(e, "same")) {
                JsonObject rule = same.getAsJsonObject();
                JsonElement mine = without(pointer(seen.body, rule.get("pointer").getAsString()), rule.get("drop"));
                assertEquals(without(resolve(rule.get("as")), rule.get("drop")), mine, id + ": " + rule.get("pointer"));
            }
            if (e.has("decimal_sum_zero")) {
                BigDecimal total = BigDecimal.ZERO;
                for (JsonElement path : list(e, "decimal_sum_zero")) {
                    for (JsonElement amount : expand(seen.body, path.getAsString())) {
                        total = total.add(new BigDecimal(amount.getAsString()));
                    }
                }
                assertEquals(0, total.signum(), id + ": the amounts add up to " + total.toPlainString());
            }
            for (Map.Entry<String, JsonElement> header : members(e, "headers")) {
                assertEquals(header.getValue().getAsString(), seen.header(header.getKey()), id + ": " + header.getKey());
            }
            for (JsonElement header : list(e, "headers_present")) {
                assertNotNull(seen.header(header.getAsString()), id + ": no " + header);
            }
            for (Map.Entry<String, JsonElement> header : members(e, "headers_same")) {
                assertEquals(text(header.getValue()), seen.header(header.getKey()), id + ": " + header.getKey());
            }
            if (e.has("waited_at_least_seconds")) {
                assertTrue(seen.seconds >= e.get("waited_at_least_seconds").getAsDouble(), id + ": answered in " + seen.seconds + " s");
            }
        }

        String verify(JsonObject step) {
            JsonObject check = step.getAsJsonObject("receipt");
            Observation settled = seen.get(check.get("of").getAsString());
            Observation keys = seen.get(check.get("keys").getAsString());
            String answer = settled.text;
            if (check.has("replace")) {
                JsonArray replace = check.getAsJsonArray("replace");
                answer = answer.replace(replace.get(0).getAsString(), replace.get(1).getAsString());
            }
            try {
                String tenant = check.has("tenant") ? check.get("tenant").getAsString() : null;
                Receipts.verify(settled.request, answer, keys.text, true, tenant);
                return "holds";
            } catch (ReceiptException refused) {
                return refused.reason();
            }
        }

        /** A deal step: the deal checked offline against its commitment, its verdict a code. */
        String verifyDeal(JsonObject step) {
            JsonObject check = step.getAsJsonObject("deal");
            Observation commitment = seen.get(check.get("commitment").getAsString());
            Observation dealt = seen.get(check.get("of").getAsString());
            Observation keys = seen.get(check.get("keys").getAsString());
            try {
                String tenant = check.has("tenant") ? check.get("tenant").getAsString() : null;
                Deals.verify(commitment.text, dealt.text, keys.text, true, tenant);
                return "holds";
            } catch (DealException refused) {
                return refused.code();
            }
        }
    }

    static Observation observe(MauBinhClient client, Operation operation, Input in) {
        Observation seen = new Observation();
        long started = System.nanoTime();
        try {
            Answer<?> answer = operation.send(client, in);
            seen.status = answer.status();
            seen.headers = answer.headers();
            seen.text = answer.text();
            seen.request = answer.requestText();
            Object body = answer.body();
            if (body != null && !(body instanceof String)) {
                seen.body = JsonParser.parseString(TYPES.serialize(body));
            }
        } catch (ProblemException problem) {
            seen.status = problem.status();
            seen.headers = problem.headers();
            seen.body = JsonParser.parseString(TYPES.serialize(problem.problem()));
        }
        seen.seconds = (System.nanoTime() - started) / 1e9;
        return seen;
    }

    static Iterable<Map.Entry<String, JsonElement>> members(JsonObject object, String name) {
        return object.has(name) ? object.getAsJsonObject(name).entrySet() : new JsonObject().entrySet();
    }

    static JsonArray list(JsonObject object, String name) {
        return object.has(name) ? object.getAsJsonArray(name) : new JsonArray();
    }

    static void play(JsonObject scenario, String base, boolean future, String report) throws IOException {
        Run run = new Run(scenario);
        for (JsonElement element : scenario.getAsJsonArray("steps")) {
            JsonObject step = element.getAsJsonObject();
            boolean round = step.has("round") && step.get("round").getAsBoolean();
            if (future && !round) {
                continue;
            }
            String id = step.get("id").getAsString();
            long started = System.nanoTime();
            if (step.has("receipt")) {
                assertEquals(step.getAsJsonObject("expect").get("receipt").getAsString(), run.verify(step), id + ": the receipt");
            } else if (step.has("deal")) {
                assertEquals(step.getAsJsonObject("expect").get("deal").getAsString(), run.verifyDeal(step), id + ": the deal");
            } else {
                Observation seen = run.send(step, base);
                try {
                    run.check(step, seen);
                } catch (AssertionError failed) {
                    fail((future ? "(future) " : "") + failed.getMessage(), failed);
                }
                run.seen.put(id, seen);
            }
            JsonObject line = new JsonObject();
            line.addProperty("step", id);
            line.addProperty("future", future);
            line.addProperty("ms", Math.round((System.nanoTime() - started) / 1e5) / 10.0);
            Files.write(Paths.get(report), (line + "\n").getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }
    }

    @Test
    void theScenarioThenItsRoundAgainstAnswersOfALaterRelease() throws IOException {
        String url = System.getenv("MAUBINH_URL");
        String future = System.getenv("MAUBINH_FUTURE_URL");
        String file = System.getenv("MAUBINH_SCENARIO");
        String report = System.getenv("MAUBINH_REPORT");
        assumeTrue(url != null && future != null && file != null && report != null, "no service to play against");
        JsonObject scenario = JsonParser.parseString(new String(Files.readAllBytes(Paths.get(file)), StandardCharsets.UTF_8)).getAsJsonObject();
        play(scenario, url, false, report);
        play(scenario, future, true, report);
    }
}
