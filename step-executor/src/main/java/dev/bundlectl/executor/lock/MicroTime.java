package dev.bundlectl.executor.lock;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Optional;

/**
 * Kubernetes' {@code MicroTime}, the type of a Lease's {@code acquireTime} and {@code renewTime}:
 * RFC 3339 with exactly six fractional digits, written in UTC as the API server writes it back.
 */
final class MicroTime {

    private static final DateTimeFormatter FORMAT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private MicroTime() {
    }

    /** {@code instant} as a MicroTime can hold it: to the microsecond. */
    static Instant truncate(Instant instant) {
        return instant.truncatedTo(ChronoUnit.MICROS);
    }

    /** {@code 2026-11-27T18:01:02.123456Z}. */
    static String format(Instant instant) {
        return FORMAT.format(instant);
    }

    /** The instant in {@code text} (any RFC 3339 offset and precision); empty when it is missing or not a time. */
    static Optional<Instant> parse(String text) {
        if (text == null || text.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant());
        } catch (DateTimeParseException notATime) {
            return Optional.empty();
        }
    }
}
