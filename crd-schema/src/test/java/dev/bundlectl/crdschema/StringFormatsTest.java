package dev.bundlectl.crdschema;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class StringFormatsTest {

    private static Predicate<String> format(String name) {
        return StringFormats.check(name).orElseThrow();
    }

    @Test
    void namesMatchWithoutDashesAndCaseSensitively() {
        assertThat(StringFormats.check("date-time")).isPresent();
        assertThat(StringFormats.check("datetime")).isPresent();
        assertThat(StringFormats.check("DateTime")).isEmpty();
        assertThat(StringFormats.check("hostname")).isEmpty();
        assertThat(StringFormats.check("int64")).isEmpty();
    }

    @Test
    void dateTime() {
        Predicate<String> dateTime = format("date-time");
        assertThat(dateTime).accepts("2024-02-29T23:59:59Z", "2024-01-02t03:04:05.123+02:00", "2024-01-02T03:04:05z");
        assertThat(dateTime).rejects("2024-02-30T00:00:00Z", "2024-01-02T24:00:00Z", "2024-01-02T03:04:05",
                "2024-01-02 03:04:05Z", "2024-01-02", "2024-01-02T03:04Z");
    }

    @Test
    void date() {
        assertThat(format("date")).accepts("2023-12-31", "2024-02-29").rejects("2023-02-29", "2023-1-01", "20231231");
    }

    @Test
    void base64() {
        assertThat(format("byte")).accepts("", "aGVsbG8=", "aGVs\nbG8=").rejects("aGVsbG8", "a$==", "=aGV");
    }

    @Test
    void uuids() {
        assertThat(format("uuid")).accepts("123e4567-e89b-12d3-a456-426614174000", "123E4567E89B12D3A456426614174000")
                .rejects("123e4567-e89b-12d3-a456-42661417400", "not-a-uuid");
        assertThat(format("uuid4")).accepts("123e4567-e89b-42d3-a456-426614174000")
                .rejects("123e4567-e89b-12d3-a456-426614174000");
        assertThat(format("uuid3")).accepts("123e4567-e89b-32d3-a456-426614174000");
        assertThat(format("uuid5")).accepts("123e4567-e89b-52d3-b456-426614174000")
                .rejects("123e4567-e89b-52d3-c456-426614174000");
    }

    @Test
    void colorsAndObjectIds() {
        assertThat(format("hexcolor")).accepts("#fff", "A0B1C2").rejects("#ffff", "#ggg");
        assertThat(format("bsonobjectid")).accepts("507f1f77bcf86cd799439011").rejects("507f1f77bcf86cd79943901");
    }

    @Test
    void ipAddressesChooseTheirFamilyByPunctuation() {
        assertThat(format("ipv4")).accepts("10.0.0.1", "010.0.0.1", "::ffff:10.0.0.1")
                .rejects("10.0.0.256", "10.0.0", "::1", "host.example.com");
        assertThat(format("ipv6")).accepts("::1", "fe80::1", "2001:db8::8a2e:370:7334", "::ffff:10.0.0.1", "::")
                .rejects("10.0.0.1", "fe80::1%eth0", "1::2::3", "12345::1");
    }

    @Test
    void cidr() {
        assertThat(format("cidr")).accepts("10.0.0.0/8", "10.0.0.0/32", "2001:db8::/32", "::/0")
                .rejects("10.0.0.0/33", "10.0.0.0", "2001:db8::/129", "10.0.0.0/x");
    }

    @Test
    void mac() {
        assertThat(format("mac")).accepts("00:00:5e:00:53:01", "00-00-5E-00-53-01", "0000.5e00.5301",
                "02:00:5e:10:00:00:00:01").rejects("00:00:5e:00:53", "00:00-5e:00:53:01", "0000.5e00.530g");
    }
}
