package vn.maubinh.client;

/**
 * One of a tenant's limits as {@code RateLimit-Policy} and {@code RateLimit} state it; a member the
 * answer did not send is -1.
 */
public final class RateLimitWindow {
    private final String name;
    private final long quota;
    private final long window;
    private final long remaining;
    private final long reset;

    RateLimitWindow(String name, long quota, long window, long remaining, long reset) {
        this.name = name;
        this.quota = quota;
        this.window = window;
        this.remaining = remaining;
        this.reset = reset;
    }

    /** @return the limit's name, e.g. {@code "100000-per-1-minute"} */
    public String name() {
        return name;
    }

    /** @return the cost units the window holds ({@code q}) */
    public long quota() {
        return quota;
    }

    /** @return the window's length in seconds ({@code w}) */
    public long window() {
        return window;
    }

    /** @return the cost units left in it ({@code r}) */
    public long remaining() {
        return remaining;
    }

    /** @return the seconds until it is whole again ({@code t}) */
    public long reset() {
        return reset;
    }

    @Override
    public String toString() {
        return name + ";q=" + quota + ";w=" + window + ";r=" + remaining + ";t=" + reset;
    }
}
