package dev.bundlectl.crdschema;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IpLiteralsTest {

    @Test
    void ipv4NeedsFourPartsOfAtMost255() {
        assertThat(IpLiterals.isIpv4("255.255.255.255")).isTrue();
        assertThat(IpLiterals.isIpv4("0001.2.3.4")).isTrue();
        assertThat(IpLiterals.isIpv4("1.2.3.4.5")).isFalse();
        assertThat(IpLiterals.isIpv4("1..3.4")).isFalse();
        assertThat(IpLiterals.isIpv4("1.2.3.")).isFalse();
    }

    @Test
    void ipv6AllowsOneEllipsisStandingForAtLeastOneGroup() {
        assertThat(IpLiterals.isIpv6("1:2:3:4:5:6:7:8")).isTrue();
        assertThat(IpLiterals.isIpv6("1:2:3:4:5:6:7::")).isTrue();
        assertThat(IpLiterals.isIpv6("1:2:3:4:5:6:7:8::")).isFalse();
        assertThat(IpLiterals.isIpv6("1:2:3:4:5:6:7")).isFalse();
        assertThat(IpLiterals.isIpv6("1:2:3:4:5:6:1.2.3.4")).isTrue();
        assertThat(IpLiterals.isIpv6("1:2:3:4:5:1.2.3.4")).isFalse();
        assertThat(IpLiterals.isIpv6("1:")).isFalse();
        assertThat(IpLiterals.isIpv6(":1")).isFalse();
    }
}
