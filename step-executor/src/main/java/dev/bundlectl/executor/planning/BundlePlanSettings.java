package dev.bundlectl.executor.planning;

import dev.bundlectl.plan.CsvMode;
import dev.bundlectl.plan.OptionalApis;
import dev.bundlectl.render.RenderOptions;
import java.util.Objects;

/**
 * How a bundle is to be planned, whoever asks: {@code bundlectl plan} and {@code install} from their
 * flags, the controller from a BundleInstall's spec.
 *
 * @param namespace the install namespace
 * @param label how the bundle is named in each step's {@code bundlectl.dev/source} (its path, image
 *     or ConfigMap)
 * @param csvMode {@code --csv-mode} / {@code spec.csvMode}; null plans the CSV as OLM applies it
 * @param render install mode, watch namespaces and certificate provider for a rendered CSV; null for the defaults
 * @param optionalApis {@code --optional-api} / {@code spec.optionalApis}
 * @param convert whether objects of removed API versions are converted when the cluster no longer
 *     serves them ({@code --no-convert} turns it off)
 * @param ignoreDependencies whether unmet dependencies are reported rather than failed
 *     ({@code --ignore-dependencies})
 * @param config the operator configuration asked for ({@code --config}, {@code --reset-config},
 *     {@code spec.config}); {@link ConfigChoice#KEEP} when null
 */
public record BundlePlanSettings(String namespace, String label, CsvMode csvMode, RenderOptions render,
        OptionalApis optionalApis, boolean convert, boolean ignoreDependencies, ConfigChoice config) {

    /** Settings that fail unmet dependencies. */
    public BundlePlanSettings(String namespace, String label, CsvMode csvMode, RenderOptions render,
            OptionalApis optionalApis, boolean convert) {
        this(namespace, label, csvMode, render, optionalApis, convert, false, null);
    }

    /** Settings that keep the configuration the last install recorded. */
    public BundlePlanSettings(String namespace, String label, CsvMode csvMode, RenderOptions render,
            OptionalApis optionalApis, boolean convert, boolean ignoreDependencies) {
        this(namespace, label, csvMode, render, optionalApis, convert, ignoreDependencies, null);
    }

    public BundlePlanSettings {
        Objects.requireNonNull(namespace, "namespace");
        render = render == null ? RenderOptions.DEFAULTS : render;
        optionalApis = optionalApis == null ? OptionalApis.NONE : optionalApis;
        config = config == null ? ConfigChoice.KEEP : config;
    }
}
