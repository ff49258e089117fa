package dev.bundlectl.crdschema;

/**
 * IP address and CIDR syntax as the API server accepts it (Go's {@code net.ParseIP} and
 * {@code ParseCIDR} in the "sloppy" variant Kubernetes uses, which allows leading zeros in
 * IPv4 parts). Parses text only; never resolves a name.
 */
final class IpLiterals {

    private static final int IPV4_BYTES = 4;
    private static final int IPV6_BYTES = 16;
    /** Go stops reading a number once it reaches this, and fails. */
    private static final int TOO_BIG = 0xFFFFFF;

    private IpLiterals() {
    }

    /** Whether {@code text} is an IPv4 or IPv6 address; the first '.' or ':' decides which syntax. */
    static boolean isIp(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '.') {
                return isIpv4(text);
            }
            if (c == ':') {
                return isIpv6(text);
            }
        }
        return false;
    }

    /** Whether {@code text} is {@code address/prefix} with a prefix that fits the address. */
    static boolean isCidr(String text) {
        int slash = text.indexOf('/');
        if (slash < 0) {
            return false;
        }
        String address = text.substring(0, slash);
        String prefix = text.substring(slash + 1);
        int bits;
        if (isIpv4(address)) {
            bits = IPV4_BYTES * 8;
        } else if (isIpv6(address)) {
            bits = IPV6_BYTES * 8;
        } else {
            return false;
        }
        long[] number = readNumber(prefix, 0, 10);
        return number != null && number[1] == prefix.length() && number[0] <= bits;
    }

    static boolean isIpv4(String text) {
        int at = 0;
        for (int part = 0; part < IPV4_BYTES; part++) {
            if (part > 0) {
                if (at >= text.length() || text.charAt(at) != '.') {
                    return false;
                }
                at++;
            }
            long[] number = readNumber(text, at, 10);
            if (number == null || number[0] > 0xFF) {
                return false;
            }
            at = (int) number[1];
        }
        return at == text.length();
    }

    static boolean isIpv6(String text) {
        int filled = 0;
        boolean ellipsis = false;
        int at = 0;
        if (text.startsWith("::")) {
            ellipsis = true;
            at = 2;
            if (at == text.length()) {
                return true;
            }
        }
        while (filled < IPV6_BYTES) {
            long[] number = readNumber(text, at, 16);
            if (number == null || number[0] > 0xFFFF) {
                return false;
            }
            int end = (int) number[1];
            if (end < text.length() && text.charAt(end) == '.') {
                // A trailing IPv4 address fills the last four bytes.
                if (!ellipsis && filled != IPV6_BYTES - IPV4_BYTES || filled + IPV4_BYTES > IPV6_BYTES
                        || !isIpv4(text.substring(at))) {
                    return false;
                }
                filled += IPV4_BYTES;
                at = text.length();
                break;
            }
            filled += 2;
            at = end;
            if (at == text.length()) {
                break;
            }
            if (text.charAt(at) != ':' || at + 1 == text.length()) {
                return false;
            }
            at++;
            if (text.charAt(at) == ':') {
                if (ellipsis) {
                    return false;
                }
                ellipsis = true;
                at++;
                if (at == text.length()) {
                    break;
                }
            }
        }
        if (at != text.length()) {
            return false;
        }
        // "::" must stand for at least one group; without it every group must be there.
        return ellipsis ? filled < IPV6_BYTES : filled == IPV6_BYTES;
    }

    /** {@code {value, end}} of the digits at {@code from}, or null when there are none or too many. */
    private static long[] readNumber(String text, int from, int radix) {
        long value = 0;
        int at = from;
        while (at < text.length() && Character.digit(text.charAt(at), radix) >= 0 && text.charAt(at) < 0x80) {
            value = value * radix + Character.digit(text.charAt(at), radix);
            if (value >= TOO_BIG) {
                return null;
            }
            at++;
        }
        return at == from ? null : new long[] {value, at};
    }
}
