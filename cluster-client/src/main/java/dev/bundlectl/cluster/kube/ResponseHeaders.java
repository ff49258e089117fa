package dev.bundlectl.cluster.kube;

import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the response headers bundlectl acts on: {@code Warning} and {@code Date}. */
final class ResponseHeaders {

    /** RFC 7234 warning: {@code 299 - "text"} (agent "-"; an optional date after the text). */
    private static final Pattern WARNING = Pattern.compile("^\\s*\\d{3}\\s+\\S+\\s+\"((?:[^\"\\\\]|\\\\.)*)\"");

    private ResponseHeaders() {
    }

    /** The texts of {@code Warning} headers; a header that does not follow the form is kept whole. */
    static List<String> warnings(List<String> headers) {
        List<String> texts = new ArrayList<>();
        if (headers == null) {
            return texts;
        }
        for (String header : headers) {
            Matcher matcher = WARNING.matcher(header);
            String text = matcher.find() ? matcher.group(1).replaceAll("\\\\(.)", "$1") : header.strip();
            if (!text.isEmpty() && !texts.contains(text)) {
                texts.add(text);
            }
        }
        return texts;
    }

    /** An HTTP date (RFC 1123), as the {@code Date} and {@code Retry-After} headers carry it. */
    static Optional<Instant> httpDate(String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(ZonedDateTime.parse(value.strip(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant());
        } catch (DateTimeParseException notADate) {
            return Optional.empty();
        }
    }
}
