package vn.maubinh.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Receipts.verify's contract: whatever the texts, a receipt that does not hold is a
 * {@link ReceiptException}, never Gson's or the JDK's exceptions. Every receipt of the shared
 * corpus (tests/conformance/receipts.json) is made wrong field by field: each field and each member
 * of its issue set to a value of every JSON type, or left out, and each text or the key set null.
 */
class MalformedReceiptsTest {
    /** A value of each JSON type, and of each form a field's check tells apart. */
    private static final String[] WRONG = {
        "null", "0", "-1.5e400", "\"\"", "\"x\"", "true", "false", "[]", "[1,{}]", "[\"x\"]", "{}", "{\"a\":[null]}",
    };

    /** What verify did with one text: "holds", a refusal's code, or the exception it should not have thrown. */
    private static String outcome(String request, String answer, String keys, boolean signed, String tenant) {
        try {
            Receipts.verify(request, answer, keys, signed, tenant);
            return "holds";
        } catch (ReceiptException refused) {
            return refused.code();
        } catch (RuntimeException escaped) {
            return "threw " + escaped;
        }
    }

    @Test
    void everyCorpusReceiptMadeWrongFieldByFieldIsRefusedWithAReceiptExceptionOnly() throws IOException, StrictJson.NotStrict {
        JsonObject corpus = Corpus.read("receipts.json");
        List<String> escaped = new ArrayList<>();
        int tried = 0;
        for (JsonElement element : corpus.getAsJsonArray("cases")) {
            JsonObject stored = element.getAsJsonObject();
            String request = stored.get("request").getAsString();
            String keys = corpus.getAsJsonObject("key_sets").get(stored.get("keys").getAsString()).toString();
            String tenant = stored.get("tenant").isJsonNull() ? null : stored.get("tenant").getAsString();
            boolean signed = stored.get("require_signature").getAsBoolean();
            List<String> answers = wrongAnswers(stored.get("answer").getAsString());
            for (String answer : answers) {
                for (boolean required : new boolean[] {signed, false}) {
                    tried++;
                    String found = outcome(request, answer, keys, required, tenant);
                    if (found.startsWith("threw")) {
                        escaped.add(stored.get("id").getAsString() + ": " + found + " on " + answer);
                    }
                }
            }
            for (String[] texts : Arrays.asList(new String[] {null, stored.get("answer").getAsString(), keys},
                    new String[] {request, null, keys}, new String[] {request, stored.get("answer").getAsString(), null})) {
                tried++;
                String found = outcome(texts[0], texts[1], texts[2], signed, tenant);
                if (found.startsWith("threw")) {
                    escaped.add(stored.get("id").getAsString() + ": " + found + " with a null text");
                }
            }
        }
        // 68 cases, most with a receipt of 11 fields and an issue of 3 members: thousands of texts.
        assertTrue(tried > 5000, "texts tried: " + tried);
        assertEquals(new ArrayList<String>(), escaped);
    }

    /** The answer with each of its receipt's fields (and its issue's members) wrong in turn. */
    private static List<String> wrongAnswers(String answerText) throws StrictJson.NotStrict {
        List<String> answers = new ArrayList<>();
        Object read;
        try {
            read = StrictJson.read(answerText);
        } catch (StrictJson.NotStrict notJson) {
            return answers; // refused before any field is read: its corpus case says so
        }
        Map<String, Object> answer = Receipts.object(read);
        Map<String, Object> receipt = answer == null ? null : Receipts.object(answer.get("receipt"));
        if (receipt == null) {
            return answers;
        }
        List<String> fields = new ArrayList<>(receipt.keySet());
        fields.add("added");
        for (String field : fields) {
            for (String wrong : WRONG) {
                answers.add(with(answer, receipt, field, StrictJson.read(wrong)));
            }
            Map<String, Object> without = new LinkedHashMap<>(receipt);
            without.remove(field);
            answers.add(with(answer, without, null, null));
        }
        Map<String, Object> issued = Receipts.object(receipt.get("issued"));
        if (issued != null) {
            for (String member : Arrays.asList("tenant", "at", "signature", "added")) {
                for (String wrong : WRONG) {
                    Map<String, Object> issue = new LinkedHashMap<>(issued);
                    issue.put(member, StrictJson.read(wrong));
                    answers.add(with(answer, receipt, "issued", issue));
                }
            }
        }
        return answers;
    }

    private static String with(Map<String, Object> answer, Map<String, Object> receipt, String field, Object value) {
        Map<String, Object> changed = new LinkedHashMap<>(receipt);
        if (field != null) {
            changed.put(field, value);
        }
        Map<String, Object> whole = new LinkedHashMap<>(answer);
        whole.put("receipt", changed);
        return CanonicalJson.write(whole);
    }
}
