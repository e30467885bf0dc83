package vn.maubinh.client;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.erdtman.jcs.NumberToJSON;

/**
 * The exact canonical form of a value read by {@link StrictJson}, or built of the same kinds (an
 * Integer or a Long too) (docs/integrating.md, "Verifying a receipt"): RFC 8785 (JCS) strings and
 * member order, and a number written as RFC 8785 writes the double nearest it only when that
 * text's exact value is the number's; else its exact value. The service digests a request this
 * way, so a number no double holds still has its own digest.
 */
final class CanonicalJson {
    /** Beyond this decimal exponent the exact form is scientific, as the service writes it. */
    private static final int PLAIN_EXPONENT = 64;

    private CanonicalJson() {}

    /** The canonical form's UTF-8 bytes. */
    static byte[] utf8(Object value) {
        return write(value).getBytes(StandardCharsets.UTF_8);
    }

    /** The canonical form. */
    static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    private static void write(Object value, StringBuilder out) {
        if (value == null || value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof String) {
            string((String) value, out);
        } else if (value instanceof BigDecimal) {
            out.append(number((BigDecimal) value));
        } else if (value instanceof BigInteger) {
            out.append(number(new BigDecimal((BigInteger) value)));
        } else if (value instanceof Integer || value instanceof Long) {
            out.append(number(BigDecimal.valueOf(((Number) value).longValue())));
        } else if (value instanceof Map) {
            object((Map<?, ?>) value, out);
        } else if (value instanceof List) {
            out.append('[');
            String comma = "";
            for (Object item : (List<?>) value) {
                write(item, out.append(comma));
                comma = ",";
            }
            out.append(']');
        } else {
            throw new IllegalArgumentException("not a JSON value: " + value.getClass().getName());
        }
    }

    private static void object(Map<?, ?> members, StringBuilder out) {
        List<String> names = new ArrayList<>();
        for (Object name : members.keySet()) {
            names.add((String) name);
        }
        // String's order is that of UTF-16 code units, RFC 8785's.
        Collections.sort(names);
        out.append('{');
        String comma = "";
        for (String name : names) {
            string(name, out.append(comma));
            write(members.get(name), out.append(':'));
            comma = ",";
        }
        out.append('}');
    }

    /** RFC 8785's string: only the quote, the backslash and control characters are escaped. */
    private static void string(String text, StringBuilder out) {
        out.append('"');
        for (int index = 0; index < text.length(); index++) {
            char c = text.charAt(index);
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\b': out.append("\\b"); break;
                case '\f': out.append("\\f"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                default:
                    if (c < 0x20) {
                        out.append("\\u00").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xf, 16));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }

    /**
     * A number's text: RFC 8785's of the nearest double when that text has the exact value (as for
     * anything a JSON writer wrote: {@code 0.03}, {@code 1e-7}, {@code -0.0} written {@code 0}); else
     * the exact value without trailing zeros, plain ({@code 0.10000000000000000555}) when its decimal
     * exponent is within -64..64, else scientific as Python's Decimal writes it ({@code 1e-400},
     * {@code 1.5e+400}).
     */
    static String number(BigDecimal exact) {
        double nearest = Double.parseDouble(exact.toString());
        if (!Double.isInfinite(nearest)) {
            String written = javascript(nearest);
            if (new BigDecimal(written).compareTo(exact) == 0) {
                return written;
            }
        }
        BigDecimal plain = exact.stripTrailingZeros();
        long exponent = (long) plain.precision() - plain.scale() - 1;
        if (Math.abs(exponent) <= PLAIN_EXPONENT) {
            return plain.toPlainString();
        }
        // A stripped value's toString follows the rule of Python's str(Decimal), the service's: plain
        // for a long integer, else "1.5E+400", "1E-400".
        return plain.toString().toLowerCase(Locale.ROOT);
    }

    private static String javascript(double finite) {
        try {
            return NumberToJSON.serializeNumber(finite);
        } catch (IOException nanOrInfinity) {
            throw new IllegalStateException("a finite double has an RFC 8785 form", nanOrInfinity);
        }
    }
}
