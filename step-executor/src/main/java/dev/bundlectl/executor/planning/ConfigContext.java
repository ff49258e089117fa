package dev.bundlectl.executor.planning;

import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.executor.records.PreviousInstall;
import dev.bundlectl.plan.config.ConfigRead;
import dev.bundlectl.plan.config.ConfigRequest;
import dev.bundlectl.plan.config.OperatorConfig;
import dev.bundlectl.plan.config.ProxyReading;
import java.util.Objects;
import java.util.Optional;

/**
 * What the cluster says about an operator's configuration (docs/semantics.md §10): the one the last
 * install recorded, and the cluster's proxy; and the one rule that decides which configuration a plan
 * puts in effect ({@link #request}), for the command line and the controller alike.
 *
 * @param recorded the configuration the last install recorded, checked again; empty when none
 * @param proxy the cluster's proxy as planning read it
 */
public record ConfigContext(Optional<ConfigRead> recorded, ProxyReading proxy) {

    /** Offline: nothing recorded, no proxy. */
    public static final ConfigContext OFFLINE = new ConfigContext(Optional.empty(), ProxyReading.NOT_SERVED);

    public ConfigContext {
        Objects.requireNonNull(recorded, "recorded");
        Objects.requireNonNull(proxy, "proxy");
    }

    /** The context the last install and the proxy give. */
    static ConfigContext of(PreviousInstall previous, ProxyReading proxy) {
        return new ConfigContext(previous.config(), proxy);
    }

    /**
     * The configuration a plan asked for with {@code choice} puts in effect, and what the plan says
     * of it:
     * <ul>
     *   <li>one given is in effect ({@code Given}; an empty one with a recorded one drops it);</li>
     *   <li>without one, the recorded one is kept ({@code Recorded}): upgrades, catalog walks and
     *       re-runs keep what an earlier install was given;</li>
     *   <li>{@code --reset-config} drops the recorded one ({@code Reset});</li>
     *   <li>nothing ever configured says nothing (no condition).</li>
     * </ul>
     * A recorded configuration that no longer passes the checks is an error (added to
     * {@code errors}) when it would be kept.
     */
    public ConfigRequest request(ConfigChoice choice, Diagnostics.Collector errors) {
        Optional<OperatorConfig> before = recorded.filter(ConfigRead.Read.class::isInstance)
                .map(read -> ((ConfigRead.Read) read).config());
        boolean hadOne = recorded.isPresent() && before.map(config -> !config.isEmpty()).orElse(true);
        ConfigRequest request;
        if (choice instanceof ConfigChoice.Given given) {
            request = given.config().isEmpty() && !hadOne ? ConfigRequest.NONE
                    : new ConfigRequest(given.config(), given.location(), "Given", "as " + given.location().source()
                            + (given.location().object() == null ? "" : " " + given.location().object()) + " gives it"
                            + (given.config().isEmpty() ? ", so the one the last install recorded is dropped" : ""),
                            proxy);
        } else if (choice instanceof ConfigChoice.Reset) {
            request = !hadOne ? ConfigRequest.NONE : new ConfigRequest(OperatorConfig.NONE, null, "Reset",
                    "--reset-config: the configuration the last install recorded is dropped", proxy);
        } else if (recorded.isEmpty()) {
            request = ConfigRequest.NONE;
        } else if (recorded.get() instanceof ConfigRead.Refused refused) {
            errors.addAll(refused.diagnostics());
            return ConfigRequest.NONE;
        } else {
            ConfigRead.Read read = (ConfigRead.Read) recorded.get();
            request = new ConfigRequest(read.config(), read.location(), "Recorded", "none given, so the one "
                    + read.location().source() + " kept is in effect (--reset-config drops it)", proxy);
        }
        return request.withProxy(proxy);
    }
}
