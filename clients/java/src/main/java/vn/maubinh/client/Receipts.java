package vn.maubinh.client;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import org.bouncycastle.crypto.params.Ed25519PublicKeyParameters;
import org.bouncycastle.crypto.signers.Ed25519Signer;
import org.erdtman.jcs.JsonCanonicalizer;
import vn.maubinh.client.core.JSON;
import vn.maubinh.client.model.Receipt;

/**
 * The offline check of a settlement's receipt (docs/integrating.md, "Receipts"): the request's and
 * the answer's digests (SHA-256 of their RFC 8785 forms), the id made of the receipt's fields, and
 * the Ed25519 signature (a compact JWS) under the deployment's key set, GET /.well-known/jwks.json.
 */
public final class Receipts {
    private static final String[] CLAIMS = {"operation", "request_digest", "answer_digest", "fingerprints", "model", "release"};

    private Receipts() {}

    /**
     * Checks the receipt of a settlement's answer.
     *
     * @param requestText the request's JSON as sent ({@link Answer#requestText()}), in any key order
     * @param answerText the answer's JSON as received ({@link Answer#text()})
     * @param keysText the deployment's key set, the JSON of GET /.well-known/jwks.json
     * @param requireSignature refuse an unsigned receipt
     * @return the receipt
     * @throws ReceiptException a part of it does not hold (which: {@link ReceiptException#reason()})
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
     * @param requireSignature refuse an unsigned receipt
     * @param tenant the tenant it must have been issued to ({@code issued.tenant}); null: any tenant's
     * @return the receipt
     * @throws ReceiptException a part of it does not hold (which: {@link ReceiptException#reason()})
     */
    public static Receipt verify(
            String requestText, String answerText, String keysText, boolean requireSignature, String tenant)
            throws ReceiptException {
        // Strict JSON first (RFC 8785's reader: a member named twice, a comment, single quotes or NaN
        // is refused): Gson keeps the last of two members of one name, so a forged "net" placed
        // before the genuine one would otherwise hide.
        strict(requestText, "the request");
        strict(answerText, "the answer");
        JsonObject answer = object(answerText, "the answer is not a JSON object");
        if (!answer.has("receipt") || !answer.get("receipt").isJsonObject()) {
            throw new ReceiptException("the answer has no receipt");
        }
        JsonObject claims = answer.getAsJsonObject("receipt");
        Receipt receipt = new JSON().deserialize(claims.toString(), Receipt.class);
        if (!digest(requestText).equals(receipt.getRequestDigest())) {
            throw new ReceiptException("request_digest is not the request's");
        }
        JsonObject rest = answer.deepCopy();
        rest.remove("receipt");
        if (!digest(rest.toString()).equals(receipt.getAnswerDigest())) {
            throw new ReceiptException("answer_digest is not the answer's");
        }
        JsonObject signed = new JsonObject();
        for (String name : CLAIMS) {
            signed.add(name, claims.has(name) ? claims.get(name) : JsonNull.INSTANCE);
        }
        if (!("rct-" + digest(signed.toString()).substring("sha256:".length(), "sha256:".length() + 32)).equals(receipt.getId())) {
            throw new ReceiptException("id is not made of the receipt's fields");
        }
        // Whose and when (from 1.1; a receipt made before has no issue), read as sent: its time's text.
        JsonObject issued = null;
        if (claims.has("issued")) {
            JsonElement found = claims.get("issued");
            issued = found.isJsonObject() ? found.getAsJsonObject() : null;
            if (issued == null || text(issued, "tenant") == null || text(issued, "at") == null) {
                throw new ReceiptException("its issue does not read");
            }
        }
        if (tenant != null && issued == null) {
            throw new ReceiptException("it names no tenant");
        }
        if (tenant != null && !tenant.equals(text(issued, "tenant"))) {
            throw new ReceiptException("it was issued to " + text(issued, "tenant"));
        }
        if (receipt.getSignature() == null) {
            if (requireSignature) {
                throw new ReceiptException("it is unsigned");
            }
            return receipt;
        }
        signed.add("id", claims.get("id"));
        verifySignature(receipt.getSignature(), canonical(signed.toString()), receipt.getKeyId(), keysText, "the signature");
        if (issued != null) {
            if (text(issued, "signature") == null) {
                throw new ReceiptException("its issue is unsigned");
            }
            JsonObject issue = new JsonObject();
            issue.add("at", issued.get("at"));
            issue.add("receipt", claims.get("id"));
            issue.add("tenant", issued.get("tenant"));
            verifySignature(text(issued, "signature"), canonical(issue.toString()), receipt.getKeyId(), keysText,
                    "the issue's signature");
        }
        return receipt;
    }

    private static void verifySignature(String token, String payload, String keyId, String keysText, String what)
            throws ReceiptException {
        String[] parts = token.split("\\.", -1);
        if (parts.length != 3) {
            throw new ReceiptException("the signature is not a compact JWS");
        }
        JsonObject header;
        byte[] body;
        byte[] signature;
        try {
            header = object(new String(Base64.getUrlDecoder().decode(parts[0]), StandardCharsets.UTF_8), "");
            body = Base64.getUrlDecoder().decode(parts[1]);
            signature = Base64.getUrlDecoder().decode(parts[2]);
        } catch (IllegalArgumentException | ReceiptException unreadable) {
            throw new ReceiptException("the signature is not a compact JWS");
        }
        String kid = text(header, "kid");
        if (!"EdDSA".equals(text(header, "alg")) || keyId == null || !keyId.equals(kid)) {
            throw new ReceiptException(what + " is of other fields");
        }
        JsonElement keys = object(keysText, "the key set does not read").get("keys");
        if (keys == null || !keys.isJsonArray()) {
            throw new ReceiptException("the key set does not read");
        }
        for (JsonElement key : (JsonArray) keys) {
            if (!key.isJsonObject() || !kid.equals(text(key.getAsJsonObject(), "kid"))) {
                continue;
            }
            if (!kid.equals(thumbprint(key.getAsJsonObject()))) {
                // A foreign key under the deployment's id is not the deployment's.
                throw new ReceiptException("key " + kid + " is not the key its id names");
            }
            byte[] x = publicKey(key.getAsJsonObject(), kid);
            Ed25519Signer verifier = new Ed25519Signer();
            verifier.init(false, new Ed25519PublicKeyParameters(x, 0));
            byte[] input = (parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII);
            verifier.update(input, 0, input.length);
            if (!verifier.verifySignature(signature)) {
                throw new ReceiptException(what + " is not the key's");
            }
            if (!payload.equals(new String(body, StandardCharsets.UTF_8))) {
                throw new ReceiptException(what + " is of other fields");
            }
            return;
        }
        throw new ReceiptException("no key " + kid + " in the key set");
    }

    private static byte[] publicKey(JsonObject key, String kid) throws ReceiptException {
        try {
            byte[] x = Base64.getUrlDecoder().decode(text(key, "x") == null ? "" : text(key, "x"));
            if (x.length == Ed25519PublicKeyParameters.KEY_SIZE) {
                return x;
            }
        } catch (IllegalArgumentException unreadable) {
            // not base64url: said below
        }
        throw new ReceiptException("key " + kid + " is not an Ed25519 key");
    }

    /** An Ed25519 key's RFC 7638 thumbprint, base64url: the id the key set must name it by. */
    private static String thumbprint(JsonObject key) throws ReceiptException {
        JsonObject members = new JsonObject();
        for (String name : new String[] {"crv", "kty", "x"}) {
            members.add(name, key.has(name) ? key.get(name) : JsonNull.INSTANCE);
        }
        try {
            byte[] sum = MessageDigest.getInstance("SHA-256")
                    .digest(canonical(members.toString()).getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(sum);
        } catch (NoSuchAlgorithmException missing) {
            throw new IllegalStateException("every Java has SHA-256", missing);
        }
    }

    private static String text(JsonObject object, String name) {
        JsonElement value = object.get(name);
        return value != null && value.isJsonPrimitive() ? value.getAsString() : null;
    }

    private static JsonObject object(String text, String failure) throws ReceiptException {
        try {
            JsonElement parsed = JsonParser.parseString(text);
            if (parsed.isJsonObject()) {
                return parsed.getAsJsonObject();
            }
        } catch (RuntimeException unreadable) {
            // said below
        }
        throw new ReceiptException(failure);
    }

    private static void strict(String text, String what) throws ReceiptException {
        try {
            new JsonCanonicalizer(text);
        } catch (IOException | RuntimeException refused) {
            throw new ReceiptException(what + " is not strict JSON (a member named twice, a comment, NaN...)");
        }
    }

    /** The RFC 8785 form of a JSON text. */
    static String canonical(String text) throws ReceiptException {
        try {
            return new JsonCanonicalizer(text).getEncodedString();
        } catch (IOException | RuntimeException unreadable) {
            throw new ReceiptException("a JSON text has no canonical form");
        }
    }

    /** {@code sha256:} and the hex SHA-256 of a JSON text's canonical form. */
    static String digest(String text) throws ReceiptException {
        try {
            byte[] sum = MessageDigest.getInstance("SHA-256").digest(canonical(text).getBytes(StandardCharsets.UTF_8));
            StringBuilder hex = new StringBuilder("sha256:");
            for (byte b : sum) {
                hex.append(String.format("%02x", b & 0xff));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException missing) {
            throw new IllegalStateException("every Java has SHA-256", missing);
        }
    }
}
