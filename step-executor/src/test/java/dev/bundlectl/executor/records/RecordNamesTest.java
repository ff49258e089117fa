package dev.bundlectl.executor.records;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RecordNamesTest {

    private static final String DNS_SUBDOMAIN = "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
    private static final String LABEL_VALUE = "([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?";
    private static final Instant START = Instant.parse("2025-03-01T10:00:00.123Z");

    @Test
    void aValidPackageNameIsKeptAndTheStartTimeFollows() {
        assertThat(RecordNames.recordName("etcd", START)).isEqualTo("bundlectl.etcd.20250301-100000-123");
    }

    @Test
    void namesOfOnePackageSortByStartTime() {
        String earlier = RecordNames.recordName("etcd", Instant.parse("2025-03-01T09:59:59.999Z"));
        String later = RecordNames.recordName("etcd", Instant.parse("2025-03-01T10:00:00Z"));

        assertThat(earlier).isLessThan(later);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Weird_Package", "-leading.and.trailing-", "a..b", "ÄÖÜ", "", "x.-y-.z",
            "a-very-long-package-name-that-keeps-going-and-going-and-going-and-going-and-going-and-going-and-going-"
                    + "and-going-and-going-and-going-and-going-and-going-and-going-and-going-and-going-and-going-and-"
                    + "going-and-going-and-going-and-going-and-going-and-going-and-going-and-going-and-going"})
    void anyPackageNameGivesAValidSecretName(String packageName) {
        String name = RecordNames.recordName(packageName, START);

        assertThat(name).matches(DNS_SUBDOMAIN).hasSizeLessThanOrEqualTo(253).startsWith("bundlectl.")
                .endsWith(".20250301-100000-123");
    }

    @Test
    void changedNamesGetAHashSoTheyDoNotCollide() {
        assertThat(RecordNames.recordName("Foo_Bar", START)).isNotEqualTo(RecordNames.recordName("foo-bar", START))
                .startsWith("bundlectl.foo-bar-");
    }

    @ParameterizedTest
    @ValueSource(strings = {"widget-operator", "Weird_Package.Name", "bundlectl.widget-operator.20250301-100000-123",
            "-x-", "ÄÖÜ", "a-very-long-package-name-that-keeps-going-and-going-and-going-and-going-on"})
    void anyValueGivesAValidLabelValue(String value) {
        String label = RecordNames.labelValue(value);

        assertThat(label).matches(LABEL_VALUE).hasSizeLessThanOrEqualTo(63);
        assertThat(RecordNames.labelValue(value)).as("deterministic").isEqualTo(label);
    }

    @Test
    void validShortLabelValuesAreKept() {
        assertThat(RecordNames.labelValue("Weird_Package.Name")).isEqualTo("Weird_Package.Name");
        assertThat(RecordNames.labelValue("x".repeat(64))).hasSize(63).isNotEqualTo(RecordNames.labelValue("x".repeat(65)));
    }
}
