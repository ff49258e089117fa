package dev.bundlectl.executor.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Executable;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Injects a {@link RealApiServer} into test methods, constructors and lifecycle methods. One server
 * per {@link RealApiServer.Flavour} and choice of controllers is started per test JVM, on first
 * use, and stopped when the run ends (the root store closes it). Choose with {@link Served}; the
 * default is {@link RealApiServer.Flavour#PLAIN} without controllers. A server with controllers is
 * another server than the one without, so tests that want none never meet them.
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

        /**
         * Whether the real kube-controller-manager runs beside the server (namespaces finish
         * deleting, garbage collection, {@code default} ServiceAccounts); see
         * {@link RealApiServer#start(RealApiServer.Flavour, boolean)}.
         */
        boolean controllers() default false;
    }

    /** The key of one shared server. */
    private record Choice(RealApiServer.Flavour flavour, boolean controllers) {
    }

    /**
     * Skips the whole class (or fails it in CI) when the server binaries are missing, or the
     * controller manager's when a parameter asks for controllers, before any parameter is
     * resolved: JUnit would report a skip during parameter resolution as an error.
     */
    @Override
    public void beforeAll(ExtensionContext context) {
        RealApiServer.requireBinaries();
        if (asksForControllers(context.getRequiredTestClass())) {
            RealApiServer.requireControllerManager();
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == RealApiServer.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Choice choice = parameter.findAnnotation(Served.class)
                .map(served -> new Choice(served.value(), served.controllers()))
                .orElse(new Choice(RealApiServer.Flavour.PLAIN, false));
        return context.getRoot().getStore(SERVERS)
                .getOrComputeIfAbsent(choice, key -> RealApiServer.start(key.flavour(), key.controllers()),
                        RealApiServer.class);
    }

    private static boolean asksForControllers(Class<?> testClass) {
        return Stream.concat(Arrays.stream(testClass.getDeclaredMethods()), Arrays.stream(testClass.getDeclaredConstructors()))
                .map(Executable::getParameters)
                .flatMap(Arrays::stream)
                .map(parameter -> parameter.getAnnotation(Served.class))
                .anyMatch(served -> served != null && served.controllers());
    }
}
