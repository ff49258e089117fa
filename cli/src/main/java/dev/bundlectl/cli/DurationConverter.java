package dev.bundlectl.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Parses kubectl-style durations: {@code 500ms}, {@code 60s}, {@code 5m}, {@code 1h}, {@code 1m30s}. */
final class DurationConverter implements ITypeConverter<Duration> {

    private static final Pattern PART = Pattern.compile("(\\d+)(ms|s|m|h)");

    @Override
    public Duration convert(String value) {
        Matcher matcher = PART.matcher(value);
        Duration total = Duration.ZERO;
        int end = 0;
        while (matcher.find() && matcher.start() == end) {
            long amount = Long.parseLong(matcher.group(1));
            total = total.plus(switch (matcher.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                default -> Duration.ofHours(amount);
            });
            end = matcher.end();
        }
        if (end == 0 || end != value.length() || total.isZero()) {
            throw new TypeConversionException("'" + value + "' is not a duration such as 90s, 5m or 1m30s");
        }
        return total;
    }
}
