package vn.maubinh.client;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Strict JSON, as a dispute needs it: a text that two readers could read two ways is refused
 * (docs/integrating.md, "Verifying a receipt", step 1). RFC 8259's grammar and nothing more (no
 * comments, single quotes, trailing commas, NaN, Infinity, byte order mark, leading zeros, second
 * value, raw control character in a string), no object naming a member twice and no lone surrogate.
 *
 * <p>A value reads as a {@code Map<String, Object>} (members in their order), a {@code List<Object>},
 * a {@code String}, a {@code BigInteger} (a literal with neither fraction nor exponent), a
 * {@code BigDecimal} (any other number: the literal's exact value, never through a double), a
 * {@code Boolean} or {@code null}. Arrays and objects nest at most {@value #DEEPEST} deep, and an
 * exponent is at most {@value #LARGEST_EXPONENT} either way. Gson's and the canonicalizer's readers are lenient and read
 * doubles, so neither can judge a stored text.
 */
final class StrictJson {
    /** Deeper nesting is refused, as by every client's reader: a verifier answers, it does not overflow its stack. */
    static final int DEEPEST = 200;
    /** The largest exponent a number may be written with, either way (leading zeros aside), as in every client. */
    static final int LARGEST_EXPONENT = 999_999_999;

    /** A text that is not strict JSON; the message says why. */
    static final class NotStrict extends Exception {
        private static final long serialVersionUID = 1L;

        NotStrict(String why) {
            super(why);
        }
    }

    private final String text;
    private int at;

    private StrictJson(String text) {
        this.text = text;
    }

    /** The value of {@code text}, read strictly. */
    static Object read(String text) throws NotStrict {
        if (text == null) {
            throw new NotStrict("no text");
        }
        StrictJson reader = new StrictJson(text);
        reader.space();
        Object value = reader.value(0);
        reader.space();
        if (reader.at != text.length()) {
            throw reader.refused("more than one value");
        }
        return value;
    }

    /** The value of UTF-8 {@code bytes}, read strictly (a byte that is not UTF-8 is refused). */
    static Object read(byte[] bytes) throws NotStrict {
        try {
            return read(StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException notUtf8) {
            throw new NotStrict("not UTF-8");
        }
    }

    private Object value(int depth) throws NotStrict {
        if (at == text.length()) {
            throw refused("a value is missing");
        }
        switch (text.charAt(at)) {
            case '{':
                return object(depth + 1);
            case '[':
                return array(depth + 1);
            case '"':
                return string();
            case 't':
                return word("true", Boolean.TRUE);
            case 'f':
                return word("false", Boolean.FALSE);
            case 'n':
                return word("null", null);
            default:
                return number();
        }
    }

    private Map<String, Object> object(int depth) throws NotStrict {
        nest(depth);
        Map<String, Object> members = new LinkedHashMap<>();
        space();
        if (next('}')) {
            return members;
        }
        do {
            space();
            if (at == text.length() || text.charAt(at) != '"') {
                throw refused("a member's name is not a string");
            }
            String name = string();
            // Which of two members of one name would a reader keep? A forged one placed first hides.
            if (members.containsKey(name)) {
                throw refused("a member named twice: " + name);
            }
            space();
            expect(':');
            space();
            members.put(name, value(depth));
            space();
        } while (next(','));
        expect('}');
        return members;
    }

    private List<Object> array(int depth) throws NotStrict {
        nest(depth);
        List<Object> items = new ArrayList<>();
        space();
        if (next(']')) {
            return items;
        }
        do {
            space();
            items.add(value(depth));
            space();
        } while (next(','));
        expect(']');
        return items;
    }

    private void nest(int depth) throws NotStrict {
        if (depth > DEEPEST) {
            throw refused("nested more than " + DEEPEST + " deep");
        }
        at++;
    }

    private String string() throws NotStrict {
        StringBuilder out = new StringBuilder();
        at++;
        while (true) {
            if (at == text.length()) {
                throw refused("a string does not end");
            }
            char c = text.charAt(at++);
            if (c == '"') {
                return out.toString();
            } else if (c == '\\') {
                escape(out);
            } else if (c < 0x20) {
                throw refused("a raw control character in a string");
            } else if (Character.isSurrogate(c)) {
                // A raw pair is one character; a half alone has no UTF-8 form.
                if (!Character.isHighSurrogate(c) || at == text.length() || !Character.isLowSurrogate(text.charAt(at))) {
                    throw refused("a lone surrogate");
                }
                out.append(c).append(text.charAt(at++));
            } else {
                out.append(c);
            }
        }
    }

    private void escape(StringBuilder out) throws NotStrict {
        char c = at < text.length() ? text.charAt(at++) : 0;
        switch (c) {
            case '"': case '\\': case '/':
                out.append(c);
                return;
            case 'b': out.append('\b'); return;
            case 'f': out.append('\f'); return;
            case 'n': out.append('\n'); return;
            case 'r': out.append('\r'); return;
            case 't': out.append('\t'); return;
            case 'u':
                unicode(out);
                return;
            default:
                throw refused("an escape that JSON has not");
        }
    }

    /** {@code \}{@code uXXXX}: a surrogate only as half of an escaped pair ({@code \}{@code ud83d\}{@code ude00}). */
    private void unicode(StringBuilder out) throws NotStrict {
        char unit = hex();
        if (Character.isHighSurrogate(unit) && text.startsWith("\\u", at)) {
            int pair = at;
            at += 2;
            char low = hex();
            if (Character.isLowSurrogate(low)) {
                out.append(unit).append(low);
                return;
            }
            at = pair;
        }
        if (Character.isSurrogate(unit)) {
            throw refused("a lone surrogate (\\ud800 to \\udfff alone)");
        }
        out.append(unit);
    }

    private char hex() throws NotStrict {
        int unit = 0;
        for (int digit = 0; digit < 4; digit++) {
            char c = at < text.length() ? text.charAt(at++) : 0;
            // ASCII only: Character.digit would take other scripts' digits.
            int value = "0123456789abcdef".indexOf(Character.toLowerCase(c));
            if (c > 0x7f || value < 0) {
                throw refused("a \\u escape of other than four hexadecimal digits");
            }
            unit = unit * 16 + value;
        }
        return (char) unit;
    }

    private Number number() throws NotStrict {
        int start = at;
        next('-');
        if (!next('0')) {
            if (at == text.length() || text.charAt(at) < '1' || text.charAt(at) > '9') {
                throw refused("not a JSON value");
            }
            digits();
        }
        boolean integer = true;
        if (next('.')) {
            integer = false;
            digits();
        }
        if (next('e') || next('E')) {
            integer = false;
            if (!next('+')) {
                next('-');
            }
            exponent();
        }
        String literal = text.substring(start, at);
        try {
            return integer ? new BigInteger(literal) : new BigDecimal(literal);
        } catch (NumberFormatException beyond) {
            throw refused("a number beyond BigDecimal's scale"); // billions of fraction digits
        }
    }

    /** An exponent's digits, its value within {@link #LARGEST_EXPONENT} (leading zeros are allowed). */
    private void exponent() throws NotStrict {
        int start = at;
        digits();
        String value = text.substring(start, at).replaceFirst("^0+", "");
        if (value.length() > 9 || !value.isEmpty() && Integer.parseInt(value) > LARGEST_EXPONENT) {
            throw refused("a number whose exponent is beyond " + LARGEST_EXPONENT);
        }
    }

    /** One digit or more. */
    private void digits() throws NotStrict {
        int start = at;
        while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
            at++;
        }
        if (at == start) {
            throw refused("a digit is missing");
        }
    }

    private Object word(String word, Object value) throws NotStrict {
        if (!text.startsWith(word, at)) {
            throw refused("not a JSON value");
        }
        at += word.length();
        return value;
    }

    private void space() {
        while (at < text.length() && " \t\n\r".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
    }

    private boolean next(char c) {
        if (at < text.length() && text.charAt(at) == c) {
            at++;
            return true;
        }
        return false;
    }

    private void expect(char c) throws NotStrict {
        if (!next(c)) {
            throw refused("'" + c + "' expected");
        }
    }

    private NotStrict refused(String why) {
        return new NotStrict(why + " at character " + at);
    }
}
