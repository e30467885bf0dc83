package vn.maubinh.client;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The headers of an answer a caller acts on, read into values: the request id (quote it to the
 * operator), the contract's and the model's versions (keep them with a disputed hand), the ETag, a
 * refusal's Retry-After, the tenant's rate-limit windows, and a deprecation's dates.
 */
public final class AnswerHeaders {
    private static final Pattern WINDOW_NAME = Pattern.compile("^\\s*\"([^\"]*)\"");

    private final String requestId;
    private final String apiVersion;
    private final String modelVersion;
    private final String etag;
    private final String cache;
    private final Long retryAfterSeconds;
    private final List<RateLimitWindow> rateLimits;
    private final String deprecation;
    private final String sunset;
    private final Map<String, String> all;

    private AnswerHeaders(Map<String, String> first) {
        all = Collections.unmodifiableMap(first);
        requestId = first.get("x-request-id");
        apiVersion = first.get("x-api-version");
        modelVersion = first.get("x-model-version");
        etag = first.get("etag");
        cache = first.get("x-cache");
        retryAfterSeconds = seconds(first.get("retry-after"));
        deprecation = first.get("deprecation");
        sunset = first.get("sunset");
        rateLimits = windows(first.get("ratelimit-policy"), first.get("ratelimit"));
    }

    /**
     * Reads the headers of an answer as the generated core hands them over.
     *
     * @param headers each header's values, by name in any case
     * @return the values
     */
    public static AnswerHeaders of(Map<String, List<String>> headers) {
        Map<String, String> first = new LinkedHashMap<>();
        if (headers != null) {
            for (Map.Entry<String, List<String>> header : headers.entrySet()) {
                if (header.getKey() != null && header.getValue() != null && !header.getValue().isEmpty()) {
                    first.put(header.getKey().toLowerCase(Locale.ROOT), String.join(", ", header.getValue()));
                }
            }
        }
        return new AnswerHeaders(first);
    }

    private static Long seconds(String text) {
        if (text == null || !text.trim().matches("[0-9]{1,9}")) {
            return null;
        }
        return Long.valueOf(text.trim());
    }

    private static Map<String, Map<String, Long>> members(String header, List<String> names) {
        Map<String, Map<String, Long>> found = new LinkedHashMap<>();
        if (header == null) {
            return found;
        }
        for (String item : header.split(",")) {
            Matcher name = WINDOW_NAME.matcher(item);
            if (!name.find()) {
                continue;
            }
            Map<String, Long> values = new LinkedHashMap<>();
            String[] parts = item.split(";");
            for (int index = 1; index < parts.length; index++) {
                String[] pair = parts[index].trim().split("=", 2);
                if (pair.length == 2 && pair[1].matches("-?[0-9]{1,18}")) {
                    values.put(pair[0], Long.valueOf(pair[1]));
                }
            }
            found.put(name.group(1), values);
            if (!names.contains(name.group(1))) {
                names.add(name.group(1));
            }
        }
        return found;
    }

    private static List<RateLimitWindow> windows(String policyHeader, String stateHeader) {
        List<String> names = new ArrayList<>();
        Map<String, Map<String, Long>> policy = members(policyHeader, names);
        Map<String, Map<String, Long>> state = members(stateHeader, names);
        List<RateLimitWindow> read = new ArrayList<>();
        for (String name : names) {
            Map<String, Long> limit = policy.getOrDefault(name, Collections.<String, Long>emptyMap());
            Map<String, Long> left = state.getOrDefault(name, Collections.<String, Long>emptyMap());
            read.add(new RateLimitWindow(name, limit.getOrDefault("q", -1L), limit.getOrDefault("w", -1L),
                    left.getOrDefault("r", -1L), left.getOrDefault("t", -1L)));
        }
        return Collections.unmodifiableList(read);
    }

    /** @return X-Request-ID: the caller's, or the one the service gave the request */
    public String requestId() {
        return requestId;
    }

    /** @return X-API-Version: the contract the answer follows, e.g. {@code 1.0.0} */
    public String apiVersion() {
        return apiVersion;
    }

    /** @return X-Model-Version: the model the figures come from (pin it with the builder's model) */
    public String modelVersion() {
        return modelVersion;
    }

    /** @return ETag, for If-None-Match on the next GET (null when none) */
    public String etag() {
        return etag;
    }

    /** @return X-Cache: whether the result cache answered ({@code hit}, {@code miss}; null when none) */
    public String cache() {
        return cache;
    }

    /** @return Retry-After in seconds, null when the answer sent none */
    public Long retryAfterSeconds() {
        return retryAfterSeconds;
    }

    /** @return the tenant's limits, as RateLimit-Policy and RateLimit name them (empty when open) */
    public List<RateLimitWindow> rateLimits() {
        return rateLimits;
    }

    /** @return Deprecation (e.g. {@code @1796342400}): the request used something deprecated; null when not */
    public String deprecation() {
        return deprecation;
    }

    /** @return Content-Language: the language of a problem's texts ({@code en} or {@code vi}) */
    public String contentLanguage() {
        return all.get("content-language");
    }

    /**
     * @param name a header's name, in any case
     * @return its value (several joined by ", "), null when the answer has none
     */
    public String get(String name) {
        return all.get(name.toLowerCase(Locale.ROOT));
    }

    /** @return Sunset: the date after which what is deprecated may go; null when none */
    public String sunset() {
        return sunset;
    }
}
