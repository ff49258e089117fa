package dev.bundlectl.executor.testing;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Injects a {@link RealOlm} into test methods, constructors and lifecycle methods. One operator,
 * with its own API server of flavour {@link RealApiServer.Flavour#OLM_OPERATOR}, is started per
 * test JVM on first use and stopped when the run ends (the root store closes it); its port is
 * fixed, so there can be no second one. Reach its server through {@link RealOlm#server()}: a
 * {@link RealApiServer} from {@link RealApiServerExtension} is another server, one no operator
 * watches.
 */
public final class RealOlmExtension implements BeforeAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace OPERATORS =
            ExtensionContext.Namespace.create(RealOlmExtension.class);

    /**
     * Skips the whole class (or fails it in CI) when {@code ../shared} lacks the server or the
     * operator, before any parameter is resolved: JUnit would report a skip during parameter
     * resolution as an error.
     */
    @Override
    public void beforeAll(ExtensionContext context) {
        RealApiServer.requireBinaries();
        RealOlm.requireBinary();
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == RealOlm.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getRoot().getStore(OPERATORS)
                .getOrComputeIfAbsent(RealOlm.class, key -> RealOlm.start(), RealOlm.class);
    }
}
