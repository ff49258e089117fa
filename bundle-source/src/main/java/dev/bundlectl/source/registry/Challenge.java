package dev.bundlectl.source.registry;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code WWW-Authenticate} challenge: {@code Bearer realm="...",service="...",scope="..."} or
 * {@code Basic realm="..."}.
 *
 * @param scheme lower case, {@code bearer} or {@code basic}
 * @param parameters the challenge's parameters, names in lower case
 */
public record Challenge(String scheme, Map<String, String> parameters) {

    private static final Pattern PARAMETER = Pattern.compile("\\s*([a-zA-Z_][a-zA-Z0-9_-]*)\\s*=\\s*(?:\"((?:[^\"\\\\]|\\\\.)*)\"|([^,\\s]*))\\s*,?");

    public Challenge {
        parameters = Map.copyOf(parameters);
    }

    /** Parses the header; empty when it names no scheme. */
    public static Optional<Challenge> parse(String header) {
        if (header == null || header.isBlank()) {
            return Optional.empty();
        }
        String trimmed = header.strip();
        int space = trimmed.indexOf(' ');
        String scheme = (space < 0 ? trimmed : trimmed.substring(0, space)).toLowerCase(Locale.ROOT);
        Map<String, String> parameters = new LinkedHashMap<>();
        if (space > 0) {
            Matcher matcher = PARAMETER.matcher(trimmed.substring(space + 1));
            while (matcher.lookingAt()) {
                String value = matcher.group(2) != null ? matcher.group(2).replaceAll("\\\\(.)", "$1") : matcher.group(3);
                parameters.put(matcher.group(1).toLowerCase(Locale.ROOT), value);
                matcher.region(matcher.end(), matcher.regionEnd());
            }
        }
        return Optional.of(new Challenge(scheme, parameters));
    }

    public String parameter(String name) {
        return parameters.get(name);
    }
}
