package dev.bundlectl.executor.records;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Names and label values for record Secrets. Package names come from bundles and need not be
 * valid Kubernetes names, so they are made valid here, deterministically: the same package always
 * maps to the same label value, which is what lets a label selector find its records.
 */
public final class RecordNames {

    /** Every record Secret name starts with this. */
    public static final String PREFIX = "bundlectl.";

    private static final int MAX_NAME = 253;
    private static final int MAX_LABEL_VALUE = 63;
    private static final int HASH_CHARS = 10;
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS", Locale.ROOT).withZone(ZoneOffset.UTC);

    private RecordNames() {
    }

    /**
     * The Secret name of the install of {@code packageName} that started at {@code startTime}:
     * {@code bundlectl.<package>.<yyyyMMdd-HHmmss-SSS>} in UTC, a valid DNS subdomain of at most
     * 253 characters. Names of one package sort by start time.
     */
    public static String recordName(String packageName, Instant startTime) {
        Objects.requireNonNull(startTime, "startTime");
        String stamp = "." + STAMP.format(startTime);
        String middle = dnsSubdomain(packageName, MAX_NAME - PREFIX.length() - stamp.length());
        return PREFIX + middle + stamp;
    }

    /**
     * A valid label value (at most 63 characters of {@code [A-Za-z0-9._-]}, alphanumeric at both
     * ends) for {@code value}. Values that had to be changed get a short hash of the original so
     * that two different values do not collide.
     */
    public static String labelValue(String value) {
        Objects.requireNonNull(value, "value");
        String cleaned = value.replaceAll("[^A-Za-z0-9._-]", "-");
        cleaned = trimNonAlphanumeric(cleaned);
        if (cleaned.equals(value) && cleaned.length() <= MAX_LABEL_VALUE) {
            return cleaned;
        }
        String hash = shortHash(value);
        int room = MAX_LABEL_VALUE - hash.length() - 1;
        String head = trimNonAlphanumeric(cleaned.substring(0, Math.min(room, cleaned.length())));
        return head.isEmpty() ? hash : head + "-" + hash;
    }

    /**
     * A valid DNS subdomain (lowercase {@code [a-z0-9.-]}, alphanumeric at both ends of each
     * segment) of at most {@code maxLength} characters for {@code value}; a value that had to be
     * changed or shortened gets a short hash of the original, as {@link #labelValue} does.
     */
    public static String dnsSubdomain(String value, int maxLength) {
        String lower = value == null ? "" : value.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.-]", "-");
        List<String> segments = new ArrayList<>();
        for (String segment : lower.split("\\.")) {
            String trimmed = trimNonAlphanumeric(segment);
            if (!trimmed.isEmpty()) {
                segments.add(trimmed);
            }
        }
        String joined = segments.isEmpty() ? "package" : String.join(".", segments);
        if (!joined.equals(value) || joined.length() > maxLength) {
            // A changed or shortened name gets a hash of the original, so "Foo_Bar" and "foo-bar"
            // started in the same millisecond still get different Secrets.
            String hash = shortHash(value == null ? "" : value);
            int room = maxLength - hash.length() - 1;
            String head = trimNonAlphanumeric(joined.substring(0, Math.min(room, joined.length())));
            joined = head.isEmpty() ? hash : head + "-" + hash;
        }
        return joined;
    }

    private static String trimNonAlphanumeric(String value) {
        int start = 0;
        int end = value.length();
        while (start < end && !isAlphanumeric(value.charAt(start))) {
            start++;
        }
        while (end > start && !isAlphanumeric(value.charAt(end - 1))) {
            end--;
        }
        return value.substring(start, end);
    }

    private static boolean isAlphanumeric(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }

    private static String shortHash(String value) {
        return ManifestDigest.sha256Hex(value).substring(0, HASH_CHARS);
    }
}
