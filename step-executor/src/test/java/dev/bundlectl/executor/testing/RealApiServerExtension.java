package dev.bundlectl.executor.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Injects a {@link RealApiServer} into test methods, constructors and lifecycle methods. One server
 * per {@link RealApiServer.Flavour} is started per test JVM, on first use, and stopped when the run
 * ends (the root store closes it). Choose the flavour with {@link Served}; the default is
 * {@link RealApiServer.Flavour#PLAIN}.
 */
public final class RealApiServerExtension implements BeforeAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace SERVERS =
            ExtensionContext.Namespace.create(RealApiServerExtension.class);

    /** Which server a {@link RealApiServer} parameter wants. */
    @Target(ElementType.PARAMETER)
    @Retention(RetentionPolicy.RUNTIME)
    public @interface Served {
        /** The flavour. */
        RealApiServer.Flavour value();
    }

    /**
     * Skips the whole class (or fails it in CI) when the server binaries are missing, before any
     * parameter is resolved: JUnit would report a skip during parameter resolution as an error.
     */
    @Override
    public void beforeAll(ExtensionContext context) {
        RealApiServer.requireBinaries();
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == RealApiServer.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        RealApiServer.Flavour flavour = parameter.findAnnotation(Served.class)
                .map(Served::value)
                .orElse(RealApiServer.Flavour.PLAIN);
        return context.getRoot().getStore(SERVERS)
                .getOrComputeIfAbsent(flavour, RealApiServer::start, RealApiServer.class);
    }
}
