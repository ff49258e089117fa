package dev.bundlectl.plan.review;

import dev.bundlectl.plan.CsvMode;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.OptionalApis;
import dev.bundlectl.plan.capability.CapabilityConfig;
import dev.bundlectl.plan.capability.CapabilityOrigin;
import dev.bundlectl.plan.capability.CapabilitySets;
import dev.bundlectl.plan.capability.ConfigForm;
import dev.bundlectl.plan.config.ClusterProxy;
import dev.bundlectl.plan.config.ConfigLocation;
import dev.bundlectl.plan.config.ConfigRequest;
import dev.bundlectl.plan.config.OperatorConfig;
import dev.bundlectl.plan.config.ProxyReading;
import dev.bundlectl.plan.convert.ConversionPolicy;
import dev.bundlectl.plan.payload.InstallHistory;
import dev.bundlectl.plan.payload.PayloadFilterSettings;
import dev.bundlectl.render.RenderOptions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The options that shaped a plan's steps, recorded on the plan (annotation {@value #ANNOTATION}) so
 * that a reviewed plan can be planned again from its bundle in the same way and compared step by
 * step. The API surface is deliberately not part of it: it only predicts statuses, and an install
 * asks the live cluster again.
 *
 * @param csvMode the CSV mode the plan used ({@code olm} or {@code render}), or null when the
 *     request named none
 * @param render install mode, watch namespaces and certificate provider for render mode
 * @param capabilities the capability configuration applied, or null when none was
 * @param payload the payload filter settings, for a release-payload plan; null for a bundle
 * @param phase first install, update, or not known (an offline plan): it decides the order of
 *     install levels and what a delete manifest's step says; null when not recorded
 * @param optionalApis the install-time optional policy ({@code --optional-api}), which decides
 *     which steps are optional; {@link OptionalApis#NONE} when null
 * @param conversion whether objects of removed API versions could be converted, and which removed
 *     versions were; {@link RecordedConversion#NONE} when not recorded (plans from before conversion)
 * @param config the operator configuration the plan put into the operator's Deployments
 *     (docs/semantics.md §10), {@link OperatorConfig#NONE} when one in play was empty (a recorded
 *     one dropped); null when none was in play. An install records it, and the next install keeps
 *     it when given none
 * @param proxy the cluster's proxy a rendered plan injected, or null when it injected none
 */
public record PlanOptions(CsvMode csvMode, RenderOptions render, RecordedCapabilities capabilities,
        PayloadFilterSettings payload, InstallHistory phase, OptionalApis optionalApis, RecordedConversion conversion,
        OperatorConfig config, ClusterProxy proxy) {

    /** The annotation that carries these options, as compact JSON. */
    public static final String ANNOTATION = "bundlectl.dev/plan-options";

    public PlanOptions {
        render = render == null ? RenderOptions.DEFAULTS : render;
        optionalApis = optionalApis == null ? OptionalApis.NONE : optionalApis;
        conversion = conversion == null ? RecordedConversion.NONE : conversion;
        proxy = proxy == null || proxy.isEmpty() ? null : proxy;
    }

    /** Options without an install-time optional policy, recording no conversion. */
    public PlanOptions(CsvMode csvMode, RenderOptions render, RecordedCapabilities capabilities,
            PayloadFilterSettings payload, InstallHistory phase) {
        this(csvMode, render, capabilities, payload, phase, null, null, null, null);
    }

    /** These options with this conversion recorded. */
    public PlanOptions withConversion(RecordedConversion newConversion) {
        return new PlanOptions(csvMode, render, capabilities, payload, phase, optionalApis, newConversion, config, proxy);
    }

    /**
     * How a plan treated objects of removed API versions ({@code --no-convert}, and what the
     * planner converted), so that a reviewed plan is planned again with the same conversions,
     * whatever the surface it is planned against.
     *
     * @param enabled false when conversion was turned off
     * @param converted the removed {@code group/version}s the plan converted, sorted
     */
    public record RecordedConversion(boolean enabled, SortedSet<String> converted) {

        /** Conversion on, nothing converted. */
        public static final RecordedConversion NONE = new RecordedConversion(true, new TreeSet<>());

        public RecordedConversion {
            converted = new TreeSet<>(converted);
        }

        /** The policy that plans again exactly as recorded. */
        public ConversionPolicy policy() {
            return ConversionPolicy.exactly(converted);
        }
    }

    /** The options of a bundle plan. */
    public static PlanOptions bundle(CsvMode csvMode, RenderOptions render, CapabilityConfig capabilities,
            InstallHistory phase) {
        return new PlanOptions(csvMode, render, RecordedCapabilities.of(capabilities), null,
                Objects.requireNonNull(phase, "phase"));
    }

    /** The options of a release-payload plan. */
    public static PlanOptions payload(PayloadFilterSettings filters, CapabilityConfig capabilities, InstallHistory phase) {
        return new PlanOptions(null, null, RecordedCapabilities.of(capabilities),
                Objects.requireNonNull(filters, "filters"), Objects.requireNonNull(phase, "phase"));
    }

    /** These options with this install-time optional policy. */
    public PlanOptions withOptionalApis(OptionalApis newOptionalApis) {
        return new PlanOptions(csvMode, render, capabilities, payload, phase, newOptionalApis, conversion, config, proxy);
    }

    /** These options with this operator configuration and the proxy a rendered plan injected (null for none). */
    public PlanOptions withConfig(OperatorConfig newConfig, ClusterProxy newProxy) {
        return new PlanOptions(csvMode, render, capabilities, payload, phase, optionalApis, conversion, newConfig,
                newProxy);
    }

    /**
     * What planning again with these options puts into the operator's Deployments: the recorded
     * configuration and proxy, read from {@code source} (a reviewed plan's file).
     */
    public ConfigRequest configRequest(String source) {
        if (config == null && proxy == null) {
            return ConfigRequest.NONE;
        }
        ProxyReading injected = proxy == null ? ProxyReading.NOT_SERVED : new ProxyReading.Found(proxy);
        if (config == null) {
            return ConfigRequest.NONE.withProxy(injected);
        }
        return new ConfigRequest(config, new ConfigLocation(source, null, ANNOTATION + " config."), "Recorded",
                "as the reviewed plan recorded it", injected);
    }

    /** {@code plan} with these options recorded in its {@value #ANNOTATION} annotation. */
    public InstallPlan recordOn(InstallPlan plan) {
        Map<String, String> annotations = new LinkedHashMap<>(plan.metadata().annotations());
        annotations.put(ANNOTATION, PlanOptionsAnnotation.write(this));
        InstallPlan.Metadata metadata = new InstallPlan.Metadata(plan.metadata().name(), plan.metadata().namespace(),
                annotations);
        return new InstallPlan(metadata, plan.spec(), plan.status());
    }

    /** The recorded capability configuration, ready to plan with. */
    public Optional<CapabilityConfig> capabilityConfig() {
        return Optional.ofNullable(capabilities).map(RecordedCapabilities::config);
    }

    /**
     * The capabilities a plan was made with: which were enabled and which were known. That is all
     * the capability filter decides by; where the configuration came from is not needed to plan
     * again.
     *
     * @param enabled the enabled capabilities, the implicitly enabled ones included
     * @param known every known capability
     */
    public record RecordedCapabilities(SortedSet<String> enabled, SortedSet<String> known) {

        public RecordedCapabilities {
            enabled = new TreeSet<>(enabled);
            known = new TreeSet<>(known);
            known.addAll(enabled);
        }

        static RecordedCapabilities of(CapabilityConfig config) {
            return config == null ? null : new RecordedCapabilities(config.enabled(), config.known());
        }

        CapabilityConfig config() {
            return new CapabilityConfig(enabled, known, new TreeSet<>(),
                    new CapabilityOrigin(ConfigForm.CLUSTER_VERSION, "the reviewed plan", CapabilitySets.NONE, List.copyOf(enabled)));
        }
    }
}
