package dev.bundlectl.plan;

import dev.bundlectl.bundle.testing.TestBundles;
import static dev.bundlectl.bundle.testing.TestBundles.manifest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.bundle.Manifest;
import org.junit.jupiter.api.Test;

/** {@link OptionalApi}: reading {@code GROUP[/KIND]} and what a rule matches. */
class OptionalApiTest {

    private static Manifest object(String apiVersion, String kind) {
        return manifest("manifests/x.yaml", "apiVersion: " + apiVersion + "\nkind: " + kind + "\nmetadata: {name: x}\n");
    }

    @Test
    void aGroupMatchesEveryKindAndVersionOfThatGroupOnly() {
        OptionalApi rule = OptionalApi.parse("monitoring.coreos.com");

        assertThat(rule).isEqualTo(new OptionalApi("monitoring.coreos.com", null));
        assertThat(rule.matches(object("monitoring.coreos.com/v1", "ServiceMonitor"))).isTrue();
        assertThat(rule.matches(object("monitoring.coreos.com/v1alpha1", "AlertmanagerConfig"))).isTrue();
        assertThat(rule.matches(object("monitoring.coreos.com.example/v1", "ServiceMonitor"))).isFalse();
        assertThat(rule.matches(object("coreos.com/v1", "ServiceMonitor"))).isFalse();
        assertThat(rule.origin()).isEqualTo("--optional-api monitoring.coreos.com");
    }

    @Test
    void aGroupAndKindMatchesThatKindOnly() {
        OptionalApi rule = OptionalApi.parse("monitoring.coreos.com/ServiceMonitor");

        assertThat(rule.matches(object("monitoring.coreos.com/v1", "ServiceMonitor"))).isTrue();
        assertThat(rule.matches(object("monitoring.coreos.com/v1", "PrometheusRule"))).isFalse();
        assertThat(rule.matches(object("other.example.com/v1", "ServiceMonitor"))).isFalse();
        assertThat(rule.text()).isEqualTo("monitoring.coreos.com/ServiceMonitor");
    }

    @Test
    void malformedValuesAreRefusedSayingWhy() {
        assertThatThrownBy(() -> OptionalApi.parse("")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected GROUP or GROUP/KIND").hasMessageContaining("not an empty value");
        assertThatThrownBy(() -> OptionalApi.parse("a/b/c"))
                .hasMessage("expected GROUP or GROUP/KIND, not a value with 2 slashes");
        assertThatThrownBy(() -> OptionalApi.parse("/Service"))
                .hasMessage("the group is empty: kinds of the core group are never optional");
        assertThatThrownBy(() -> OptionalApi.parse("Monitoring.CoreOS.com"))
                .hasMessageContaining("\"Monitoring.CoreOS.com\" is not an API group name");
        assertThatThrownBy(() -> OptionalApi.parse("monitoring.coreos.com/v1"))
                .hasMessage("\"v1\" is an API version, not a kind: give GROUP or GROUP/KIND");
        assertThatThrownBy(() -> OptionalApi.parse("monitoring.coreos.com/"))
                .hasMessageContaining("the kind \"\" is not a kind name");
        assertThatThrownBy(() -> OptionalApi.parse("monitoring.coreos.com/Service-Monitor"))
                .hasMessageContaining("the kind \"Service-Monitor\" is not a kind name");
    }
}
