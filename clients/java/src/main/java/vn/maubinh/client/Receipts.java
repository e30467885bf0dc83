package vn.maubinh.client;

import static vn.maubinh.client.ReceiptException.Refusal.ANSWER_DIGEST;
import static vn.maubinh.client.ReceiptException.Refusal.ID;
import static vn.maubinh.client.ReceiptException.Refusal.JWS_FORM;
import static vn.maubinh.client.ReceiptException.Refusal.JWS_HEADER;
import static vn.maubinh.client.ReceiptException.Refusal.JWS_PAYLOAD;
import static vn.maubinh.client.ReceiptException.Refusal.JWS_SIGNATURE;
import static vn.maubinh.client.ReceiptException.Refusal.KEY_SET;
import static vn.maubinh.client.ReceiptException.Refusal.KEY_THUMBPRINT;
import static vn.maubinh.client.ReceiptException.Refusal.KEY_TYPE;
import static vn.maubinh.client.ReceiptException.Refusal.NOT_STRICT_JSON;
import static vn.maubinh.client.ReceiptException.Refusal.NO_RECEIPT;
import static vn.maubinh.client.ReceiptException.Refusal.RECEIPT_FIELDS;
import static vn.maubinh.client.ReceiptException.Refusal.REQUEST_DIGEST;
import static vn.maubinh.client.ReceiptException.Refusal.TENANT;
import static vn.maubinh.client.ReceiptException.Refusal.UNKNOWN_KEY;
import static vn.maubinh.client.ReceiptException.Refusal.UNSIGNED;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.bouncycastle.crypto.params.Ed25519PublicKeyParameters;
import org.bouncycastle.crypto.signers.Ed25519Signer;
import vn.maubinh.client.core.JSON;
import vn.maubinh.client.model.Receipt;

/**
 * The offline check of a settlement's receipt, from the request's and the answer's texts as stored
 * and the deployment's key set (GET /.well-known/jwks.json). It follows the rule of
 * docs/integrating.md, "Verifying a receipt", step by step, as the service and the other clients do:
 * a refusal's {@link ReceiptException#code()} is that of the first step that fails, the same in every
 * client (tests/conformance/receipts.json holds them to it). The texts are read as strict JSON with
 * their numbers exact ({@link StrictJson}) and digested in the exact canonical form the service
 * digests them in ({@link CanonicalJson}).
 */
public final class Receipts {
    /** The fields a receipt's id and signature are made of, in their order. */
    private static final String[] CLAIMS = {"operation", "request_digest", "answer_digest", "fingerprints", "model", "release"};
    private static final String RECEIPT_TYPE = "maubinh-receipt+jws";
    private static final String ISSUE_TYPE = "maubinh-receipt-issue+jws";

    private static final Pattern DIGEST = Pattern.compile("sha256:[0-9a-f]{64}");
    private static final Pattern RECEIPT_ID = Pattern.compile("rct-[0-9a-f]{32}");
    private static final Pattern AT = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z");
    private static final Pattern BASE64URL = Pattern.compile("[A-Za-z0-9_-]*");

    /** Step 3: what each field of a receipt must be (present, even when null). */
    private static final Map<String, Predicate<Object>> FIELDS = new LinkedHashMap<>();

    static {
        FIELDS.put("id", text(RECEIPT_ID));
        FIELDS.put("operation", text(null));
        FIELDS.put("request_digest", text(DIGEST));
        FIELDS.put("answer_digest", text(DIGEST));
        FIELDS.put("fingerprints",
                value -> value instanceof List && ((List<?>) value).stream().allMatch(item -> item instanceof String));
        FIELDS.put("model", text(null));
        FIELDS.put("release", text(null));
        FIELDS.put("key_id", Receipts::textOrNull);
        FIELDS.put("signed", value -> value instanceof Boolean);
        FIELDS.put("signature", Receipts::textOrNull);
    }

    private Receipts() {}

    /**
     * Checks the receipt of a settlement's answer.
     *
     * @param requestText the request's JSON as sent ({@link Answer#requestText()}), in any key order
     * @param answerText the answer's JSON as received ({@link Answer#text()})
     * @param keysText the deployment's key set, the JSON of GET /.well-known/jwks.json
     * @param requireSignature refuse an unsigned receipt (else it is returned, its signatures unchecked)
     * @return the receipt
     * @throws ReceiptException it does not hold ({@link ReceiptException#code()}: the step that failed)
     */
    public static Receipt verify(String requestText, String answerText, String keysText, boolean requireSignature)
            throws ReceiptException {
        return verify(requestText, answerText, keysText, requireSignature, null);
    }

    /**
     * Checks the receipt of a settlement's answer, and that it was issued to {@code tenant}.
     *
     * @param requestText the request's JSON as sent ({@link Answer#requestText()}), in any key order
     * @param answerText the answer's JSON as received ({@link Answer#text()})
     * @param keysText the deployment's key set, the JSON of GET /.well-known/jwks.json
     * @param requireSignature refuse an unsigned receipt (else it is returned, its signatures unchecked)
     * @param tenant the tenant it must have been issued to ({@code issued.tenant}); null: any tenant's
     * @return the receipt
     * @throws ReceiptException it does not hold ({@link ReceiptException#code()}: the step that failed)
     */
    public static Receipt verify(
            String requestText, String answerText, String keysText, boolean requireSignature, String tenant)
            throws ReceiptException {
        Object request = strict(requestText, "the request");
        Object answer = strict(answerText, "the answer");
        return model(verified(request, answer, keysText, requireSignature, tenant));
    }

    /**
     * Steps 2 to 16, on values already read strictly (a hand record's settlement): the receipt, as
     * read, when it holds.
     */
    static Map<String, Object> verified(
            Object request, Object answer, String keysText, boolean requireSignature, String tenant)
            throws ReceiptException {
        Map<String, Object> receipt = receipt(answer);
        Map<String, Object> issued = object(receipt.get("issued"));
        // Steps 4-6: the texts are those the receipt names, and its id is made of its fields.
        if (!digest(request).equals(receipt.get("request_digest"))) {
            throw new ReceiptException(REQUEST_DIGEST, "request_digest is not the request's");
        }
        Map<String, Object> bare = new LinkedHashMap<>(object(answer));
        bare.remove("receipt");
        if (!digest(bare).equals(receipt.get("answer_digest"))) {
            throw new ReceiptException(ANSWER_DIGEST, "answer_digest is not the answer's");
        }
        Map<String, Object> claims = new LinkedHashMap<>();
        for (String name : CLAIMS) {
            claims.put(name, receipt.get(name));
        }
        String id = (String) receipt.get("id");
        if (!("rct-" + hex(sha256(CanonicalJson.utf8(claims))).substring(0, 32)).equals(id)) {
            throw new ReceiptException(ID, "id is not made of the receipt's fields");
        }
        // Steps 7-8: whose it is, and whether it is signed.
        if (tenant != null && (issued == null || !tenant.equals(issued.get("tenant")))) {
            String found = issued == null ? "it names no tenant" : "it was issued to " + issued.get("tenant");
            throw new ReceiptException(TENANT, found);
        }
        if (receipt.get("signature") == null) {
            if (requireSignature) {
                throw new ReceiptException(UNSIGNED, "it is unsigned");
            }
            return receipt;
        }
        checkSignatures(receipt, claims, issued, keysText);
        return receipt;
    }

    /** Steps 9-16: the key, then the receipt's signature, then its issue's. */
    private static void checkSignatures(
            Map<String, Object> receipt, Map<String, Object> claims, Map<String, Object> issued, String keysText)
            throws ReceiptException {
        String keyId = (String) receipt.get("key_id");
        byte[] key = signingKey(keysText, keyId);
        Map<String, Object> signed = new LinkedHashMap<>();
        signed.put("id", receipt.get("id"));
        signed.putAll(claims);
        checkJws((String) receipt.get("signature"), signed, keyId, key, RECEIPT_TYPE, "the signature");
        if (issued != null) {
            Map<String, Object> issue = new LinkedHashMap<>();
            issue.put("at", issued.get("at"));
            issue.put("receipt", receipt.get("id"));
            issue.put("tenant", issued.get("tenant"));
            checkJws((String) issued.get("signature"), issue, keyId, key, ISSUE_TYPE, "the issue's signature");
        }
    }

    private static Object strict(String text, String what) throws ReceiptException {
        try {
            return StrictJson.read(text);
        } catch (StrictJson.NotStrict refused) {
            throw new ReceiptException(NOT_STRICT_JSON, what + " is not strict JSON (a member named twice, a comment, NaN...)");
        }
    }

    /** Steps 2 and 3: the answer's receipt, its fields all present and typed. */
    private static Map<String, Object> receipt(Object answer) throws ReceiptException {
        Map<String, Object> whole = object(answer);
        Map<String, Object> receipt = whole == null ? null : object(whole.get("receipt"));
        if (receipt == null) {
            throw new ReceiptException(NO_RECEIPT, "the answer has no receipt");
        }
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, Predicate<Object>> field : FIELDS.entrySet()) {
            if (!receipt.containsKey(field.getKey()) || !field.getValue().test(receipt.get(field.getKey()))) {
                wrong.add(field.getKey());
            }
        }
        Map<String, Object> issued = object(receipt.get("issued"));
        if (receipt.containsKey("issued") && (issued == null || !issueReads(issued))) {
            wrong.add("issued");
        }
        if (wrong.isEmpty() && signedApart(receipt, issued)) {
            wrong.add("signed");
        }
        if (!wrong.isEmpty()) {
            throw new ReceiptException(RECEIPT_FIELDS, "its fields do not read: " + String.join(", ", wrong));
        }
        return receipt;
    }

    private static Predicate<Object> text(Pattern form) {
        return value -> value instanceof String && (form == null || form.matcher((String) value).matches());
    }

    private static boolean textOrNull(Object value) {
        return value == null || value instanceof String;
    }

    /** An issue's members: other members are ignored, and vouch for nothing. */
    private static boolean issueReads(Map<String, Object> issued) {
        Object tenant = issued.get("tenant");
        return tenant instanceof String && !((String) tenant).isEmpty()
                && text(AT).test(issued.get("at"))
                && issued.containsKey("signature") && textOrNull(issued.get("signature"));
    }

    /** Whether its signing fields disagree: {@code signed} is whether there is a signature, a
     * signature names its key, and an issue is signed exactly when the receipt is. */
    private static boolean signedApart(Map<String, Object> receipt, Map<String, Object> issued) {
        boolean signed = receipt.get("signature") != null;
        return !receipt.get("signed").equals(signed)
                || signed && receipt.get("key_id") == null
                || issued != null && (issued.get("signature") != null) != signed;
    }

    /**
     * Steps 9-12: the key {@code keyId} of the key set (its JSON), an Ed25519 key whose RFC 7638
     * thumbprint is that id; a deal's commitment is checked with it too.
     */
    static byte[] signingKey(String keysText, String keyId) throws ReceiptException {
        Map<String, Object> set;
        try {
            set = object(StrictJson.read(keysText));
        } catch (StrictJson.NotStrict unreadable) {
            set = null;
        }
        if (set == null || !(set.get("keys") instanceof List)) {
            throw new ReceiptException(KEY_SET, "the key set does not read");
        }
        Map<String, Object> key = null;
        for (Object item : (List<?>) set.get("keys")) {
            Map<String, Object> candidate = object(item);
            if (candidate != null && keyId.equals(candidate.get("kid"))) {
                key = candidate; // the first one
                break;
            }
        }
        if (key == null) {
            throw new ReceiptException(UNKNOWN_KEY, "no key " + keyId + " in the key set");
        }
        byte[] x = base64url(key.get("x"));
        if (!"OKP".equals(key.get("kty")) || !"Ed25519".equals(key.get("crv")) || x == null
                || x.length != Ed25519PublicKeyParameters.KEY_SIZE) {
            throw new ReceiptException(KEY_TYPE, "key " + keyId + " is not an Ed25519 key");
        }
        Map<String, Object> members = new LinkedHashMap<>();
        members.put("crv", "Ed25519");
        members.put("kty", "OKP");
        members.put("x", key.get("x"));
        if (!encode(sha256(CanonicalJson.utf8(members))).equals(keyId)) {
            // A foreign key under the deployment's id is not the deployment's.
            throw new ReceiptException(KEY_THUMBPRINT, "key " + keyId + " is not the key its id names");
        }
        return x;
    }

    /**
     * Steps 13-16: {@code token} is a compact JWS, EdDSA, of type {@code kind} by {@code keyId}, of
     * {@code signed}'s form; {@code what} names it in a refusal.
     */
    static void checkJws(String token, Map<String, Object> signed, String keyId, byte[] key, String kind, String what)
            throws ReceiptException {
        String[] parts = token.split("\\.", -1);
        byte[][] decoded = parts.length == 3 ? decode(parts) : null;
        Map<String, Object> header = decoded == null ? null : header(decoded[0]);
        if (header == null) {
            throw new ReceiptException(JWS_FORM, what + " is not a compact JWS");
        }
        if (!"EdDSA".equals(header.get("alg")) || !keyId.equals(header.get("kid")) || !kind.equals(header.get("typ"))) {
            throw new ReceiptException(JWS_HEADER, what + "'s header is not EdDSA, " + kind + ", by key " + keyId);
        }
        if (!ed25519(key, (parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII), decoded[2])) {
            throw new ReceiptException(JWS_SIGNATURE, what + " is not the key's");
        }
        if (!Arrays.equals(decoded[1], CanonicalJson.utf8(signed))) {
            throw new ReceiptException(JWS_PAYLOAD, what + " is of other fields");
        }
    }

    /** Each part decoded, or null if one is not base64url in its one written form. */
    private static byte[][] decode(String[] parts) {
        byte[][] decoded = new byte[parts.length][];
        for (int index = 0; index < parts.length; index++) {
            decoded[index] = base64url(parts[index]);
            if (decoded[index] == null) {
                return null;
            }
        }
        return decoded;
    }

    private static Map<String, Object> header(byte[] json) {
        try {
            return object(StrictJson.read(json));
        } catch (StrictJson.NotStrict unreadable) {
            return null;
        }
    }

    private static boolean ed25519(byte[] key, byte[] message, byte[] signature) {
        Ed25519PublicKeyParameters publicKey;
        try {
            publicKey = new Ed25519PublicKeyParameters(key, 0);
        } catch (IllegalArgumentException noPoint) {
            // 32 bytes that are no curve point: nothing it signed verifies (as OpenSSL's verify says).
            return false;
        }
        Ed25519Signer verifier = new Ed25519Signer();
        verifier.init(false, publicKey);
        verifier.update(message, 0, message.length);
        return verifier.verifySignature(signature);
    }

    /** Base64url without padding, in its one written form (no stray bits), or null. */
    private static byte[] base64url(Object text) {
        if (!(text instanceof String) || !BASE64URL.matcher((String) text).matches() || ((String) text).length() % 4 == 1) {
            return null;
        }
        byte[] data;
        try {
            data = Base64.getUrlDecoder().decode((String) text);
        } catch (IllegalArgumentException unreadable) {
            return null;
        }
        return encode(data).equals(text) ? data : null;
    }

    private static String encode(byte[] data) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(data);
    }

    /** The value as an object, or null if it is none. */
    @SuppressWarnings("unchecked") // StrictJson reads every object as a Map<String, Object>
    static Map<String, Object> object(Object value) {
        return value instanceof Map ? (Map<String, Object>) value : null;
    }

    /**
     * The generated model of a receipt that holds. The rule reads {@code issued.at} by its form
     * only; a time of that form that is no calendar time (a 13th month) has no OffsetDateTime, so
     * the model's is null then (its text is in the answer).
     */
    private static Receipt model(Map<String, Object> receipt) {
        Map<String, Object> issued = object(receipt.get("issued"));
        Map<String, Object> read = receipt;
        if (issued != null && !calendarTime((String) issued.get("at"))) {
            read = new LinkedHashMap<>(receipt);
            issued = new LinkedHashMap<>(issued);
            issued.put("at", null);
            read.put("issued", issued);
        }
        return JSON.deserialize(CanonicalJson.write(read), Receipt.class);
    }

    private static boolean calendarTime(String at) {
        try {
            OffsetDateTime.parse(at);
            return true;
        } catch (DateTimeParseException noTime) {
            return false;
        }
    }

    /** {@code sha256:} and the hex SHA-256 of a value's exact canonical form. */
    static String digest(Object value) {
        return "sha256:" + hex(sha256(CanonicalJson.utf8(value)));
    }

    static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException missing) {
            throw new IllegalStateException("every Java has SHA-256", missing);
        }
    }

    static String hex(byte[] data) {
        StringBuilder out = new StringBuilder();
        for (byte b : data) {
            out.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
        }
        return out.toString();
    }
}
