package dev.bundlectl.plan.payload;

import dev.bundlectl.bundle.Diagnostic;
import java.util.List;
import java.util.Objects;

/** What the release-payload inclusion checks decided for one manifest. */
public sealed interface InclusionDecision {

    /** The manifest is applied. */
    record Included() implements InclusionDecision {
    }

    /**
     * An exclude identifier, feature set or profile rules the manifest out. It is not part of the
     * plan at all; {@code --show-excluded} lists it with the reason.
     *
     * @param rule the check that ruled it out
     * @param reason why, in words
     */
    record FilteredOut(FilterRule rule, String reason) implements InclusionDecision {

        public FilteredOut {
            Objects.requireNonNull(rule, "rule");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * A capability of the manifest is disabled: it stays in the plan as a {@code NotCreated} step.
     *
     * @param capabilities the disabled capabilities, in annotation order
     * @param reason e.g. {@code capability Console disabled}
     */
    record CapabilityExcluded(List<String> capabilities, String reason) implements InclusionDecision {

        public CapabilityExcluded {
            capabilities = List.copyOf(capabilities);
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * An annotation has a value the checks cannot accept; the plan is invalid.
     *
     * @param diagnostic the error, naming file, object and annotation
     */
    record Invalid(Diagnostic diagnostic) implements InclusionDecision {

        public Invalid {
            Objects.requireNonNull(diagnostic, "diagnostic");
        }
    }
}
