package dev.bundlectl.source.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import dev.bundlectl.bundle.testing.SharedDirectory;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives a test method a {@link RealRegistry} of the mode its parameter's {@link Served}
 * annotation names (anonymous by default), started for that test and stopped after it. Skips
 * with the reason when {@code ../shared/registry} is missing, fails under
 * {@code -Dbundlectl.requireShared=true}.
 */
public final class RealRegistryExtension implements BeforeAllCallback, ParameterResolver {

    /** The mode of the registry a parameter gets. */
    @Target(ElementType.PARAMETER)
    @Retention(RetentionPolicy.RUNTIME)
    public @interface Served {
        RealRegistry.Mode value() default RealRegistry.Mode.ANONYMOUS;
    }

    /**
     * Skips the whole class (or fails it in CI) when the registry binary is missing, before any
     * parameter is resolved: JUnit reports a skip thrown during parameter resolution as an error.
     */
    @Override
    public void beforeAll(ExtensionContext context) {
        SharedDirectory.require("registry/docker-registry");
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == RealRegistry.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        RealRegistry.Mode mode = parameter.findAnnotation(Served.class).map(Served::value)
                .orElse(RealRegistry.Mode.ANONYMOUS);
        try {
            Path directory = Files.createTempDirectory("bundlectl-registry-");
            RealRegistry registry = RealRegistry.start(mode, directory);
            context.getStore(ExtensionContext.Namespace.create(RealRegistryExtension.class, parameter.getIndex()))
                    .put("registry", new Stopper(registry));
            return registry;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Stops the registry when the test's context closes (JUnit closes AutoCloseable values in its store). */
    private record Stopper(RealRegistry registry) implements AutoCloseable {
        @Override
        public void close() {
            registry.close();
        }
    }
}
