package dev.bundlectl.executor.planning;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.plan.config.ConfigLocation;
import dev.bundlectl.plan.config.ConfigRead;
import dev.bundlectl.plan.config.ConfigRequest;
import dev.bundlectl.plan.config.OperatorConfig;
import dev.bundlectl.plan.config.OperatorConfigReader;
import dev.bundlectl.plan.config.ProxyReading;
import java.io.IOException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Which configuration a plan puts in effect (docs/semantics.md §10): the one given, else the one
 * the last install recorded, none with {@code --reset-config}; and what the plan says of it.
 */
class ConfigContextTest {

    private static final ConfigRead RECORDED = read("{env: [{name: A, value: recorded}]}", "install record ns/r1");
    private static final ConfigRead GIVEN = read("{env: [{name: A, value: given}]}", "config.yaml");

    @Test
    void withoutOneTheRecordedOneIsKeptAndThePlanSaysSo() {
        ConfigRequest request = request(new ConfigContext(Optional.of(RECORDED), ProxyReading.NOT_SERVED),
                ConfigChoice.KEEP);

        assertThat(request.config()).isEqualTo(((ConfigRead.Read) RECORDED).config());
        assertThat(request.reason()).isEqualTo("Recorded");
        assertThat(request.condition().orElseThrow().message()).startsWith("none given, so the one install record "
                + "ns/r1 kept is in effect (--reset-config drops it): the operator's Deployments get env (1)");
    }

    @Test
    void oneGivenReplacesTheRecordedOne() {
        ConfigRequest request = request(new ConfigContext(Optional.of(RECORDED), ProxyReading.NOT_SERVED),
                ConfigChoice.Given.of((ConfigRead.Read) GIVEN));

        assertThat(request.config()).isEqualTo(((ConfigRead.Read) GIVEN).config());
        assertThat(request.reason()).isEqualTo("Given");
    }

    @Test
    void resetDropsTheRecordedOneAndAnEmptySpecConfigToo() {
        ConfigContext context = new ConfigContext(Optional.of(RECORDED), ProxyReading.NOT_SERVED);

        ConfigRequest reset = request(context, ConfigChoice.RESET);
        assertThat(reset.config().isEmpty()).isTrue();
        assertThat(reset.condition().orElseThrow().status()).isEqualTo("False");
        assertThat(reset.condition().orElseThrow().reason()).isEqualTo("Reset");

        ConfigRequest emptySpec = request(context, new ConfigChoice.Given(OperatorConfig.NONE,
                new ConfigLocation("BundleInstall ns/cachebox", null, "spec.config.")));
        assertThat(emptySpec.config().isEmpty()).isTrue();
        assertThat(emptySpec.condition().orElseThrow().message())
                .contains("the one the last install recorded is dropped");
    }

    @Test
    void nothingEverConfiguredSaysNothing() {
        assertThat(request(ConfigContext.OFFLINE, ConfigChoice.KEEP).condition()).isEmpty();
        assertThat(request(ConfigContext.OFFLINE, ConfigChoice.RESET).condition()).isEmpty();
    }

    @Test
    void aRecordedOneThatNoLongerPassesTheChecksIsAnErrorWhenKept() {
        ConfigRead bad = read("{env: [{name: 'A=B', value: x}]}", "install record ns/r1");
        Diagnostics.Collector errors = new Diagnostics.Collector();

        new ConfigContext(Optional.of(bad), ProxyReading.NOT_SERVED).request(ConfigChoice.KEEP, errors);

        assertThat(errors.toDiagnostics().errors()).singleElement().asString()
                .contains("install record ns/r1: field operatorConfig.env[0].name");
    }

    private static ConfigRequest request(ConfigContext context, ConfigChoice choice) {
        Diagnostics.Collector errors = new Diagnostics.Collector();
        ConfigRequest request = context.request(choice, errors);
        assertThat(errors.hasErrors()).isFalse();
        return request;
    }

    private static ConfigRead read(String yaml, String source) {
        try {
            JsonNode node = Mappers.yaml().readTree(yaml);
            return OperatorConfigReader.of(node, new ConfigLocation(source, null,
                    source.startsWith("install record") ? "operatorConfig." : ""));
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
