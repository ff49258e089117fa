package dev.bundlectl.crdschema;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The string formats whose checks we reproduce exactly as the API server performs them. Other
 * formats the server knows ({@code uri}, {@code email}, {@code hostname}, {@code isbn},
 * {@code creditcard}, {@code ssn}, {@code rgbcolor}, {@code duration}, {@code password}) are
 * fuzzy or lenient there, and, like unknown formats, are not checked here: a missed problem is
 * better than refusing an update the server would accept. Names are matched as the server
 * matches them: case-sensitive, with dashes removed ({@code date-time} is {@code datetime}).
 */
final class StringFormats {

    private static final Pattern DATE = Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2})");
    private static final Pattern TIME =
            Pattern.compile("^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$");
    private static final Pattern UUID = uuid("[0-9a-f]{4}", "[0-9a-f]{4}");
    private static final Pattern HEX_COLOR = Pattern.compile("^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$");
    private static final Pattern OBJECT_ID = Pattern.compile("^[0-9a-fA-F]{24}$");

    private static final Map<String, Predicate<String>> CHECKS = Map.ofEntries(
            Map.entry("datetime", StringFormats::isDateTime),
            Map.entry("date", StringFormats::isDate),
            Map.entry("byte", StringFormats::isBase64),
            Map.entry("uuid", text -> UUID.matcher(text).matches()),
            Map.entry("uuid3", matches(uuid("3[0-9a-f]{3}", "[0-9a-f]{4}"))),
            Map.entry("uuid4", matches(uuid("4[0-9a-f]{3}", "[89ab][0-9a-f]{3}"))),
            Map.entry("uuid5", matches(uuid("5[0-9a-f]{3}", "[89ab][0-9a-f]{3}"))),
            Map.entry("bsonobjectid", matches(OBJECT_ID)),
            Map.entry("hexcolor", matches(HEX_COLOR)),
            Map.entry("ipv4", text -> IpLiterals.isIp(text) && text.contains(".")),
            Map.entry("ipv6", text -> IpLiterals.isIp(text) && text.contains(":")),
            Map.entry("cidr", IpLiterals::isCidr),
            Map.entry("mac", StringFormats::isMac));

    private StringFormats() {
    }

    /** The check for a schema's {@code format}, or empty when it is not checked. */
    static Optional<Predicate<String>> check(String format) {
        return Optional.ofNullable(CHECKS.get(format.replace("-", "")));
    }

    private static Predicate<String> matches(Pattern pattern) {
        return text -> pattern.matcher(text).matches();
    }

    private static Pattern uuid(String third, String fourth) {
        return Pattern.compile("(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?" + third + "-?" + fourth + "-?[0-9a-f]{12}$");
    }

    /** A calendar date written {@code YYYY-MM-DD}. */
    private static boolean isDate(String text) {
        Matcher date = DATE.matcher(text);
        if (!date.matches()) {
            return false;
        }
        try {
            LocalDate.of(Integer.parseInt(date.group(1)), Integer.parseInt(date.group(2)),
                    Integer.parseInt(date.group(3)));
            return true;
        } catch (DateTimeException e) {
            return false;
        }
    }

    /** A date, a {@code T} (either case), then {@code hh:mm:ss[.frac]} and {@code Z} or an offset. */
    private static boolean isDateTime(String text) {
        String[] parts = text.toLowerCase(java.util.Locale.ROOT).split("t", -1);
        if (text.length() < 4 || parts.length < 2 || !isDate(parts[0])) {
            return false;
        }
        Matcher time = TIME.matcher(parts[1]);
        return time.matches() && time.group(1).compareTo("23") <= 0 && time.group(2).compareTo("59") <= 0
                && time.group(3).compareTo("59") <= 0;
    }

    /** Padded standard base64; line breaks are ignored, as Go's decoder ignores them. */
    private static boolean isBase64(String text) {
        String compact = text.replace("\r", "").replace("\n", "");
        if (compact.length() % 4 != 0) {
            return false;
        }
        try {
            Base64.getDecoder().decode(compact);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * A hardware address as Go's {@code net.ParseMAC} reads it: 6, 8 or 20 bytes, written as
     * pairs of hex digits separated by all ':' or all '-', or as groups of four separated by '.'.
     */
    private static boolean isMac(String text) {
        if (text.length() < 14) {
            return false;
        }
        char pairSeparator = text.charAt(2);
        if (pairSeparator == ':' || pairSeparator == '-') {
            return (text.length() + 1) % 3 == 0 && hardwareLength((text.length() + 1) / 3)
                    && groups(text, 2, pairSeparator);
        }
        if (text.charAt(4) == '.') {
            return (text.length() + 1) % 5 == 0 && hardwareLength(2 * (text.length() + 1) / 5) && groups(text, 4, '.');
        }
        return false;
    }

    private static boolean hardwareLength(int bytes) {
        return bytes == 6 || bytes == 8 || bytes == 20;
    }

    private static boolean groups(String text, int width, char separator) {
        for (int i = 0; i < text.length(); i++) {
            boolean separatorPlace = i % (width + 1) == width;
            char c = text.charAt(i);
            if (separatorPlace ? c != separator : Character.digit(c, 16) < 0 || c >= 0x80) {
                return false;
            }
        }
        return true;
    }
}
