package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.slf4j.spi.SLF4JServiceProvider;

class Slf4jProviderTest {

    @Test
    void theSlf4jProviderMainNamesIsTheOneTheJarCarries() throws ReflectiveOperationException {
        // If slf4j-simple were replaced, SLF4J would warn on every run and log nothing.
        Class<?> provider = Class.forName(Main.SLF4J_PROVIDER);
        assertThat(SLF4JServiceProvider.class).isAssignableFrom(provider);
        assertThat(provider.getDeclaredConstructor().newInstance()).isNotNull();
    }
}
