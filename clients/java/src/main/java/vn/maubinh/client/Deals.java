package vn.maubinh.client;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import vn.maubinh.client.core.JSON;
import vn.maubinh.client.model.Deal;

/**
 * The offline check of a deal (docs/integrating.md, "Deals anyone can check"): that the seed the
 * service revealed ({@code POST /v1/deals/{deal_id}}) is the one it committed to
 * ({@code POST /v1/deals}) before the client seeds were known, that the seeds deal the deck shown,
 * and that the commitment is the deployment's. Nothing is asked of the service. A refusal's
 * {@link DealException#code()} is that of the first step that fails, the same in every client
 * (tests/conformance/deals.json holds them to it).
 */
public final class Deals {
    /** The shuffle this client knows; a later one gets another name. */
    public static final String SHUFFLE = "hmac-sha256-fisher-yates-1";
    /** The deck before the shuffle: ranks 2 to ace, each in spades, hearts, diamonds, clubs. */
    public static final List<String> DECK = deck();

    private static final String COMMITMENT_TYPE = "maubinh-deal-commitment+jws";
    /** The fields the commitment's signature is of. */
    private static final String[] COMMITTED = {"at", "deal_id", "server_seed_hash", "shuffle", "tenant"};
    private static final String NO_KEYS = "{\"keys\":[]}";
    private static final long WORDS = 1L << 32;

    private static final Pattern DEAL_ID = Pattern.compile("deal-[0-9a-f]{8}-[0-9a-f]{32}");
    private static final Pattern CLIENT_SEED = Pattern.compile("[\\x21-\\x7e]{1,128}");
    private static final Pattern HEX_SEED = Pattern.compile("[0-9a-f]{64}");
    private static final Pattern SEED_HASH = Pattern.compile("sha256:[0-9a-f]{64}");
    private static final Pattern AT = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z");
    private static final Pattern CARD = Pattern.compile("[2-9TJQKA][shdc]");

    private Deals() {}

    /**
     * Checks a deal against its commitment.
     *
     * @param commitmentText the JSON of {@code POST /v1/deals}'s answer ({@link Answer#text()})
     * @param dealText the JSON of {@code POST /v1/deals/{deal_id}}'s answer
     * @param keysText the deployment's key set, the JSON of GET /.well-known/jwks.json (null: none)
     * @param requireSignature refuse an unsigned commitment (else its deal is checked all the same)
     * @return the deal
     * @throws DealException it does not hold ({@link DealException#code()}: the step that failed)
     */
    public static Deal verify(String commitmentText, String dealText, String keysText, boolean requireSignature)
            throws DealException {
        return verify(commitmentText, dealText, keysText, requireSignature, null);
    }

    /**
     * Checks a deal against its commitment, and that it was committed for {@code tenant}.
     *
     * @param commitmentText the JSON of {@code POST /v1/deals}'s answer ({@link Answer#text()})
     * @param dealText the JSON of {@code POST /v1/deals/{deal_id}}'s answer
     * @param keysText the deployment's key set, the JSON of GET /.well-known/jwks.json (null: none)
     * @param requireSignature refuse an unsigned commitment (else its deal is checked all the same)
     * @param tenant the tenant it must have been committed for; null: any tenant's
     * @return the deal
     * @throws DealException it does not hold ({@link DealException#code()}: the step that failed)
     */
    public static Deal verify(
            String commitmentText, String dealText, String keysText, boolean requireSignature, String tenant)
            throws DealException {
        Object commitment;
        Object deal;
        try {
            commitment = StrictJson.read(commitmentText);
            deal = StrictJson.read(dealText);
        } catch (StrictJson.NotStrict unreadable) {
            throw new DealException("deal_fields", "the commitment or the deal does not read");
        }
        return JSON.deserialize(CanonicalJson.write(verified(commitment, deal, keysText, tenant, requireSignature)), Deal.class);
    }

    /**
     * The check on values read strictly (a hand record's deal): the deal, as read, when it holds.
     */
    static Map<String, Object> verified(
            Object commitmentValue, Object dealValue, String keysText, String tenant, boolean requireSignature)
            throws DealException {
        Map<String, Object> commitment = Receipts.object(commitmentValue);
        Map<String, Object> deal = Receipts.object(dealValue);
        if (commitment == null || deal == null || !commitmentReads(commitment) || !dealReads(deal)) {
            throw new DealException("deal_fields", "the commitment or the deal does not read");
        }
        if (tenant != null && !tenant.equals(commitment.get("tenant"))) {
            throw new DealException("tenant", "it was committed for " + commitment.get("tenant"));
        }
        if (!deal.get("deal_id").equals(commitment.get("deal_id"))) {
            throw new DealException("deal_id", "the deal is " + deal.get("deal_id") + ", the commitment " + commitment.get("deal_id"));
        }
        if (!SHUFFLE.equals(commitment.get("shuffle")) || !SHUFFLE.equals(deal.get("shuffle"))) {
            throw new DealException("shuffle", "the shuffle is not " + SHUFFLE);
        }
        checkDealt(commitment, deal);
        if (commitment.get("signature") == null) {
            if (requireSignature) {
                throw new DealException("unsigned", "the commitment is unsigned");
            }
            return deal;
        }
        checkSignature(commitment, keysText == null ? NO_KEYS : keysText);
        return deal;
    }

    /** The seed revealed is the one committed to, and it deals the deck and the hands shown. */
    private static void checkDealt(Map<String, Object> commitment, Map<String, Object> deal) throws DealException {
        byte[] seed = unhex((String) deal.get("server_seed"));
        String found = "sha256:" + Receipts.hex(Receipts.sha256(seed));
        Object committed = commitment.get("server_seed_hash");
        if (!found.equals(committed) || !deal.get("server_seed_hash").equals(committed)) {
            throw new DealException("server_seed", "the server seed revealed is not the one committed to");
        }
        List<String> deck = shuffledDeck(seed, (String) deal.get("deal_id"), strings(deal.get("client_seeds")));
        if (!deck.equals(deal.get("deck"))) {
            throw new DealException("deck", "the seeds deal another deck");
        }
        if (!dealtHands(deck, ((BigInteger) deal.get("seats")).intValue()).equals(deal.get("hands"))) {
            throw new DealException("hands", "the hands are not the deck's, 13 a seat in order");
        }
    }

    /** The commitment's signature: a compact JWS by the deployment's key, of the committed fields. */
    private static void checkSignature(Map<String, Object> commitment, String keysText) throws DealException {
        Map<String, Object> committed = new LinkedHashMap<>();
        for (String name : COMMITTED) {
            committed.put(name, commitment.get(name));
        }
        String keyId = (String) commitment.get("key_id");
        try {
            byte[] key = Receipts.signingKey(keysText, keyId);
            Receipts.checkJws((String) commitment.get("signature"), committed, keyId, key, COMMITMENT_TYPE, "its signature");
        } catch (ReceiptException refused) {
            throw new DealException(refused.code(), refused.reason());
        }
    }

    /**
     * The deck the seeds deal: Fisher-Yates from the last place down, each index drawn by rejection
     * from HMAC-SHA256(server seed, "maubinh-deal-1", the deal id, each client seed, the block
     * number; one a line) read as big-endian 32-bit words.
     *
     * @param serverSeed the server seed's 32 bytes (the deal's {@code server_seed}, hex-decoded)
     * @param dealId the deal's id
     * @param clientSeeds the client seeds, in the order given (ASCII)
     * @return the 52 cards, shuffled
     */
    public static List<String> shuffledDeck(byte[] serverSeed, String dealId, List<String> clientSeeds) {
        List<String> deck = new ArrayList<>(DECK);
        Words words = new Words(serverSeed, dealId, clientSeeds);
        for (int place = deck.size() - 1; place > 0; place--) {
            long span = place + 1;
            // Words at or above the largest multiple of span are drawn again: no index is likelier.
            long limit = WORDS - WORDS % span;
            long word = words.next();
            while (word >= limit) {
                word = words.next();
            }
            Collections.swap(deck, place, (int) (word % span));
        }
        return deck;
    }

    /**
     * The hands a deck deals: seat {@code k} (from 0) gets the cards {@code 13k} to {@code 13k + 12}.
     *
     * @param deck the shuffled deck
     * @param seats how many seats are dealt
     * @return each seat's cards, seat 0 first
     */
    public static List<List<String>> dealtHands(List<String> deck, int seats) {
        List<List<String>> hands = new ArrayList<>();
        for (int seat = 0; seat < seats; seat++) {
            int from = Math.min(13 * seat, deck.size());
            hands.add(new ArrayList<>(deck.subList(from, Math.min(from + 13, deck.size()))));
        }
        return hands;
    }

    /** The HMAC stream's 32-bit words, block after block. */
    private static final class Words {
        private final Mac mac;
        private final String prefix;
        private long block;
        private byte[] digest = new byte[0];
        private int at;

        Words(byte[] serverSeed, String dealId, List<String> clientSeeds) {
            StringBuilder lines = new StringBuilder("maubinh-deal-1\n").append(dealId).append('\n');
            for (String seed : clientSeeds) {
                lines.append(seed).append('\n');
            }
            prefix = lines.toString();
            if (!StandardCharsets.US_ASCII.newEncoder().canEncode(prefix)) {
                throw new IllegalArgumentException("a deal id and its client seeds are ASCII");
            }
            try {
                mac = Mac.getInstance("HmacSHA256");
                mac.init(new SecretKeySpec(serverSeed, "HmacSHA256"));
            } catch (NoSuchAlgorithmException | InvalidKeyException missing) {
                throw new IllegalStateException("every Java has HMAC-SHA256", missing);
            }
        }

        long next() {
            if (at == digest.length) {
                digest = mac.doFinal((prefix + block++).getBytes(StandardCharsets.US_ASCII));
                at = 0;
            }
            long word = 0;
            for (int index = 0; index < 4; index++) {
                word = (word << 8) | (digest[at++] & 0xff);
            }
            return word;
        }
    }

    private static List<String> deck() {
        List<String> cards = new ArrayList<>();
        for (char rank : "23456789TJQKA".toCharArray()) {
            for (char suit : "shdc".toCharArray()) {
                cards.add(new String(new char[] {rank, suit}));
            }
        }
        return Collections.unmodifiableList(cards);
    }

    private static boolean commitmentReads(Map<String, Object> commitment) {
        Object keyId = commitment.get("key_id");
        Object signature = commitment.get("signature");
        Object tenant = commitment.get("tenant");
        return text(commitment.get("deal_id"), DEAL_ID)
                && commitment.get("shuffle") instanceof String
                && text(commitment.get("server_seed_hash"), SEED_HASH)
                && tenant instanceof String && !((String) tenant).isEmpty()
                && text(commitment.get("at"), AT)
                && commitment.containsKey("key_id") && (keyId == null || keyId instanceof String)
                && commitment.containsKey("signature") && (signature == null || signature instanceof String)
                && Boolean.valueOf(signature != null).equals(commitment.get("signed"))
                && (signature == null || keyId != null);
    }

    private static boolean dealReads(Map<String, Object> deal) {
        Object seeds = deal.get("client_seeds");
        Object seats = deal.get("seats");
        Object hands = deal.get("hands");
        return text(deal.get("deal_id"), DEAL_ID)
                && deal.get("shuffle") instanceof String
                && text(deal.get("server_seed"), HEX_SEED)
                && text(deal.get("server_seed_hash"), SEED_HASH)
                && seeds instanceof List && !((List<?>) seeds).isEmpty() && ((List<?>) seeds).size() <= 8
                && ((List<?>) seeds).stream().allMatch(seed -> text(seed, CLIENT_SEED))
                && seats instanceof BigInteger
                && ((BigInteger) seats).compareTo(BigInteger.valueOf(2)) >= 0
                && ((BigInteger) seats).compareTo(BigInteger.valueOf(4)) <= 0
                && cards(deal.get("deck"), 52)
                && hands instanceof List && ((List<?>) hands).stream().allMatch(hand -> cards(hand, 13));
    }

    private static boolean text(Object value, Pattern form) {
        return value instanceof String && form.matcher((String) value).matches();
    }

    /** Whether {@code value} is a list of {@code count} cards, each in the service's notation. */
    static boolean cards(Object value, int count) {
        return value instanceof List && ((List<?>) value).size() == count
                && ((List<?>) value).stream().allMatch(card -> text(card, CARD));
    }

    private static List<String> strings(Object list) {
        List<String> strings = new ArrayList<>();
        for (Object item : (List<?>) list) {
            strings.add((String) item);
        }
        return strings;
    }

    private static byte[] unhex(String hex) {
        byte[] bytes = new byte[hex.length() / 2];
        for (int index = 0; index < bytes.length; index++) {
            bytes[index] = (byte) Integer.parseInt(hex.substring(2 * index, 2 * index + 2), 16);
        }
        return bytes;
    }
}
