package dev.bundlectl.plan.capability;

import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.model.PlanCondition;
import java.util.List;
import java.util.Objects;

/** The outcome of {@link CapabilityResolver#resolve}: the capabilities to plan with, or a rejection. */
public sealed interface CapabilityResolution {

    /** Diagnostics to show either way. */
    Diagnostics diagnostics();

    /**
     * The requested capabilities, plus those implicitly enabled because objects of theirs already exist.
     *
     * @param config the capabilities to plan with; {@link CapabilityConfig#implicitlyEnabled()} says which
     *     were added
     * @param implicitEnablements every excluded manifest that already exists, with the capabilities it
     *     enabled, in manifest order
     * @param diagnostics one warning per implicit enablement
     */
    record Resolved(CapabilityConfig config, List<ImplicitEnablement> implicitEnablements, Diagnostics diagnostics)
            implements CapabilityResolution {

        public Resolved {
            Objects.requireNonNull(config, "config");
            implicitEnablements = List.copyOf(implicitEnablements);
            Objects.requireNonNull(diagnostics, "diagnostics");
        }
    }

    /**
     * The request disables capabilities that an earlier install of the same target enabled. Seed 000
     * rejects this; the shipped cluster-version operator would instead keep them implicitly enabled,
     * which {@link #cvoCondition()} reports.
     *
     * @param capabilities the capabilities that would be disabled, sorted
     * @param message one line naming them
     * @param diagnostics the same as an error, naming the configuration's source
     */
    record Rejected(List<String> capabilities, String message, Diagnostics diagnostics)
            implements CapabilityResolution {

        public Rejected {
            capabilities = List.copyOf(capabilities);
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(diagnostics, "diagnostics");
        }

        /** The condition the cluster-version operator would set instead of rejecting. */
        public PlanCondition cvoCondition() {
            return new PlanCondition(CapabilityReport.CONDITION_TYPE, "True", CapabilityReport.REASON_IMPLICIT,
                    CapabilityReport.couldNotBeDisabled(capabilities), null);
        }
    }

    /**
     * An excluded manifest whose object already exists, and the disabled capabilities it enables.
     *
     * @param manifest the manifest
     * @param capabilities its capabilities that were disabled, in annotation order
     */
    record ImplicitEnablement(Manifest manifest, List<String> capabilities) {

        public ImplicitEnablement {
            Objects.requireNonNull(manifest, "manifest");
            capabilities = List.copyOf(capabilities);
        }
    }
}
